import type { Author } from "../../lib/views";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { LIMITS } from "../../lib/limits";
import type { Category, CategoryTree } from "../categories/categories.server";
import { dbOf, schema } from "../core/db.server";
import { isTab, TAB_ORDER, TABS, type QuestionState, type Tab } from "../../lib/questions";

const q = schema.questions;
const u = schema.users;

/** The columns every question list shows (the index, categories, profiles, leaders). */
export const LIST_COLUMNS = {
  id: q.id,
  qtext: q.qtext,
  state: q.state,
  anscnt: q.anscnt,
  added: q.added,
  pollType: q.pollType,
};

export type QuestionListItem = {
  id: number;
  qtext: string;
  state: QuestionState;
  anscnt: number;
  added: number;
  pollType: string | null;
  categoryId: number;
  author: Pick<Author, "id" | "nick" | "lvl">;
};

/**
 * One page of a question list (20 by default): all visible questions, newest first, or one tab of a
 * top-level category. 'best' lists resolved questions by their marks. `after` (not for 'best')
 * continues after that question by its place in the list (keyset: no rows are skipped over).
 */
export async function listQuestions(
  env: Env,
  opts: { topCategoryId?: number; categoryId?: number; tab?: Tab; offset: number; limit?: number; after?: number },
): Promise<QuestionListItem[]> {
  const limit = opts.limit ?? LIMITS.pageSize;
  const where = [eq(q.hidden, 0)];
  if (opts.topCategoryId !== undefined) where.push(eq(q.topCategoryId, opts.topCategoryId));
  if (opts.categoryId !== undefined) where.push(eq(q.categoryId, opts.categoryId));
  if (opts.tab) where.push(eq(q.state, TABS[opts.tab].state));
  else where.push(ne(q.state, "D"));
  if (opts.after !== undefined) where.push(sql`(${q.added}, ${q.id}) < (select added, id from questions where id = ${opts.after})`);
  const order = opts.tab === "best" ? [desc(q.totalmarks), desc(q.added)] : [desc(q.added), desc(q.id)];
  const rows = await dbOf(env)
    .select({
      ...LIST_COLUMNS,
      categoryId: q.categoryId,
      authorId: u.id,
      authorNick: u.nick,
      authorLvl: u.lvl,
    })
    .from(q)
    .innerJoin(u, eq(u.id, q.userId))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset(opts.offset);
  return rows.map((r) => ({
    id: r.id,
    qtext: r.qtext,
    state: r.state as QuestionState,
    anscnt: r.anscnt,
    added: r.added,
    pollType: r.pollType,
    categoryId: r.categoryId,
    author: { id: r.authorId, nick: r.authorNick, lvl: r.authorLvl },
  }));
}

/** Recent questions of the same category, for the 'similar questions' block (streamed). */
export async function similarQuestions(env: Env, qid: number, categoryId: number, limit = 5) {
  return dbOf(env)
    .select({ id: q.id, qtext: q.qtext, anscnt: q.anscnt, state: q.state })
    .from(q)
    .where(and(eq(q.categoryId, categoryId), eq(q.hidden, 0), ne(q.state, "D"), ne(q.id, qid)))
    .orderBy(desc(q.added))
    .limit(limit);
}

export function categoryTrail(tree: CategoryTree, categoryId: number): Category[] {
  const trail: Category[] = [];
  let c = tree.byId.get(categoryId);
  while (c) {
    trail.unshift(c);
    c = c.parentId != null ? tree.byId.get(c.parentId) : undefined;
  }
  return trail;
}

/** The category links every list and brand page resolves question categories with, by id. */
export function categoryLinks(tree: CategoryTree): Record<number, { name: string; urlname: string }> {
  return Object.fromEntries(tree.all.map((c) => [c.id, { name: c.name, urlname: c.urlname }]));
}

/** The tabs a category offers: smstop has open and vote; others open, vote, resolve, best. */
export function tabsFor(special: string | null): Tab[] {
  return special === "smstop" ? ["open", "vote"] : TAB_ORDER;
}

/** Which list a path names: all questions (no category), or a category, and optionally one of its tabs. */
export type ListPlace = { category: Category | null; tab: Tab | null };

/**
 * The list of / (no urlname), /{category}/ and /{category}/{tab}, or null for an unknown category
 * or a tab it does not offer.
 */
export function findListPlace(tree: CategoryTree, urlname?: string, tabName?: string): ListPlace | null {
  const category = urlname === undefined ? null : tree.byUrl.get(urlname);
  if (category === undefined) return null;
  if (tabName === undefined) return { category, tab: null };
  if (!isTab(tabName) || (category && !tabsFor(category.special).includes(tabName))) return null;
  return { category, tab: tabName };
}

/** The path of a list (the base of its ?p= pages and of its canonical address). */
export function listPath({ category, tab }: ListPlace): string {
  return category ? `/${category.urlname}/${tab ?? ""}` : "/";
}

/**
 * One page of a list and what the page shows around it: the category's parent, subcategories and
 * tabs. A subcategory lists its own questions, a top category those of its whole branch.
 */
export async function loadQuestionList(env: Env, tree: CategoryTree, { category, tab }: ListPlace, offset: number) {
  const sub = category && category.parentId != null ? category : null;
  const items = await listQuestions(env, {
    topCategoryId: sub ? undefined : category?.id,
    categoryId: sub?.id,
    tab: tab ?? undefined,
    offset,
  });
  const parent = sub?.parentId != null ? tree.byId.get(sub.parentId) : undefined;
  return {
    items,
    more: items.length === LIMITS.pageSize,
    cats: categoryLinks(tree),
    tab,
    tabTitle: tab ? TABS[tab].title : null,
    category: category ? { name: category.name, urlname: category.urlname, special: category.special } : null,
    parent: parent ? { name: parent.name, urlname: parent.urlname } : null,
    subcategories: category ? (tree.children.get(category.id) ?? []).map((c) => ({ name: c.name, urlname: c.urlname })) : [],
    tabs: category ? tabsFor(category.special).map((t) => ({ tab: t, title: TABS[t].title })) : [],
  };
}
