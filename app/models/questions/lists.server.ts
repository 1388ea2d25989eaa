import type { Author } from "../../lib/views";
import { and, desc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { LIMITS } from "../../lib/limits";
import type { Category, CategoryTree } from "../categories/categories.server";
import { adultCategoryIds, liveAnswer, liveQuestion, openCategory } from "../core/visibility.server";
import { dbOf, schema } from "../core/db.server";
import { isTab, TAB_ORDER, TABS, type QuestionState, type Tab } from "../../lib/questions";

const q = schema.questions;
const u = schema.users;

/**
 * The columns of a list of answers with their question's title (a profile's and a brand's answers
 * tabs). The title is aliased: the question's columns must not overwrite the answer's in a D1 batch row.
 */
export const ANSWER_LIST_COLUMNS = {
  id: schema.answers.id,
  qid: schema.answers.qid,
  text: schema.answers.text,
  added: schema.answers.added,
  best: schema.answers.best,
  qtext: sql<string>`${q.qtext}`.as("q_qtext"),
};

/**
 * What a list of answers by `author` (a condition on answers.user_id) shows: visible answers to
 * visible, undeleted questions, all or only the best, none in the categories of `leaveOut`; newest
 * first (the profile's answers tab, the brand's members' answers).
 */
export function answerListWhere(author: SQL, best: boolean, leaveOut: number[]): SQL {
  const a = schema.answers;
  const where: SQL[] = [author, liveAnswer(a), liveQuestion(q)];
  if (best) where.push(eq(a.best, 1));
  if (leaveOut.length > 0) where.push(openCategory(leaveOut, q.categoryId));
  return and(...where)!;
}
export const ANSWER_LIST_ORDER = [desc(schema.answers.added), desc(schema.answers.id)];

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
  author: Pick<Author, "id" | "nick" | "lvl" | "filin">;
};

/** A list item with the marks of the special sections (a leader until, was a leader, in the gold fund). */
export type SectionListItem = QuestionListItem & { leadUntil: number | null; waslead: number; goldrec: number };

/**
 * Which questions a list holds. A category: its own questions (`categoryId`) or those of its whole
 * branch (`topCategoryId`). A special section instead gathers questions from every category: the
 * gold fund (goldrec = 1), the leader questions (made leader by SMS: lead_until still ahead), or the
 * newcomers' section (the questions asked in it, and those asked in the last 30 days by accounts
 * younger than 30 days). `hideCategoryIds` leaves out the questions of those categories (the adult
 * ones, for a reader who has not confirmed his age).
 */
export type ListScope = {
  topCategoryId?: number;
  categoryId?: number;
  tab?: Tab;
  section?: { kind: "gold" } | { kind: "lead"; now: number } | { kind: "newcomers"; categoryId: number; now: number };
  hideCategoryIds?: number[];
};

/** How long an account counts as a newcomer's, and how far back the newcomers' section looks. */
export const NEWCOMER_MS = 30 * 86_400_000;

/** The conditions of a list (also for counting inside the same list: check_new). */
export function listWhere(s: ListScope): SQL[] {
  // the visibility rule's live question (written out, so SQLite sees the partial indexes' terms),
  // or a tab's state (A, V or R: never D) of a question nobody hid
  const where = [s.tab ? and(sql`${q.hidden} = 0`, eq(q.state, TABS[s.tab].state))! : liveQuestion(q)];
  if (s.topCategoryId !== undefined) where.push(eq(q.topCategoryId, s.topCategoryId));
  if (s.categoryId !== undefined) where.push(eq(q.categoryId, s.categoryId));
  if (s.hideCategoryIds?.length) where.push(openCategory(s.hideCategoryIds, q.categoryId));
  const sec = s.section;
  if (sec?.kind === "gold") where.push(eq(q.goldrec, 1));
  if (sec?.kind === "lead") where.push(gt(q.leadUntil, sec.now));
  if (sec?.kind === "newcomers") {
    const since = sec.now - NEWCOMER_MS;
    where.push(
      or(eq(q.topCategoryId, sec.categoryId), and(gt(q.added, since), sql`${q.userId} in (select ${u.id} from ${u} where ${u.createdAt} > ${since})`)) as SQL,
    );
  }
  return where;
}

