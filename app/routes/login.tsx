import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DomainError } from "../lib/errors";
import { safeReturn } from "../lib/return-to";
import { pageMeta } from "../lib/seo";
import { signIn, SignInInput } from "../models/users/auth.server";
import { parseForm } from "../models/core/forms.server";
import { getSession, sessionCookie } from "../models/users/session.server";

export const meta = () => pageMeta({ title: "Вход — Ответы", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ returnTo: safeReturn(new URL(request.url).searchParams.get("return")) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const returnTo = safeReturn(new URL(request.url).searchParams.get("return"));
  try {
    const input = await parseForm(request, SignInInput);
    const previous = await getSession(env.DB, request);
    const s = await signIn(env, input, request.headers.get("cf-connecting-ip") ?? "127.0.0.1", previous);
    return redirect(returnTo, { headers: { "Set-Cookie": sessionCookie(s.token, request) } });
  } catch (e) {
    if (e instanceof DomainError) return json({ error: e.message }, { status: e.status });
    throw e;
  }
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
