import { json, redirect } from "@remix-run/cloudflare";
import { cacheHeaders } from "../../lib/http.server";
import { LIMITS } from "../../lib/limits";
import { parseOffset } from "../../lib/params";
import { getCategoryTree } from "../categories/categories.server";
import { isTab, listQuestions, TAB_ORDER, TABS, type Tab } from "./lists.server";

/** The tabs a category offers: smstop has open and vote; others open, vote, resolve, best. */
export function tabsFor(special: string | null): Tab[] {
  return special === "smstop" ? ["open", "vote"] : TAB_ORDER;
}

/**
 * Loader data for the question lists: / (all newest), /{category}/ and /{category}/{tab}.
 * Unknown categories and tabs and too-deep offsets are 404; malformed offsets redirect clean.
 */
export async function questionListResponse(request: Request, db: D1Database, urlname?: string, tabName?: string) {
  const now = Date.now();
  const url = new URL(request.url);
  const tree = await getCategoryTree(db, now);
  const category = urlname === undefined ? undefined : tree.byUrl.get(urlname);
  if (urlname !== undefined && !category) throw new Response("Not found", { status: 404 });
  if (tabName !== undefined && (!isTab(tabName) || (category && !tabsFor(category.special).includes(tabName)))) {
    throw new Response("Not found", { status: 404 });
  }
  const tab = tabName as Tab | undefined;
  const basePath = category ? `/${category.urlname}/${tab ?? ""}` : "/";
  const offset = parseOffset(url.searchParams);
  if (!offset.ok) {
    if (offset.reason === "too-far") throw new Response("Not found", { status: 404 });
    throw redirect(basePath);
  }
  const top = category && category.parentId != null ? undefined : category;
  const items = await listQuestions(db, {
    topCategoryId: top?.id,
    categoryId: category && category.parentId != null ? category.id : undefined,
    tab,
    offset: offset.value,
  });
  const next = items.length === LIMITS.pageSize ? `${basePath}?p=${offset.value + LIMITS.pageSize}` : null;
  const cats = Object.fromEntries(tree.all.map((c) => [c.id, { name: c.name, urlname: c.urlname }]));
  const parent = category?.parentId != null ? tree.byId.get(category.parentId) : undefined;
  return json(
    {
      now,
      items,
      next,
      offset: offset.value,
      cats,
      tab: tab ?? null,
      tabTitle: tab ? TABS[tab].title : null,
      category: category ? { name: category.name, urlname: category.urlname, special: category.special } : null,
      parent: parent ? { name: parent.name, urlname: parent.urlname } : null,
      subcategories: category ? (tree.children.get(category.id) ?? []).map((c) => ({ name: c.name, urlname: c.urlname })) : [],
      tabs: category ? tabsFor(category.special).map((t) => ({ tab: t, title: TABS[t].title })) : [],
      canonical: `${url.origin}${basePath}${offset.value ? `?p=${offset.value}` : ""}`,
    },
    { headers: cacheHeaders() },
  );
}