/**
 * Whether a list is the whole site's live questions by time (no category, tab or section): its
 * page's ids are read from questions_live_idx, which holds the time and the category of every
 * live question, so a deep page skips its rows, adult filter included, in the index alone. SQLite
 * would choose the plain index by time (it needs no sort; the live index leaves questions of one
 * millisecond to be ordered by id) and read every skipped question's row, so the index is named.
 */
const wholeSiteLive = (s: ListScope) => s.topCategoryId === undefined && s.categoryId === undefined && !s.tab && !s.section;

/**
 * One page of a question list (20 by default), newest first: the leader questions by their lead,
 * the 'best' tab (resolved questions) and any list `byMarks` by their marks. `after` continues after
 * that question by its place in the list (keyset: no rows are skipped over).
 *
 * The page's ids are chosen first, in a subquery that needs only the list's conditions and order;
 * only those 20 questions are then read whole with their authors. A deep page (offset up to
 * LIMITS.maxOffset) skips its rows in an index alone where a partial index of live questions
 * holds the list (a category's, a subcategory's), instead of reading a thousand questions and
 * their authors to throw them away.
 */
export async function listQuestions(
  env: Env,
  opts: ListScope & { offset: number; limit?: number; after?: number; byMarks?: boolean },
): Promise<SectionListItem[]> {
  const limit = opts.limit ?? LIMITS.pageSize;
  const where = listWhere(opts);
  const lead = opts.section?.kind === "lead";
  // the 'best' tab, and the rating of any tab (qstrating), go by marks
  const byMarks = opts.tab === "best" || opts.byMarks === true;
  if (opts.after !== undefined) {
    where.push(
      byMarks
        ? sql`(${q.totalmarks}, ${q.added}, ${q.id}) < (select totalmarks, added, id from questions where id = ${opts.after})`
        : lead
          ? sql`(${q.leadUntil}, ${q.id}) < (select lead_until, id from questions where id = ${opts.after})`
          : sql`(${q.added}, ${q.id}) < (select added, id from questions where id = ${opts.after})`,
    );
  }
  const order = byMarks ? [desc(q.totalmarks), desc(q.added), desc(q.id)] : lead ? [desc(q.leadUntil), desc(q.id)] : [desc(q.added), desc(q.id)];
  const rows = await dbOf(env)
    .select({
      ...LIST_COLUMNS,
      categoryId: q.categoryId,
      leadUntil: q.leadUntil,
      waslead: q.waslead,
      goldrec: q.goldrec,
      authorId: u.id,
      authorNick: u.nick,
      authorLvl: u.lvl,
      authorFilin: u.filin,
    })
    .from(q)
    .innerJoin(u, eq(u.id, q.userId))
    .where(
      inArray(
        q.id,
        dbOf(env)
          // (the id as SQL: Drizzle takes a column only from a table it was given as a table)
          .select({ id: sql<number>`${q.id}` })
          .from(wholeSiteLive(opts) ? sql`${q} INDEXED BY questions_live_idx` : q)
          .where(and(...where))
          .orderBy(...order)
          .limit(limit)
          .offset(opts.offset),
      ),
    )
    .orderBy(...order);
  return rows.map((r) => ({
    id: r.id,
    qtext: r.qtext,
    state: r.state as QuestionState,
    anscnt: r.anscnt,
    added: r.added,
    pollType: r.pollType,
    categoryId: r.categoryId,
    leadUntil: r.leadUntil,
    waslead: r.waslead,
    goldrec: r.goldrec,
    author: { id: r.authorId, nick: r.authorNick, lvl: r.authorLvl, filin: r.authorFilin },
  }));
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

/** The tabs a list answers to: every state tab, but the leader questions (smstop) only open and vote. */
export function tabsFor(special: string | null): Tab[] {
  return special === "smstop" ? ["open", "vote"] : TAB_ORDER;
}

/** The tabs a list's tab bar shows: open, vote and best (smstop: open and vote); resolve stays reachable by its address. */
export function shownTabs(special: string | null): Tab[] {
  return special === "smstop" ? ["open", "vote"] : ["open", "vote", "best"];
}

/**
 * Which list a path names: all questions (/, no category and no tab), the questions now in voting
 * across the site (/vote/, no category and the vote tab), or a category, optionally one of its tabs.
 */
export type ListPlace = { category: Category | null; tab: Tab | null };

/**
 * The list of /{category}/ and /{category}/{tab}, or null for an unknown category or a tab it does
 * not offer.
 */
export function findListPlace(tree: CategoryTree, urlname: string, tabName?: string): ListPlace | null {
  const category = tree.byUrl.get(urlname);
  if (category === undefined) return null;
  if (tabName === undefined) return { category, tab: null };
  if (!isTab(tabName) || !tabsFor(category.special).includes(tabName)) return null;
  return { category, tab: tabName };
}

/** The path of a list (the base of its ?p= pages and of its canonical address). */
export function listPath({ category, tab }: ListPlace): string {
  if (category) return `/${category.urlname}/${tab ?? ""}`;
  return tab === "vote" ? "/vote/" : "/";
}

/**
 * What a list holds. The index, /vote/ and the special sections gather questions from every
 * category, so for a reader who has not confirmed his age they leave the adult categories out; an
 * ordinary category lists its own questions (a top one those of its whole branch). The adult
 * category itself is gated before it is listed.
 */
export function listScope(tree: CategoryTree, category: Category | null, tab: Tab | null, now: number, adultOk: boolean): ListScope {
  const hideCategoryIds = adultOk ? [] : adultCategoryIds(tree);
  const t = tab ?? undefined;
  if (!category) return { tab: t, hideCategoryIds };
  if (category.special === "golden") return { tab: t, section: { kind: "gold" }, hideCategoryIds };
  if (category.special === "smstop") return { tab: t, section: { kind: "lead", now }, hideCategoryIds };
  if (category.special === "newcomers") return { tab: t, section: { kind: "newcomers", categoryId: category.id, now }, hideCategoryIds };
  return category.parentId == null ? { topCategoryId: category.id, tab: t } : { categoryId: category.id, tab: t };
}

/**
 * One page of a list and what the page shows around it: the category's parent, subcategories and
 * tabs, and the newest question's id (where the new-questions banner counts from).
 */
export async function loadQuestionList(env: Env, tree: CategoryTree, place: ListPlace, offset: number, opts: { now: number; adultOk: boolean }) {
  const { category, tab } = place;
  const rows = await listQuestions(env, { ...listScope(tree, category, tab, opts.now, opts.adultOk), offset });
  // the page shows no lead or gold marks, so its loader data carries none
  const items: QuestionListItem[] = rows.map(({ leadUntil: _l, waslead: _w, goldrec: _g, ...item }) => item);
  const parent = category?.parentId != null ? tree.byId.get(category.parentId) : undefined;
  return {
    items,
    more: rows.length === LIMITS.pageSize,
    cats: categoryLinks(tree),
    tab,
    tabTitle: tab ? TABS[tab].title : null,
    path: listPath(place),
    category: category ? { id: category.id, name: category.name, urlname: category.urlname, special: category.special } : null,
    parent: parent ? { name: parent.name, urlname: parent.urlname } : null,
    subcategories: category ? (tree.children.get(category.id) ?? []).map((c) => ({ name: c.name, urlname: c.urlname })) : [],
    tabs: category ? shownTabs(category.special).map((t) => ({ tab: t, title: TABS[t].title })) : [],
  };
}
