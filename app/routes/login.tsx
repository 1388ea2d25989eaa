import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { runCall } from "../calls/run.server";
import { formFields } from "../lib/fields";
import { safeReturn } from "../lib/return-to";
import { pageMeta } from "../lib/seo";

export const meta = () => pageMeta({ title: "Вход — Ответы", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return json({ returnTo: safeReturn(url.searchParams.get("return"), url.origin) }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * Runs the named call `auth` with the form's fields: signed in, the visitor goes back where he
 * was; refused, he sees the form again with the reason (and the same HTTP status).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturn(url.searchParams.get("return"), url.origin);
  const fields = await formFields(request);
  const result = await runCall("auth", request, fields, context.cloudflare.env, context.cloudflare.ctx, "form");
  const headers = new Headers();
  for (const c of result.cookies) headers.append("Set-Cookie", c);
  if (result.status === 200) return redirect(returnTo, { headers });
  return json({ error: String(result.body.error ?? "") }, { status: result.status, headers });
}

export default function Login() {
  const { returnTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="page">
      <div className="card narrow">
        <h1>Вход</h1>
        {result?.error ? (
          <p className="form-error" role="alert">
            {result.error}
          </p>
        ) : null}
        <form method="post" action={`/login?return=${encodeURIComponent(returnTo)}`}>
          <label>
            Почта
            <input type="email" name="email" required autoComplete="email" />
          </label>
          <label>
            Пароль
            <input type="password" name="password" required autoComplete="current-password" />
          </label>
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
