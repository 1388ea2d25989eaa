/**
 * The list read calls of the named-call API: question lists (`questlist`, by state and category,
 * keyset after `lastid`), the rating of questions and the new-questions check (`check_new`), shaped
 * with the API's field names from the list read model (lists.server.ts).
 */
import { ERR } from "../../lib/errids";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import { Cat, Id, ListState, Offset, OptId, PageSize } from "../../lib/fields";
import { findCategory, getCategoryTree, type CategoryTree } from "../categories/categories.server";
import type { Tab } from "../../lib/questions";
import { listQuestions, listScope, listWhere, type ListScope, type QuestionListItem } from "./lists.server";
import { dbOf, schema } from "../core/db.server";
import { isAdultCategory } from "../core/visibility.server";
import { categoryOf } from "./reads.server";

const q = schema.questions;

export const QuestListInput = z.object({ n: PageSize, p: Offset, state: ListState, cat: Cat, lastid: OptId });
export const QstRatingInput = z.object({ n: PageSize, p: Offset, state: ListState, cat: Cat, lastid: OptId });
export const CheckNewInput = z.object({ cat: Cat, qid: Id, state: ListState });

/**
 * The list a `cat` names, by urlname or id (305 when unknown), as the list page at its address has
 * it (see listScope: a top level includes its subcategories; golden, smstop and newcomers are their
 * sections). The adult categories need a reader who confirmed his age (320); the lists that gather
 * every category leave them out for anyone else.
 */
function scopeOf(tree: CategoryTree, cat: string | undefined, tab: Tab | undefined, now: number, adultOk: boolean): ListScope {
  const c = cat === undefined ? null : findCategory(tree, cat);
  if (c && isAdultCategory(tree, c.id) && !adultOk) throw new DomainError(ERR.adultNotConfirmed);
  return listScope(tree, c, tab ?? null, now, adultOk);
}

/** check_new counts this many newer questions at most; beyond, it says "this many and more". */
const CHECK_NEW_MAX = 1_000;

/**
 * How many questions of a list are newer than a question, counted up to CHECK_NEW_MAX + 1 (an old
 * question must not make anyone's request count the whole list); null when it does not exist.
 */
async function countNewer(env: Env, scope: ListScope, qid: number): Promise<number | null> {
  const db = dbOf(env);
  const added = sql`(select added from questions where id = ${qid})`;
  const newer = db
    .select({ one: sql`1`.as("one") })
    .from(q)
    .where(and(...listWhere(scope), gt(q.added, added)))
    .limit(CHECK_NEW_MAX + 1)
    .as("newer");
  const [exists, counted] = await db.batch([db.select({ id: q.id }).from(q).where(eq(q.id, qid)), db.select({ n: count() }).from(newer)]);
  return exists[0] ? (counted[0]?.n ?? 0) : null;
}

function shapeListItem(i: QuestionListItem, tree: CategoryTree) {
  return {
    qid: i.id,
    qtext: i.qtext,
    state: i.state,
    anscnt: i.anscnt,
    added: i.added,
    polltype: i.pollType,
    cid: i.categoryId,
    category: categoryOf(tree, i.categoryId),
    usrid: i.author.id,
    qnick: i.author.nick,
    lvl: i.author.lvl,
  };
}

/**
 * `questlist` {n, p, state, cat, lastid}: a page of a question list, newest first (the 'best'
 * state by marks). lastid continues after that question, however deep it is (keyset, as leadqst
 * and golden do: p is then ignored and answered as 0; not for 'best'); a missing one is 181.
 */
export async function readQuestList(env: Env, input: z.infer<typeof QuestListInput>, now: number, adultOk: boolean) {
  const tree = await getCategoryTree(env, now);
  const scope = scopeOf(tree, input.cat, input.state, now, adultOk);
  const n = input.n ?? LIMITS.pageSize;
  if (input.lastid !== undefined && scope.tab !== "best") {
    const [exists, items] = await Promise.all([
      dbOf(env).select({ id: q.id }).from(q).where(eq(q.id, input.lastid)),
      listQuestions(env, { ...scope, offset: 0, limit: n, after: input.lastid }),
    ]);
    if (!exists[0]) throw new DomainError(ERR.questionGone);
    return { qst: items.map((i) => shapeListItem(i, tree)), p: 0, n };
  }
  const p = input.p ?? 0;
  const items = await listQuestions(env, { ...scope, offset: p, limit: n });
  return { qst: items.map((i) => shapeListItem(i, tree)), p, n };
}

/**
 * `qstrating` {n, p, state, cat, lastid}: a list's questions by their marks — the resolved ones
 * (the 'best' tab) unless `state` names another tab. lastid continues after that question (keyset:
 * p is then ignored and answered as 0); a missing one is 181.
 */
export async function readQstRating(env: Env, input: z.infer<typeof QstRatingInput>, now: number, adultOk: boolean) {
  const tree = await getCategoryTree(env, now);
  const scope = scopeOf(tree, input.cat, input.state ?? "best", now, adultOk);
  const n = input.n ?? LIMITS.pageSize;
  if (input.lastid !== undefined) {
    const [exists, items] = await Promise.all([
      dbOf(env).select({ id: q.id }).from(q).where(eq(q.id, input.lastid)),
      listQuestions(env, { ...scope, byMarks: true, offset: 0, limit: n, after: input.lastid }),
    ]);
    if (!exists[0]) throw new DomainError(ERR.questionGone);
    return { qst: items.map((i) => shapeListItem(i, tree)), p: 0, n };
  }
  const p = input.p ?? 0;
  const items = await listQuestions(env, { ...scope, byMarks: true, offset: p, limit: n });
  return { qst: items.map((i) => shapeListItem(i, tree)), p, n };
}

/**
 * `check_new` {cat, qid, state}: how many questions of that list are newer than qid; past
 * CHECK_NEW_MAX it answers {calc: CHECK_NEW_MAX, more: 1}.
 */
export async function readCheckNew(env: Env, input: z.infer<typeof CheckNewInput>, now: number, adultOk: boolean) {
  const tree = await getCategoryTree(env, now);
  const scope = scopeOf(tree, input.cat, input.state, now, adultOk);
  const calc = await countNewer(env, scope, input.qid);
  if (calc === null) throw new DomainError(ERR.questionGone);
  return calc > CHECK_NEW_MAX ? { calc: CHECK_NEW_MAX, more: 1 } : { calc };
}
