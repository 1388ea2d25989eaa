import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { cacheHeaders } from "../lib/http.server";
import { originOf, pageMeta } from "../lib/seo";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return json({ canonical: `${originOf(request)}/offline` }, { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: "Нет подключения — Ответы",
    description: "Страница, которую показывает сайт без подключения к интернету.",
    canonical: data?.canonical,
    noindex: true,
  });

/**
 * The page the service worker (app/sw/sw.ts) shows offline for an address it has not kept; it
 * keeps this page when it installs and fills the list with the pages it has kept.
 */
export default function Offline() {
  return (
    <main className="page" data-testid="offline-page">
      <div className="card help-text">
        <h1>Нет подключения к интернету</h1>
        <p>Эта страница не сохранена на устройстве. Проверьте подключение и обновите страницу.</p>
        <h2>Сохранённые страницы</h2>
        <p>Страницы, которые вы недавно открывали на этом устройстве, можно читать и без сети:</p>
        <ul data-saved-pages="" />
      </div>
    </main>
  );
}
