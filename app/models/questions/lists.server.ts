import type { Author } from "../../lib/views";
import { and, desc, eq, ne } from "drizzle-orm";
import { LIMITS } from "../../lib/limits";
import type { Category, CategoryTree } from "../categories/categories.server";
import { getDb, schema } from "../core/db.server";
import { TABS, type QuestionState, type Tab } from "../../lib/questions";

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

export { isTab, STATE_TITLES, TAB_ORDER, TABS, type QuestionState, type Tab } from "../../lib/questions";

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
 * top-level category. 'best' lists resolved questions by their marks.
 */
export async function listQuestions(
  d1: D1Database,
  opts: { topCategoryId?: number; categoryId?: number; tab?: Tab; offset: number; limit?: number },
): Promise<QuestionListItem[]> {
  const limit = opts.limit ?? LIMITS.pageSize;
  const where = [eq(q.hidden, 0)];
  if (opts.topCategoryId !== undefined) where.push(eq(q.topCategoryId, opts.topCategoryId));
  if (opts.categoryId !== undefined) where.push(eq(q.categoryId, opts.categoryId));
  if (opts.tab) where.push(eq(q.state, TABS[opts.tab].state));
  else where.push(ne(q.state, "D"));
  const order = opts.tab === "best" ? [desc(q.totalmarks), desc(q.added)] : [desc(q.added)];
  const rows = await getDb(d1)
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
export async function similarQuestions(d1: D1Database, qid: number, categoryId: number, limit = 5) {
  return getDb(d1)
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
