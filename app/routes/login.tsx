import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { runCall } from "../calls/run.server";
import { CaptchaField } from "../components/captcha-field";
import { formFields } from "../lib/fields";
import { clientIp } from "../lib/http.server";
import { safeReturn } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { formCaptcha } from "../models/core/captcha.server";

export const meta = () => pageMeta({ title: "Вход — Ответы", noindex: true });

/**
 * The sign-in form. With `captcha=1` (the «Не вижу код» link of a form that asked for one) it
 * comes with a fresh captcha; when none can be made (too many asked for from this address), the
 * form says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturn(url.searchParams.get("return"), url.origin);
  const { captchaId, notice } =
    url.searchParams.get("captcha") === "1" ? await formCaptcha(context.cloudflare.env, clientIp(request), Date.now()) : { captchaId: null, notice: null };
  return json({ returnTo, captchaId, notice }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * Runs the named call `auth` with the form's fields: signed in, the visitor goes back where he
 * was; refused, he sees the form again with the reason (and the same HTTP status), his e-mail kept,
 * and a captcha when the refusal brought one (the e-mail's sign-ins need it: docs/decisions/0022).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturn(url.searchParams.get("return"), url.origin);
  const fields = await formFields(request);
  const result = await runCall("auth", request, fields, context.cloudflare.env, context.cloudflare.ctx, "form");
  const headers = new Headers();
  for (const c of result.cookies) headers.append("Set-Cookie", c);
  if (result.status === 200) return redirect(returnTo, { headers });
  return json(
    {
      error: String(result.body.error ?? ""),
      captchaId: typeof result.body.captcha_id === "string" ? result.body.captcha_id : null,
      email: typeof fields.email === "string" ? fields.email : "",
    },
    { status: result.status, headers },
  );
}

export default function Login() {
  const { returnTo, captchaId: shown, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const captchaId = result ? result.captchaId : shown;
  const error = result?.error || notice;
  const here = `/login?return=${encodeURIComponent(returnTo)}`;
  return (
    <main className="page">
      <div className="card narrow">
        <h1>Вход</h1>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <form method="post" action={here}>
          <label>
            Почта
            <input type="email" name="email" required autoComplete="email" defaultValue={result?.email} />
          </label>
          <label>
            Пароль
            <input type="password" name="password" required autoComplete="current-password" />
          </label>
          {captchaId ? <CaptchaField id={captchaId} again={`${here}&captcha=1`} testId="login-captcha" /> : null}
          <button className="btn btn-ask" type="submit">
            Войти
          </button>
        </form>
        <p>
          Нет аккаунта? <a href={`/register?return=${encodeURIComponent(returnTo)}`}>Зарегистрируйтесь</a>
        </p>
      </div>
    </main>
  );
}
