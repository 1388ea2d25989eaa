/**
 * The question lifecycle: an open question's best-answer window is 4 days, then
 *  - a poll is resolved (R);
 *  - two or more answers: on voting (V);
 *  - exactly one answer: resolved with that answer as the best;
 *  - no answers: deleted automatically (D, deleted_by 'auto', hidden) and the 5 points refunded.
 * A question on voting for 3 days is resolved with the most-voted answer as the best (ties: the
 * earliest; votes "against all" do not count, and with no votes the earliest answer wins).
 * A window closes at exactly its length (age >= 4 days, >= 3 days on voting).
 * Every step of one question is one atomic group of statements guarded by the state it expects,
 * so the cron and the on-read guard may race and nothing is applied twice.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { inSiteDb } from "../core/thread-ranges.server";
import { dbOf, schema, type Db, batchable } from "../core/db.server";
import { POINTS, pointsChange } from "../users/points.server";

const DAY = 86_400_000;
export const OPEN_WINDOW_MS = 4 * DAY;
export const VOTING_WINDOW_MS = 3 * DAY;
/** the most questions one run moves */
export const MAX_PER_RUN = 500;
/** questions per D1 batch */
const CHUNK = 50;

type Candidate = {
  id: number;
  userId: number;
  state: string;
  anscnt: number;
  pollType: string | null;
  categoryId: number;
  topCategoryId: number;
  added: number;
  stateChangedAt: number;
};

const columns = {
  id: schema.questions.id,
  userId: schema.questions.userId,
  state: schema.questions.state,
  anscnt: schema.questions.anscnt,
  pollType: schema.questions.pollType,
  categoryId: schema.questions.categoryId,
  topCategoryId: schema.questions.topCategoryId,
  added: schema.questions.added,
  stateChangedAt: schema.questions.stateChangedAt,
};

export type Transition = "A>V" | "A>R" | "A>D" | "V>R" | "poll>R";

/** What is due for a question at `now`, or null. */
export function dueTransition(q: Candidate, now: number): Transition | null {
  if (q.state === "A" && now - q.added >= OPEN_WINDOW_MS) {
    if (q.pollType) return "poll>R";
    if (q.anscnt >= 2) return "A>V";
    if (q.anscnt === 1) return "A>R";
    return "A>D";
  }
  if (q.state === "V" && now - q.stateChangedAt >= VOTING_WINDOW_MS) return "V>R";
  return null;
}

/**
 * Marks the question's best_answer_id as best, with the moment it was chosen (the weekly best-answer
 * leaders count it in that week), and counts it for its author (after a guarded UPDATE).
 */
function crownBest(env: Env, qid: number, now: number) {
  const db = dbOf(env);
  const best = sql`(SELECT best_answer_id FROM questions WHERE id = ${qid})`;
  return [
    db.run(sql`UPDATE answers SET best = 1, best_at = ${now} WHERE id = ${best} AND changes() = 1`),
    db.run(
      sql`UPDATE users SET best_count = best_count + 1, kpd = CASE WHEN answers_count > 0 THEN min(100, (100 * (best_count + 1) + answers_count / 2) / answers_count) ELSE 0 END WHERE id = (SELECT user_id FROM answers WHERE id = ${best}) AND changes() = 1`,
    ),
  ];
}

/** The statements of one transition, each guarded by the state the question is expected in. */
function statementsFor(env: Env, q: Candidate, t: Transition, now: number) {
  const db = dbOf(env);
  switch (t) {
    case "poll>R":
      return [db.run(sql`UPDATE questions SET state = 'R', state_changed_at = ${now}, updated_at = ${now} WHERE id = ${q.id} AND state = 'A'`)];
    case "A>V":
      return [db.run(sql`UPDATE questions SET state = 'V', state_changed_at = ${now}, updated_at = ${now} WHERE id = ${q.id} AND state = 'A' AND anscnt >= 2`)];
    case "A>R":
    case "V>R": {
      const from = t === "A>R" ? "A" : "V";
      // the most-voted visible answer, ties to the earliest (in state A all ratings are 0: the earliest)
      const pick = sql`(SELECT id FROM answers WHERE qid = ${q.id} AND hidden = 0 ORDER BY rating DESC, added ASC, id ASC LIMIT 1)`;
      return [
        db.run(
          sql`UPDATE questions SET state = 'R', best_answer_id = ${pick}, state_changed_at = ${now}, updated_at = ${now} WHERE id = ${q.id} AND state = ${from} AND best_answer_id IS NULL AND EXISTS ${pick}`,
        ),
        ...crownBest(env, q.id, now),
      ];
    }
    case "A>D":
      return [
        db.run(
          sql`UPDATE questions SET state = 'D', hidden = 1, deleted_by = 'auto', state_before_delete = 'A', state_changed_at = ${now}, updated_at = ${now} WHERE id = ${q.id} AND state = 'A' AND anscnt = 0 AND poll_type IS NULL`,
        ),
        db.run(sql`UPDATE categories SET qcount = max(qcount - 1, 0) WHERE id IN (${q.categoryId}, ${q.topCategoryId}) AND changes() = 1`),
        db.run(sql`UPDATE questions SET updated_at = updated_at WHERE id = ${q.id} AND changes() > 0`),
        ...pointsChange(env, q.userId, POINTS.askRefund, "ask_refund", { type: "Q", id: q.id }, now, true),
      ];
  }
}

