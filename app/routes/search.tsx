import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SearchPageView, type SearchView } from "../components/search-page";
import { DomainError, TooSoon } from "../lib/errors";
import { clientIp, notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { parseOffset } from "../lib/params";
import { parseSearchPath, searchHref } from "../lib/search-path";
import { pageMeta } from "../lib/seo";
import { rateLimited, take } from "../models/core/rate-limits.server";
import { addressKey } from "../lib/ip-address";
import { readerIsAdult } from "../models/users/adult.server";
import { searchView } from "../models/search/search-view.server";
import { viewerSession } from "../models/users/session.server";
import searchStyles from "../styles/search.css?url";
import { pageAds } from "../models/ads/house-ads.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: searchStyles }];

/**
 * /search[/q-{type}][/c-{cat}][/s-{sort}][/p-{period}][/w-{where}][/{query}] (app/lib/search-path.ts):
 * the search page. The search box's plain form sends ?q=, which becomes the query segment of the
 * same address (a redirect); an address that is not a search (an unknown filter value, an unknown
 * category, filters out of order, an extra segment, an offset too deep) is 404. Without a query the
 * page is the empty state. Results depend on the reader (adult questions for confirmed adults only),
 * so the page is never cached; a search counts against the address's search limit as the API's does.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const url = new URL(request.url);
  const address = parseSearchPath(url.pathname);
  notFoundUnless(address, PRIVATE_PAGE);
  const typed = url.searchParams.get("q");
  if (typed !== null) throw redirect(searchHref({ ...address, query: typed }));
  const offset = parseOffset(url.searchParams);
  if (!offset.ok) {
    notFoundUnless(offset.reason !== "too-far", PRIVATE_PAGE);
    throw redirect(searchHref(address));
  }
  const [session, ads] = await Promise.all([viewerSession(context, request), pageAds(env, "search", now, { inList: true })]);
  let view: SearchView;
  try {
    if (address.query.trim() !== "" && rateLimited(env, request)) await take(env, "search", addressKey(clientIp(request)), now);
    view = await searchView(env, address, offset.value, readerIsAdult(request, session), now);
  } catch (e) {
    if (e instanceof TooSoon) return json({ address, busy: e.message, view: null }, { status: 429, headers: PRIVATE_PAGE });
    // an unknown category
    notFoundUnless(!(e instanceof DomainError), PRIVATE_PAGE);
    throw e;
  }
  return json({ address, busy: null, view, ads, canonical: `${url.origin}${searchHref(address)}` }, { headers: PRIVATE_PAGE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data?.address.query ? `${data.address.query} — поиск — Ответы` : "Поиск — Ответы",
    noindex: true,
  });

export default function SearchRoute() {
  const data = useLoaderData<typeof loader>();
  return <SearchPageView address={data.address} busy={data.busy} view={data.view} ads={"ads" in data ? data.ads : undefined} />;
}
