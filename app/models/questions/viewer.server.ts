import { and, eq, exists, inArray, type Placeholder, type SQLWrapper, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Db, dbOf, schema } from "../core/db.server";
import { isModerator } from "../../lib/moderation";
import { moderOnQuestion, type ModerOnQuestion } from "../moderation/on-page.server";
import { keepViewerSession, readCookie, SESSION_COOKIE, sessionOfRows, sessionStatements } from "../users/session.server";
import { sha256Hex } from "../../lib/crypto";
import { keptBatch } from "../core/kept-batch.server";
import { envOfBinding, homeQuery, SITE_DB, threadHome } from "../core/thread-ranges.server";

export type Viewer = {
  id: number;
  lvl: number;
  isOwner: boolean;
  answered: boolean;
  bestVoted: boolean;
  pollVoted: boolean;
  watching: boolean;
  markedQuestion: boolean;
  markedAnswers: number[];
  /** a volunteer moderator's links on this question (docs/decisions/0015-moderation.md); null for everyone else */
  moder?: ModerOnQuestion | null;
};

/** A user by his id, or by a subquery of it (his session's, read in the same batch). */
type UserRef = number | SQLWrapper;

/** A question by its id, or by a placeholder of it (a kept batch). */
type QuestionRef = number | Placeholder;

const isUser = (column: SQLiteColumn, user: UserRef) => (typeof user === "number" ? eq(column, user) : inArray(column, user));

/** What the signed-in reader has already done on a question (one statement), for the forms he is offered. */
export async function viewerOnQuestion(env: Env, user: { id: number; lvl: number; type?: string; permissions?: string[] }, qid: number): Promise<Viewer> {
  const home = await threadHome(env, qid, Date.now());
  const [row] = await classStatement(dbOf(home.env), user.id, qid);
  const { ownAnswers, ...done } = doneOn(user.id, row ?? NOTHING_DONE);
  return {
    id: user.id,
    lvl: user.lvl,
    ...done,
    answered: ownAnswers.length > 0,
    moder: isModerator({ type: user.type ?? "", permissions: user.permissions ?? [] }) ? await moderOnQuestion(env, user.id, qid, Date.now()) : null,
  };
}

/** Ids of a comma-separated list (SQLite's group_concat), or none. */
const idsOf = (list: string | null) => (list ? list.split(",").map(Number) : []);

/**
 * The facts of a reader's class on a question (see below) as one row: the question's asker and
 * state, the reader's answers to it, whether he voted for the best answer or in its poll, watches
 * it, and his marks on it and on its answers ("Q12", "A34"). No row when the question is missing.
 * The reader by his id, or by his session's subquery (his class, read with his session).
 */
function classStatement(db: Db, user: UserRef, qid: QuestionRef, withTouched = false) {
  const a = schema.answers;
  const m = schema.marks;
  const q = schema.questions;
  const did = (table: typeof schema.bestVotes | typeof schema.pollVotes | typeof schema.watches) =>
    sql<number>`${exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.qid, qid), isUser(table.userId, user))),
    )}`;
  const own = db
    .select({ ids: sql`group_concat(${a.id})` })
    .from(a)
    .where(and(eq(a.qid, qid), isUser(a.userId, user)));
  // his marks on the question and on its answers: one range of marks_user_qid_idx
  const marks = db
    .select({ list: sql`group_concat(${m.targetType} || ${m.targetId})` })
    .from(m)
    .where(and(isUser(m.userId, user), eq(m.qid, qid)));
  return db
    .select({
      userId: q.userId,
      state: q.state,
      own: sql<string | null>`(${own})`.as("own"),
      bestVoted: did(schema.bestVotes).as("best_voted"),
      pollVoted: did(schema.pollVotes).as("poll_voted"),
      watching: did(schema.watches).as("watching"),
      marks: sql<string | null>`(${marks})`.as("marks"),
      ...(withTouched ? { touched: touchedColumn(user).as("touched") } : {}),
    })
    .from(q)
    .where(eq(q.id, qid))
    .limit(1);
}

/**
 * At most this many questions a reader has done something on are listed for his UserHub
 * (reader-cards.server.ts); a reader with more has his class read for every page.
 */
const TOUCHED_MAX = 2000;

/**
 * The questions a reader has done anything on that his class counts (asked, answered, voted for
 * the best answer or in the poll, watches, marked it or one of its answers), as a comma-separated
 * list of ids, possibly repeated and with empty items; a part with more than TOUCHED_MAX rows
 * says "!" instead (too many to list). Each part is one range of an index by user, cut at
 * TOUCHED_MAX + 1 rows, so a busy reader costs a bounded read. (Parts joined as text rather than
 * by UNION: D1 allows few terms in a compound SELECT.)
 */
function touchedColumn(user: UserRef) {
  const cap = sql.raw(String(TOUCHED_MAX + 1));
  const part = (table: SQLWrapper, qid: SQLiteColumn, by: SQLiteColumn, extra = sql`1`) =>
    sql`(SELECT CASE WHEN count(*) > ${sql.raw(String(TOUCHED_MAX))} THEN '!' ELSE coalesce(group_concat(t), '') END FROM (SELECT ${qid} AS t FROM ${table} WHERE ${isUser(by, user)} AND ${extra} LIMIT ${cap}))`;
  const { questions: q, answers: a, bestVotes: b, pollVotes: p, watches: w, marks: m } = schema;
  const parts = [
    part(q, q.id, q.userId),
    part(a, a.qid, a.userId),
    part(b, b.qid, b.userId),
    part(p, p.qid, p.userId),
    part(w, w.qid, w.userId),
    part(m, m.qid, m.userId, sql`${m.qid} IS NOT NULL`),
  ];
  return sql<string>`(${sql.join(parts, sql` || ',' || `)})`;
}

