import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DomainError } from "../lib/errors";
import { safeReturn } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { register, RegisterInput } from "../models/users/auth.server";
import { parseForm } from "../models/core/forms.server";
import { sessionCookie } from "../models/users/session.server";

export const meta = () => pageMeta({ title: "Регистрация — Ответы", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ returnTo: safeReturn(new URL(request.url).searchParams.get("return")) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const returnTo = safeReturn(new URL(request.url).searchParams.get("return"));
  try {
    const s = await register(context.cloudflare.env, await parseForm(request, RegisterInput));
    return redirect(returnTo, { headers: { "Set-Cookie": sessionCookie(s.token, request) } });
  } catch (e) {
    if (e instanceof DomainError) return json({ error: e.message }, { status: e.status });
    throw e;
  }
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
