import { json, redirect } from "@remix-run/cloudflare";
import { cacheHeaders } from "../../lib/http.server";
import { parseOffset } from "../../lib/params";
import { brandView, findBrand, loadBrandPage } from "./brands.server";
import { getCategoryTree } from "../categories/categories.server";
import { viewerSession } from "../users/session.server";
import { linkTarget } from "../core/text.server";

type Args = { request: Request; context: { cloudflare: { env: Env } } };

/**
 * The brand page at /{urlname}/[{tab}[/{sub}]] when `urlname` is a brand's and no category's (a
 * category of the same urlname wins): its loader response, or null to let the category page
 * answer (and 404 an unknown name). An unknown tab or sub, and an administrator's tab for anyone
 * else, is 404. Guests' pages may be cached; a signed-in reader's (follow state, admin tabs) not.
 */
export async function brandPageResponse({ request, context }: Args, urlname: string, tab?: string, sub?: string) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const tree = await getCategoryTree(env.DB, now);
  if (tree.byUrl.has(urlname)) return null;
  const brand = await findBrand(env.DB, { urlname });
  if (!brand) return null;
  const view = brandView(tab, sub);
  if (!view) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const offset = parseOffset(url.searchParams);
  const basePath = tab === undefined ? `/${brand.urlname}/` : `/${brand.urlname}/${view.tab}/${view.sub}`;
  if (!offset.ok) {
    if (offset.reason === "too-far") throw new Response("Not found", { status: 404 });
    throw redirect(basePath);
  }
  const session = await viewerSession(context, request);
  const page = await loadBrandPage(env.DB, brand, view, session?.user.id ?? null, offset.value);
  if (!page) throw new Response("Not found", { status: 404 });
  const cats = Object.fromEntries(tree.all.map((c) => [c.id, { name: c.name, urlname: c.urlname }]));
  return json(
    {
      kind: "brand" as const,
      now,
      ...page,
      signedIn: session !== null,
      site: brand.url ? linkTarget(brand.url) : null,
      cats,
      next: page.next === null ? null : `${basePath}?p=${page.next}`,
      canonical: `${url.origin}${basePath}${offset.value ? `?p=${offset.value}` : ""}`,
    },
    { headers: session ? { "Cache-Control": "private, no-store" } : cacheHeaders() },
  );
}
