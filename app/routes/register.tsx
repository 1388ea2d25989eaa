import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { runCall } from "../calls/run.server";
import { formFields } from "../lib/fields";
import { safeReturn } from "../lib/return-to";
import { pageMeta } from "../lib/seo";

export const meta = () => pageMeta({ title: "Регистрация — Ответы", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ returnTo: safeReturn(new URL(request.url).searchParams.get("return")) }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * Runs the named call `register` with the form's fields: registered and signed in, the visitor goes
 * back where he was; refused, he sees the form again with the reason (and the same HTTP status).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const returnTo = safeReturn(new URL(request.url).searchParams.get("return"));
  const fields = await formFields(request);
  const result = await runCall("register", request, fields, context.cloudflare.env, context.cloudflare.ctx, "form");
  const headers = new Headers();
  for (const c of result.cookies) headers.append("Set-Cookie", c);
  if (result.status === 200) return redirect(returnTo, { headers });
  return json({ error: String(result.body.error ?? "") }, { status: result.status, headers });
}

export default function Register() {
  const { returnTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="page">
      <div className="card narrow">
        <h1>Регистрация</h1>
        {result?.error ? (
          <p className="form-error" role="alert">
            {result.error}
          </p>
        ) : null}
        <form method="post" action={`/register?return=${encodeURIComponent(returnTo)}`}>
          <label>
            Ник
            <input name="nick" required minLength={2} maxLength={30} autoComplete="nickname" />
          </label>
          <label>
            Почта
            <input type="email" name="email" required autoComplete="email" />
          </label>
          <label>
            Пароль (не короче 8 символов)
            <input type="password" name="password" required minLength={8} autoComplete="new-password" />
          </label>
          <button className="btn btn-ask" type="submit">
            Зарегистрироваться
          </button>
        </form>
        <p className="muted">Нажимая кнопку, вы принимаете правила проекта.</p>
      </div>
    </main>
  );
}
