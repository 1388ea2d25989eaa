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
import { readThreadRow, threadHome } from "../core/thread-ranges.server";
import { authorsById } from "../users/users.server";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

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

/** The voters' or markers' columns: joined from `users` (DB), or their ids alone on a thread database (`votersOf` fills them in). */
function voterColumns(joined: boolean, userId: SQLiteColumn) {
  const alone = {
    id: sql<number>`${userId}`.as("id"),
    nick: sql<string>`''`.as("nick"),
    lvl: sql<number>`0`.as("lvl"),
    filin: sql<string | null>`NULL`.as("filin"),
  };
  return joined ? ({ id: u.id, nick: u.nick, lvl: u.lvl, filin: u.filin } as unknown as typeof alone) : alone;
}

type Voter = { id: number; nick: string; lvl: number; filin: string | null };

/** The listed users as read: whole from the join, or filled in from DB by id (a thread database's, read without it). */
async function votersOf(env: Env, joined: boolean, rows: { id: number }[]): Promise<Voter[]> {
  if (joined) return rows as Voter[];
  const users = await authorsById(
    env,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => {
    const a = users.get(r.id);
    return a ? [{ id: r.id, nick: a.nick, lvl: a.lvl, filin: a.filin }] : [];
  });
}

/**
 * `whovoted` {qid | optid, p}: 20 a page of the voters, newest first — the best-answer votes of a
 * question (votes against all included), or the poll votes that chose an option. Read where the
 * question's thread lives.
 */
export async function readWhoVoted(env: Env, input: z.infer<typeof WhoVotedInput>, reader: Reader) {
  const now = Date.now();
  const tree = await getCategoryTree(env);
  const p = input.p ?? 0;
  const bv = schema.bestVotes;
  const pv = schema.pollVotes;
  const po = schema.pollOptions;
  if (input.qid !== undefined) {
    const home = await threadHome(env, input.qid, now);
    const db = dbOf(home.env);
    const voters = db.select(voterColumns(home.joined, bv.userId)).from(bv).$dynamic();
    const [qs, rows, totals] = await db.batch([
      visibleQuestion(home.env, input.qid),
      (home.joined ? voters.innerJoin(u, eq(u.id, bv.userId)) : voters).where(eq(bv.qid, input.qid)).orderBy(desc(bv.id)).limit(LIMITS.pageSize).offset(p),
      db.select({ n: count() }).from(bv).where(eq(bv.qid, input.qid)),
    ]);
    assertVisible(qs, reader, tree);
    const users = (await votersOf(env, home.joined, rows)).map(({ id, nick, lvl }) => ({ id, nick, lvl }));
    return { users, qid: input.qid, p, n: LIMITS.pageSize, total: totals[0]?.n ?? 0 };
  }
  const optid = input.optid!;
  const found = await readThreadRow(env, optid, now, (on) => dbOf(on).select({ qid: po.qid, votes: po.votes }).from(po).where(eq(po.id, optid)).get());
  if (!found) throw new DomainError(ERR.pollOptionGone);
  const { row: option, home } = found;
  const db = dbOf(home.env);
  const voters = db.select(voterColumns(home.joined, pv.userId)).from(pv).$dynamic();
  const [qs, rows] = await db.batch([
    visibleQuestion(home.env, option.qid),
    (home.joined ? voters.innerJoin(u, eq(u.id, pv.userId)) : voters)
      .where(and(eq(pv.qid, option.qid), sql`exists (select 1 from json_each(${pv.options}) where json_each.value = ${optid})`))
      .orderBy(desc(pv.id))
      .limit(LIMITS.pageSize)
      .offset(p),
  ]);
  assertVisible(qs, reader, tree);
  const users = (await votersOf(env, home.joined, rows)).map(({ id, nick, lvl }) => ({ id, nick, lvl }));
  return { users, optid, p, n: LIMITS.pageSize, total: option.votes };
}

export const MarkedInput = z
  .object({ qid: OptId, aid: OptId, p: Offset, n: PageSize })
  .refine((i) => (i.qid === undefined) !== (i.aid === undefined), ERR_MSG.readTargetAmbiguous);

/** `marked` {qid | aid, p, n}: who marked a question or an answer, newest first: {id, nick, filin}, read where its thread lives. */
export async function readMarked(env: Env, input: z.infer<typeof MarkedInput>, reader: Reader) {
  const now = Date.now();
  const tree = await getCategoryTree(env);
  const p = input.p ?? 0;
  const n = input.n ?? LIMITS.pageSize;
  const mk = schema.marks;
  const type = input.qid !== undefined ? "Q" : "A";
  const id = (input.qid ?? input.aid)!;
  const ownerOn = (on: Env) =>
    type === "Q"
      ? dbOf(on)
          .select({ qid: q.id, state: q.state, hidden: q.hidden, categoryId: q.categoryId, ahidden: sql<number>`0`.as("a_hidden"), total: q.totalmarks })
          .from(q)
          .where(eq(q.id, id))
          .get()
      : dbOf(on)
          // aliased: two columns named `hidden` would collide in the row object
          .select({
            qid: q.id,
            state: q.state,
            hidden: q.hidden,
            categoryId: q.categoryId,
            ahidden: sql<number>`${a.hidden}`.as("a_hidden"),
            total: a.totalmarks,
          })
          .from(a)
          .innerJoin(q, eq(q.id, a.qid))
          .where(eq(a.id, id))
          .get();
  const found =
    type === "Q" ? await threadHome(env, id, now).then(async (home) => ({ home, row: await ownerOn(home.env) })) : await readThreadRow(env, id, now, ownerOn);
  const row = found?.row;
  if (!found || !row) throw new DomainError(type === "Q" ? ERR.questionGone : ERR.readAnswerGone);
  assertCategoryOpen(reader, tree, row.categoryId);
  if (row.hidden || row.state === "D") throw new DomainError(ERR.questionGone);
  if (row.ahidden) throw new DomainError(ERR.readAnswerGone);
  const { home } = found;
  const markers = dbOf(home.env).select(voterColumns(home.joined, mk.userId)).from(mk).$dynamic();
  const rows = await (home.joined ? markers.innerJoin(u, eq(u.id, mk.userId)) : markers)
    .where(and(eq(mk.targetType, type), eq(mk.targetId, id)))
    .orderBy(desc(mk.id))
    .limit(n)
    .offset(p);
  const users = (await votersOf(env, home.joined, rows)).map(({ id, nick, filin }) => ({ id, nick, filin }));
  return { users, type, id, p, n, total: row.total };
}