/** The questions of a touched list (touchedColumn), or null when there were too many to list (or none was read). */
function touchedOf(list: string | null | undefined): number[] | null {
  if (list == null || list.includes("!")) return null;
  return [...new Set(list.split(",").filter(Boolean).map(Number))];
}

type ClassRow = { userId: number; state: string; own: string | null; bestVoted: number; pollVoted: number; watching: number; marks: string | null };

/** A class row of nothing done (a question gone meanwhile). */
const NOTHING_DONE: ClassRow = { userId: 0, state: "D", own: null, bestVoted: 0, pollVoted: 0, watching: 0, marks: null };

/** What the reader has done on the question, from its class row. */
function doneOn(userId: number, row: ClassRow) {
  const marks = row.marks ? row.marks.split(",") : [];
  return {
    isOwner: row.userId === userId,
    ownAnswers: idsOf(row.own).sort((x, y) => x - y),
    bestVoted: row.bestVoted === 1,
    pollVoted: row.pollVoted === 1,
    watching: row.watching === 1,
    markedQuestion: marks.some((x) => x[0] === "Q"),
    markedAnswers: marks
      .filter((x) => x[0] === "A")
      .map((x) => Number(x.slice(1)))
      .sort((x, y) => x - y),
  };
}

/**
 * What a signed-in reader's rendering of a question page depends on, besides the page's own data:
 * his level, whether he asked it, answered it, voted for the best answer or in its poll, watches
 * it, marked it, which of its answers are his and which he marked. Two readers with equal facts
 * see the same page but for the toolbar and the session's salt and token, so one rendering serves
 * both. His account's kind (type, VIP) and his banned and adult flags go with them, so that
 * nothing the page shows by them crosses from one kind of reader to another. Null when the
 * question is not there to read (missing or deleted).
 */
function classOf(user: ClassUser, [row]: ClassRow[]) {
  if (!row || row.state === "D") return null;
  return { lvl: user.lvl, banned: user.banned, vip: user.vip, type: user.type, adult: !!user.adult, ...doneOn(user.id, row) };
}

export type ViewerClass = NonNullable<ReturnType<typeof classOf>>;

type ClassUser = { id: number; lvl: number; banned: boolean; vip: boolean; type: string; adult?: boolean };

/** The class row of a question the reader has done nothing on (asked by someone else, live). */
const UNTOUCHED: ClassRow = { userId: 0, state: "A", own: null, bestVoted: 0, pollVoted: 0, watching: 0, marks: null };

/**
 * A reader's class on a question that is not among those he has done anything on (touchedColumn):
 * what `classOf` makes of the row his class's statement reads for it, without reading it.
 */
export const untouchedClass = (user: ClassUser): ViewerClass => classOf(user, [UNTOUCHED])!;

/** The session, its user and the class's statements, built once per isolate (every signed-in question page reads them). */
const sessionAndClassBatch = keptBatch((env) => {
  const read = sessionStatements(env, sql.placeholder("hash"), sql.placeholder("now"));
  return [read.session, read.user, classStatement(dbOf(env), read.userId, sql.placeholder("qid"), true), homeQuery(env, sql.placeholder("qid"))] as const;
});

/**
 * A page request's session and the reader's class on the question, read together in one round
 * trip (the class's statements take his id from his session's row). The session is kept as the
 * request's; the class is null for a guest and when the question is missing or deleted.
 * `tokenHash` is the SHA-256 of the request's session token when the caller has it already.
 */
export async function sessionAndClassOnQuestion(context: { cloudflare: { env: Env } }, request: Request, qid: number, tokenHash?: string) {
  const env = context.cloudflare.env;
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return { session: await keepViewerSession(context, null, Date.now()), facts: null, touched: null };
  const now = Date.now();
  const read = await readerFromD1(env, tokenHash ?? (await sha256Hex(token)), qid, now);
  const session = await keepViewerSession(context, read.session, now);
  return { session, facts: session ? classOf(session.user, read.classRows) : null, touched: read.touched };
}

/**
 * The session of the token hash `hash`, the reader's class row on question `qid` and the questions
 * he has done something on (touchedColumn), in one round trip; the session is not kept as the
 * request's (a card renewed after the page's reply reads him this way).
 */
export async function readerFromD1(env: Env, hash: string, qid: number, now: number) {
  const [sessionRows, userRows, read, home] = await sessionAndClassBatch(env, { hash, now, qid });
  const session = sessionOfRows(env, sessionRows, userRows, now);
  // a question in a thread database: his class is read there, by his id (one round trip more)
  const binding = home[0]?.binding ?? SITE_DB;
  const classRows = binding === SITE_DB || !session ? read : await classStatement(dbOf(envOfBinding(env, binding)), session.user.id, qid);
  return { session, classRows, touched: touchedOf(read[0]?.touched) };
}

/** What the question page's forms need of the reader (as `viewerOnQuestion` reads it), from his class: no moderator's links. */
export function viewerOfClass(userId: number, facts: ViewerClass): Viewer {
  return {
    id: userId,
    lvl: facts.lvl,
    isOwner: facts.isOwner,
    answered: facts.ownAnswers.length > 0,
    bestVoted: facts.bestVoted,
    pollVoted: facts.pollVoted,
    watching: facts.watching,
    markedQuestion: facts.markedQuestion,
    markedAnswers: facts.markedAnswers,
    moder: null,
  };
}
