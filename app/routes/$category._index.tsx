import { json, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BrandPageView } from "../components/brand-page";
import { ListPage } from "../components/list-page";
import { adultGateUnless, cacheHeaders, clientIp, notFoundUnless, PRIVATE_PAGE } from "../lib/http.server";
import { LIMITS } from "../lib/limits";
import { parseId, parseOffset } from "../lib/params";
import { pageMeta } from "../lib/seo";
import { findBrand, type Brand } from "../models/brands/brands.server";
import { loadBrandPage } from "../models/brands/brand-page.server";
import { isGod } from "../models/brands/brand-edit.server";
import { brandView } from "../lib/brand-tabs";
import { getCategoryTree, type CategoryTree } from "../models/categories/categories.server";
import { linkTarget } from "../models/core/text.server";
import { categoryLinks, findListPlace, listPath, loadQuestionList } from "../models/questions/lists.server";
import { viewerSession } from "../models/users/session.server";
import { brandQueueOpen } from "../models/moderation/premoderation.server";
import { readerIsAdult } from "../models/users/adult.server";
import { isAdultCategory } from "../models/core/visibility.server";
import { readerOf } from "../models/users/reader.server";
import { pageAds } from "../models/ads/house-ads.server";
import { SECTIONS_WITHOUT_LIST_SLOT } from "../lib/house-ads";
import { leadersBlock } from "../models/users/leaders.server";
import { emailOfPath, isMailWord } from "../lib/mail-paths";
import { take } from "../models/core/rate-limits.server";
import { addressKey } from "../lib/ip-address";
import { findByEmail } from "../models/users/email-lookup.server";

import sections from "../styles/sections.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sections }];
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

/**
 * /{urlname}/[{tab}[/{sub}]] (the tab and sub arrive through $category.$tab.($sub).tsx): a
 * category's question list (/{category}/ and /{category}/{tab}), or the brand page when the urlname
 * is a brand's and no category's (a category of the same urlname wins). Categories have no third
 * segment. Unknown names, tabs and subs and too-deep offsets are 404; a malformed offset redirects
 * to the clean path. The special sections list what their names say (see loadQuestionList): the
 * gold fund, the leader questions, the newcomers' questions; the adult category is gated.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const urlname = params.category ?? "";
  const url = new URL(request.url);
  const tree = await getCategoryTree(env, now);
  const brand = tree.byUrl.has(urlname) ? undefined : await findBrand(env, { urlname });
  if (brand) return brandPage({ request, params, context }, tree, brand, now);
  if (isMailWord(urlname) && params.tab !== undefined) return emailPath(request, env, urlname, params.tab, params.sub, now);

  notFoundUnless(params.sub === undefined);
  const place = findListPlace(tree, urlname, params.tab);
  notFoundUnless(place);
  const base = listPath(place);
  const offset = parseOffset(url.searchParams);
  if (!offset.ok) {
    notFoundUnless(offset.reason !== "too-far");
    throw redirect(base);
  }
  const category = place.category!;
  // the adult category asks its reader to confirm his age first (a page of its own, so that a
  // cached copy of the list never reaches a guest who has not); the sections that gather questions
  // from every category leave adult ones out for him
  const mixed = category.special !== null && category.special !== "nosmoking";
  const adult = isAdultCategory(tree, category.id);
  const session = adult || mixed ? await viewerSession(context, request) : null;
  const adultOk = adult || mixed ? readerIsAdult(request, session) : false;
  adultGateUnless(!adult || adultOk, request, session !== null);
  // the column's leaders: the category's own, or the whole site's beside a special section
  // the golden, smstop and nosmoking sections leave the in-list slot out
  const [{ more, ...list }, leaders, ads] = await Promise.all([
    loadQuestionList(env, tree, place, offset.value, { now, adultOk }),
    leadersBlock(env, category.special === null ? category : null, now),
    pageAds(env, "category", now, { inList: !SECTIONS_WITHOUT_LIST_SLOT.has(category.special ?? "") }),
  ]);
  return json(
    {
      now,
      ...list,
      leaders,
      ads,
      next: more ? `${base}?p=${offset.value + LIMITS.pageSize}` : null,
      offset: offset.value,
      newAfter: parseId(url.searchParams.get("new")),
      canonical: `${url.origin}${base}${offset.value ? `?p=${offset.value}` : ""}`,
    },
    { headers: cacheHeaders() },
  );
}

/**
 * /{mail word}/{name}, e.g. /mail/ivanov: the profile of the user whose e-mail it names, when he
 * may be found by it (docs/decisions/0032); otherwise, and past the per-address limit, the same 404
 * whatever the reason, so the answer does not tell whether the address is registered.
 */
