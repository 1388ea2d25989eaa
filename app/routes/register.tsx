import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { runCall } from "../calls/run.server";
import { CaptchaField } from "../components/captcha-field";
import { ERR } from "../lib/errids";
import { formFields } from "../lib/fields";
import { clientIp } from "../lib/http.server";
import { safeReturn } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { formCaptcha } from "../models/core/captcha.server";
import { registrationNeedsCaptcha } from "../models/users/auth.server";

export const meta = () => pageMeta({ title: "Регистрация — Ответы", noindex: true });

/**
 * The registration form; with a captcha when this address has registered within the day or tried
 * several times within the hour (registrationNeedsCaptcha). When no captcha can be made (too many
 * asked for from this address), the form says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  const returnTo = safeReturn(url.searchParams.get("return"), url.origin);
  const now = Date.now();
  const ip = clientIp(request);
  const { captchaId, notice } = (await registrationNeedsCaptcha(env, ip, now)) ? await formCaptcha(env, ip, now) : { captchaId: null, notice: null };
  return json({ returnTo, captchaId, notice }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * Runs the named call `register` with the form's fields: registered and signed in, the visitor goes
 * back where he was; refused, he sees the form again with the reason (and the same HTTP status),
 * his nick and e-mail kept, and a fresh captcha when one is needed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturn(url.searchParams.get("return"), url.origin);
  const fields = await formFields(request);
  const result = await runCall("register", request, fields, context.cloudflare.env, context.cloudflare.ctx, "form");
  const headers = new Headers();
  for (const c of result.cookies) headers.append("Set-Cookie", c);
  if (result.status === 200) return redirect(returnTo, { headers });
  return json(
    {
      error: String(result.body.error ?? ""),
      field: fieldOf(result.body.errid),
      captchaId: result.body.errid === ERR.captchaNeeded && typeof result.body.captcha_id === "string" ? result.body.captcha_id : null,
      nick: typeof fields.nick === "string" ? fields.nick : "",
      email: typeof fields.email === "string" ? fields.email : "",
    },
    { status: result.status, headers },
  );
}

/** The form's fields and the refusals each is the reason of: their message goes under the field. */
const FIELD_ERRIDS = {
  nick: [ERR.nickInvalid, ERR.nickReserved],
  email: [ERR.emailInvalid, ERR.emailTaken],
  password: [ERR.passwordTooShort],
} as const satisfies Record<string, readonly number[]>;
type Field = keyof typeof FIELD_ERRIDS;

function fieldOf(errid: unknown): Field | null {
  for (const [field, ids] of Object.entries(FIELD_ERRIDS) as [Field, readonly number[]][]) if (ids.includes(Number(errid))) return field;
  return null;
}

/** A field's refusal under it, named by the field (aria-describedby) so a screen reader reads it with the field. */
function FieldError({ field, error }: { field: Field; error: string }) {
  return (
    <span className="form-error field-error" id={`register-${field}-error`} role="alert" data-testid={`register-${field}-error`}>
      {error}
    </span>
  );
}

/** The attributes of a field that was refused. */
const refused = (field: Field, shown: Field | null | undefined) =>
  shown === field ? { "aria-invalid": true, "aria-describedby": `register-${field}-error` } : {};

export default function Register() {
  const { returnTo, captchaId: shown, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const captchaId = result?.captchaId ?? shown;
  const field = result?.error ? result.field : null;
  const error = field ? null : result?.error || notice;
  const here = `/register?return=${encodeURIComponent(returnTo)}`;
  return (
    <main className="page">
      <div className="card narrow">
        <h1>Регистрация</h1>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <form method="post" action={here}>
          <label>
            Ник
            <input name="nick" required minLength={2} maxLength={30} autoComplete="nickname" defaultValue={result?.nick} {...refused("nick", field)} />
          </label>
          {field === "nick" && result ? <FieldError field="nick" error={result.error} /> : null}
          <label>
            Почта
            <input type="email" name="email" required autoComplete="email" defaultValue={result?.email} {...refused("email", field)} />
          </label>
          {field === "email" && result ? <FieldError field="email" error={result.error} /> : null}
          <label>
            Пароль (не короче 8 символов)
            <input type="password" name="password" required minLength={8} autoComplete="new-password" {...refused("password", field)} />
          </label>
          {field === "password" && result ? <FieldError field="password" error={result.error} /> : null}
          {captchaId ? <CaptchaField id={captchaId} again={here} testId="register-captcha" /> : null}
          <button className="btn btn-ask" type="submit">
            Зарегистрироваться
          </button>
        </form>
        <p className="muted">Нажимая кнопку, вы принимаете правила проекта.</p>
      </div>
    </main>
  );
}
