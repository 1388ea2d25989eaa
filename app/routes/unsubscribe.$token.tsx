import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { pageMeta } from "../lib/seo";
import { unsubscriber } from "../models/mail/unsubscribe.server";

export const meta = () => pageMeta({ title: "Отписка от писем — Ответы", noindex: true });
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * /unsubscribe/{token}: the address every mail names (List-Unsubscribe). Opening it changes nothing
 * (link checkers and previews open links); its button posts to the same address, which the worker
 * answers (worker/index.ts) and sends back here with ?done=1. No sign-in needed.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const userId = await unsubscriber(context.cloudflare.env, token);
  notFoundUnless(userId !== null, PRIVATE_PAGE);
  return json({ token, done: new URL(request.url).searchParams.get("done") === "1" }, { headers: PRIVATE_PAGE });
}

export default function Unsubscribe() {
  const { token, done } = useLoaderData<typeof loader>();
  return (
    <main className="page" data-testid="unsubscribe-page">
      <div className="card help-text">
        <h1>Письма «Ответов»</h1>
        {done ? (
          <p role="status" data-testid="unsubscribed">
            Готово: письма больше не придут. Включить их снова можно в <a href="/settings">настройках уведомлений</a>.
          </p>
        ) : (
          <form method="post" action={`/unsubscribe/${token}`}>
            <p>Отписаться от всех писем сайта на этот адрес? Уведомления на сайте останутся.</p>
            <button type="submit" className="btn btn-ask">
              Отписаться от писем
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