async function emailPath(request: Request, env: Env, word: string, name: string, sub: string | undefined, now: number): Promise<never> {
  const email = sub === undefined ? emailOfPath(word, name) : null;
  notFoundUnless(email, PRIVATE_PAGE);
  const allowed = await take(env, "emailLookup", addressKey(clientIp(request)), now).then(
    () => true,
    () => false,
  );
  const id = allowed ? await findByEmail(env, email) : null;
  notFoundUnless(id !== null, PRIVATE_PAGE);
  throw redirect(`/profile/id${id}`, { headers: PRIVATE_PAGE });
}

/**
 * The brand page: an unknown tab or sub, and an administrator's tab for anyone else, is 404 (the
 * page does not tell others which of the brand's views exist). The premoderation tab is the queue
 * pages /{urlname}/premoderation/{kind}. Guests' pages may be cached; a signed-in reader's (follow
 * state, admin tabs) not.
 */
async function brandPage({ request, params, context }: LoaderFunctionArgs, tree: CategoryTree, brand: Brand, now: number) {
  const view = brandView(params.tab, params.sub);
  notFoundUnless(view);
  const session = await viewerSession(context, request);
  // the premoderation tab is its queue pages, shown to whoever may open them and 404 to anyone else
  if (view.tab === "premoderation") {
    notFoundUnless(await brandQueueOpen(context.cloudflare.env, session?.user ?? null, brand.id, now), PRIVATE_PAGE);
    throw redirect(`/${brand.urlname}/premoderation/${view.sub}`, { headers: PRIVATE_PAGE });
  }
  const url = new URL(request.url);
  const base = params.tab === undefined ? `/${brand.urlname}/` : `/${brand.urlname}/${view.tab}/${view.sub}`;
  const offset = parseOffset(url.searchParams);
  if (!offset.ok) {
    notFoundUnless(offset.reason !== "too-far");
    throw redirect(base);
  }
  const page = await loadBrandPage(context.cloudflare.env, brand, view, session?.user ?? null, offset.value, readerOf(request, session));
  notFoundUnless(page);
  return json(
    {
      kind: "brand" as const,
      now,
      ...page,
      signedIn: session !== null,
      viewerId: session?.user.id ?? null,
      recommendSent: page.isAdmin && url.searchParams.get("sent") === "1",
      canEdit: isGod(session?.user),
      site: brand.url ? linkTarget(brand.url) : null,
      cats: categoryLinks(tree),
      next: page.next === null ? null : `${base}?p=${page.next}`,
      canonical: `${url.origin}${base}${offset.value ? `?p=${offset.value}` : ""}`,
    },
    { headers: session ? PRIVATE_PAGE : cacheHeaders() },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (data && "kind" in data) {
    return pageMeta({ title: `${data.brand.name} — вопросы экспертам — Ответы`, description: data.brand.personText || undefined, canonical: data.canonical });
  }
  return pageMeta({
    title: data?.category ? `${data.category.name}${data.tabTitle ? ` — ${data.tabTitle}` : ""} — Ответы` : "Ответы",
    description: data?.category ? `Вопросы и ответы в категории «${data.category.name}»` : undefined,
    canonical: data?.canonical,
  });
};

export default function CategoryRoute() {
  const data = useLoaderData<typeof loader>();
  if ("kind" in data) return <BrandPageView data={data} />;
  return <ListPage data={data} heading={data.category?.name ?? "Вопросы"} />;
}
