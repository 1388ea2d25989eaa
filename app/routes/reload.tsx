import { json } from "@remix-run/cloudflare";
import { cacheHeaders } from "../lib/http.server";
import { pageMeta } from "../lib/seo";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/** /reload: an empty page (the site's frame with nothing in it), for clients that reload through it. */
export const loader = () => json(null, { headers: cacheHeaders() });
export const meta = () => pageMeta({ title: "Ответы", noindex: true });

export default function Reload() {
  return <main className="page" data-testid="reload" />;
}
