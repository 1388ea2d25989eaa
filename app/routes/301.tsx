import { json, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { clientIp } from "../lib/http.server";
import { pageMeta } from "../lib/seo";
import { recordBrandLinkClick } from "../models/brands/brands.server";
import { viewerSession } from "../models/users/session.server";

/**
 * The external-link interstitial: shows where the link leads and a button that opens it in a new
 * tab. A brand member's link (…&brand={urlname}, decision 0017) is recorded as an
 * external_link_click with its linkbrand, and such a page is never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const raw = params.get("url");
  const brand = params.get("brand");
  let target: URL | null = null;
  try {
    target = raw ? new URL(raw) : null;
  } catch {
    target = null;
  }
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) throw redirect("/");
  if (brand) {
    const session = await viewerSession(context, request);
    await recordBrandLinkClick(context.cloudflare.env, session, { url: target.toString(), brand }, request, clientIp(request), Date.now());
  }
  return json({ url: target.toString(), host: target.host }, { headers: { "Cache-Control": brand ? "private, no-store" : "public, max-age=3600" } });
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

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