/**
 * A question whose answers were all hidden by moderators cannot take a best answer: from V it is
 * resolved without one; from A (anscnt says 1 but no visible answer) likewise.
 */
function fallbackNoAnswer(env: Env, q: Candidate, t: Transition, now: number) {
  const db = dbOf(env);
  if (t !== "A>R" && t !== "V>R") return [];
  const from = t === "A>R" ? "A" : "V";
  return [
    db.run(
      sql`UPDATE questions SET state = 'R', state_changed_at = ${now}, updated_at = ${now} WHERE id = ${q.id} AND state = ${from} AND NOT EXISTS (SELECT 1 FROM answers WHERE qid = ${q.id} AND hidden = 0)`,
    ),
  ];
}

async function apply(env: Env, db: Db, items: { q: Candidate; t: Transition }[], now: number) {
  for (let i = 0; i < items.length; i += CHUNK) {
    const stmts = items.slice(i, i + CHUNK).flatMap(({ q, t }) => [...statementsFor(env, q, t, now), ...fallbackNoAnswer(env, q, t, now)]);
    if (stmts.length > 0) await db.batch(batchable(env, stmts) as unknown as Parameters<typeof db.batch>[0]);
  }
}

export type AdvanceSummary = Record<Transition, number>;

/**
 * The cron job: moves every question whose window has passed, at most MAX_PER_RUN per run
 * (oldest first; the next run takes the rest). Returns how many of each transition it attempted.
 */
export async function advanceQuestions(env: Env, now: number): Promise<AdvanceSummary> {
  const db = dbOf(env);
  const q = schema.questions;
  const [open, voting] = await db.batch([
    db
      .select(columns)
      .from(q)
      .where(and(eq(q.state, "A"), lte(q.added, now - OPEN_WINDOW_MS), inSiteDb(q.id)))
      .orderBy(asc(q.added))
      .limit(MAX_PER_RUN),
    db
      .select(columns)
      .from(q)
      .where(and(eq(q.state, "V"), lte(q.stateChangedAt, now - VOTING_WINDOW_MS), inSiteDb(q.id)))
      .orderBy(asc(q.stateChangedAt))
      .limit(MAX_PER_RUN),
  ]);
  const items = [...open, ...voting]
    .slice(0, MAX_PER_RUN)
    .map((c) => ({ q: c, t: dueTransition(c, now) }))
    .filter((x): x is { q: Candidate; t: Transition } => x.t !== null);
  await apply(env, db, items, now);
  const summary: AdvanceSummary = { "A>V": 0, "A>R": 0, "A>D": 0, "V>R": 0, "poll>R": 0 };
  for (const x of items) summary[x.t]++;
  return summary;
}

/**
 * The on-read guard: advances one question whose window has passed (so a page never shows an
 * expired state between two cron runs). Returns the transition applied, or null. One read when
 * nothing is due.
 */
export async function advanceOne(env: Env, qid: number, now: number): Promise<Transition | null> {
  const db = dbOf(env);
  // a question moved to another database is read-only in DB: it moves on when its writes follow it
  const row = await db
    .select(columns)
    .from(schema.questions)
    .where(and(eq(schema.questions.id, qid), inSiteDb(schema.questions.id)))
    .get();
  if (!row) return null;
  const t = dueTransition(row, now);
  if (!t) return null;
  await apply(env, db, [{ q: row, t }], now);
  return t;
}
