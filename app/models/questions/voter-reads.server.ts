/**
 * Who voted and who marked (`whovoted`, `marked`, and the /ansmarks page): the voters of a
 * question's best answer or of a poll option, and the readers who marked a question or an answer,
 * newest first, for a reader who may see the question.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { LIMITS } from "../../lib/limits";
import { Offset, OptId, PageSize } from "../../lib/fields";
import { getCategoryTree, type CategoryTree } from "../categories/categories.server";
import { dbOf, schema } from "../core/db.server";
import { assertCategoryOpen, type Reader } from "../core/visibility.server";

const q = schema.questions;
const a = schema.answers;
const u = schema.users;

export const WhoVotedInput = z
  .object({ qid: OptId, optid: OptId, p: Offset })
  .refine((i) => (i.qid === undefined) !== (i.optid === undefined), ERR_MSG.readTargetAmbiguous);

/** The question whose voters are listed, for assertVisible. */
function visibleQuestion(env: Env, qid: number | SQL) {
  const db = dbOf(env);
  return db
    .select({ id: q.id, state: q.state, hidden: q.hidden, categoryId: q.categoryId })
    .from(q)
    .where(eq(q.id, qid as number));
}

/** A question that may be shown to the reader: 340 in a category closed to him, 181 when missing, hidden or deleted. */
function assertVisible(rows: { state: string; hidden: number; categoryId: number }[], reader: Reader, tree: CategoryTree) {
  const row = rows[0];
  if (row) assertCategoryOpen(reader, tree, row.categoryId);
  if (!row || row.hidden || row.state === "D") throw new DomainError(ERR.questionGone);
}

/**
 * `whovoted` {qid | optid, p}: 20 a page of the voters, newest first — the best-answer votes of a
 * question (votes against all included), or the poll votes that chose an option.
 */
export async function readWhoVoted(env: Env, input: z.infer<typeof WhoVotedInput>, reader: Reader) {
  const db = dbOf(env);
  const tree = await getCategoryTree(env);
  const p = input.p ?? 0;
  const bv = schema.bestVotes;
  const pv = schema.pollVotes;
  const po = schema.pollOptions;
  if (input.qid !== undefined) {
    const [qs, rows, totals] = await db.batch([
      visibleQuestion(env, input.qid),
      db
        .select({ id: u.id, nick: u.nick, lvl: u.lvl })
        .from(bv)
        .innerJoin(u, eq(u.id, bv.userId))
        .where(eq(bv.qid, input.qid))
        .orderBy(desc(bv.id))
        .limit(LIMITS.pageSize)
        .offset(p),
      db.select({ n: count() }).from(bv).where(eq(bv.qid, input.qid)),
    ]);
    assertVisible(qs, reader, tree);
    return { users: rows, qid: input.qid, p, n: LIMITS.pageSize, total: totals[0]?.n ?? 0 };
  }
  const optid = input.optid!;
  const [opts, qs, rows] = await db.batch([
    db.select({ qid: po.qid, votes: po.votes }).from(po).where(eq(po.id, optid)),
    visibleQuestion(env, sql`(select qid from poll_options where id = ${optid})`),
    db
      .select({ id: u.id, nick: u.nick, lvl: u.lvl })
      .from(pv)
      .innerJoin(u, eq(u.id, pv.userId))
      .where(
        and(
          eq(pv.qid, sql`(select qid from poll_options where id = ${optid})`),
          sql`exists (select 1 from json_each(${pv.options}) where json_each.value = ${optid})`,
        ),
      )
      .orderBy(desc(pv.id))
      .limit(LIMITS.pageSize)
      .offset(p),
  ]);
  if (!opts[0]) throw new DomainError(ERR.pollOptionGone);
  assertVisible(qs, reader, tree);
  return { users: rows, optid, p, n: LIMITS.pageSize, total: opts[0].votes };
}

export const MarkedInput = z
  .object({ qid: OptId, aid: OptId, p: Offset, n: PageSize })
  .refine((i) => (i.qid === undefined) !== (i.aid === undefined), ERR_MSG.readTargetAmbiguous);

/** `marked` {qid | aid, p, n}: who marked a question or an answer, newest first: {id, nick, filin}. */
export async function readMarked(env: Env, input: z.infer<typeof MarkedInput>, reader: Reader) {
  const db = dbOf(env);
  const tree = await getCategoryTree(env);
  const p = input.p ?? 0;
  const n = input.n ?? LIMITS.pageSize;
  const mk = schema.marks;
  const type = input.qid !== undefined ? "Q" : "A";
  const id = (input.qid ?? input.aid)!;
  const [owner, rows] = await db.batch([
    type === "Q"
      ? db
          .select({ state: q.state, hidden: q.hidden, categoryId: q.categoryId, ahidden: sql<number>`0`.as("a_hidden"), total: q.totalmarks })
          .from(q)
          .where(eq(q.id, id))
      : db
          // aliased: in a D1 batch rows come back as objects, so two columns named `hidden` would collide
          .select({ state: q.state, hidden: q.hidden, categoryId: q.categoryId, ahidden: sql<number>`${a.hidden}`.as("a_hidden"), total: a.totalmarks })
          .from(a)
          .innerJoin(q, eq(q.id, a.qid))
          .where(eq(a.id, id)),
    db
      .select({ id: u.id, nick: u.nick, filin: u.filin })
      .from(mk)
      .innerJoin(u, eq(u.id, mk.userId))
      .where(and(eq(mk.targetType, type), eq(mk.targetId, id)))
      .orderBy(desc(mk.id))
      .limit(n)
      .offset(p),
  ]);
  const row = owner[0];
  if (!row) throw new DomainError(type === "Q" ? ERR.questionGone : ERR.readAnswerGone);
  assertCategoryOpen(reader, tree, row.categoryId);
  if (row.hidden || row.state === "D") throw new DomainError(ERR.questionGone);
  if (row.ahidden) throw new DomainError(ERR.readAnswerGone);
  return { users: rows, type, id, p, n, total: row.total };
}
