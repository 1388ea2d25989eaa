import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LeadersPage } from "../components/leaders-page";
import { ERR } from "../lib/errids";
import { DomainError } from "../lib/errors";
import { cacheHeaders, notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { leadersTitle, parseTopPath, RATING_PAGING, ratingHasMore, ratingPageSize, topPath } from "../lib/leaders";
import { parseOffset } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { getCategoryTree } from "../models/categories/categories.server";
import { ratingCategories, readRating } from "../models/users/leaders.server";
import { followedAmong } from "../models/users/follows.server";
import { viewerSession } from "../models/users/session.server";
import { pageAds } from "../models/ads/house-ads.server";

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * /top[/{type}][/{period}][/{cat}]: the leaders. Unknown nominations, periods and categories, a
 * category anywhere but after points/week, and an offset past the last place are 404; a malformed
 * offset redirects to the clean path. When the rating cannot be read the page says so (503).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const url = new URL(request.url);
  const view = parseTopPath([params.type, params.period, params.cat].filter((s): s is string => s !== undefined));
  notFoundUnless(view);
  const tree = await getCategoryTree(env, now);
  const cat = view.cat === null ? null : tree.byUrl.get(view.cat);
  notFoundUnless(cat !== undefined && !cat?.hidden);
  const base = topPath(view);
  const offset = parseOffset(url.searchParams);
  if (!offset.ok) {
    notFoundUnless(offset.reason !== "too-far");
    throw redirect(base);
  }
  notFoundUnless(offset.value < RATING_PAGING.maxPlaces);
  const size = ratingPageSize(offset.value);
  let rows: Awaited<ReturnType<typeof readRating>> = [];
  let failed = false;
  try {
    rows = await readRating(env, { type: view.type, period: view.period, catId: cat?.id ?? null, offset: offset.value, limit: size }, now);
  } catch (e) {
    if (!(e instanceof DomainError && e.errid === ERR.ratingUnavailable)) throw e;
    failed = true;
  }
  // a signed-in reader gets a follow button beside each leader but himself, in its state for him
  const [session, ads] = await Promise.all([viewerSession(context, request), pageAds(env, "top", now)]);
  const followed = session
    ? await followedAmong(
        env,
        session.user.id,
        rows.map((r) => r.id),
      )
    : [];
  const shown = offset.value + rows.length;
  const data = {
    view,
    catName: cat?.name ?? null,
    rows,
    offset: offset.value,
    next: ratingHasMore(shown, rows.length === size) ? `${base}?p=${shown}` : null,
    failed,
    categories: view.type === "points" && view.period === "week" ? ratingCategories(tree) : [],
    canonical: `${url.origin}${base}${offset.value ? `?p=${offset.value}` : ""}`,
    viewer: session ? { id: session.user.id, followed } : null,
    back: base + url.search,
    ads,
  };
  return json(data, failed || session ? { status: failed ? 503 : 200, headers: PRIVATE_PAGE } : { headers: cacheHeaders() });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta({
        title: `${leadersTitle(data.view)}${data.catName ? ` · ${data.catName}` : ""} — Ответы`,
        description: "Самые активные участники: баллы, ответы и лучшие ответы",
        canonical: data.canonical,
      })
    : [];

export default function Top() {
  const data = useLoaderData<typeof loader>();
  return <LeadersPage data={data} />;
}
