import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "../lib/seo";

/** The external-link interstitial: shows where the link leads and a button that opens it in a new tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("url");
  let target: URL | null = null;
  try {
    target = raw ? new URL(raw) : null;
  } catch {
    target = null;
  }
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) throw redirect("/");
  return json({ url: target.toString(), host: target.host }, { headers: { "Cache-Control": "public, max-age=3600" } });
}

export const meta = () => pageMeta({ title: "Переход по внешней ссылке — Ответы", noindex: true });

export default function ExternalLink() {
  const { url, host } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="card narrow">
        <h1>Переход на другой сайт</h1>
        <p>
          Ссылка ведёт на сайт <strong data-testid="external-host">{host}</strong>. Мы не отвечаем за его содержимое.
        </p>
        <a className="btn btn-ask" href={url} target="_blank" rel="nofollow noopener noreferrer">
          Перейти
        </a>{" "}
        <a className="btn" href="/">
          Вернуться
        </a>
      </div>
    </main>
  );
}
