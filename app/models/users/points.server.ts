import { and, eq, sql, type SQL } from "drizzle-orm";
import { LEVELS } from "../../lib/levels";
import { dbOf, schema } from "../core/db.server";
import { levelNotification } from "../notifications/create.server";
import { bindingOfEnv } from "../core/databases.server";
import { outboxRow, userHome } from "../effects/outbox.server";

/** Points each action earns or costs. */
export const POINTS = {
  ask: -5,
  askRefund: 5,
  answer: 2,
  pollVote: 1,
  bestVote: 1,
  dailyVisit: 1,
  welcome: 25,
  liked: 5,
} as const;

export type PointsReason =
  | "start"
  | "ask"
  | "ask_refund"
  | "answer"
  | "poll_vote"
  | "best_vote"
  | "visit"
  | "welcome"
  | "liked"
  | "unliked"
  | "moder"
  | "gift"
  | "vip";

/** The level for a points expression, as SQL, from the one table in app/lib/levels.ts. */
function levelCase(points: SQL): SQL {
  const whens = [...LEVELS].reverse().map((l) => sql`WHEN ${points} >= ${l.min} THEN ${l.id}`);
  return sql`CASE ${sql.join(whens, sql` `)} ELSE ${LEVELS[0].id} END`;
}

/**
 * The statements of a change of points, for the caller's batch: the user's points and level, the
 * ledger row, so that points always equal the ledger sum, and the 'level' notification when a
 * rise crosses a level threshold (pass the batch results to `announce`). With
 * `onlyIfChanged` they apply only when the statement before them in the batch changed a row
 * (SQLite's changes()), which lets "insert a vote or ignore it, then pay for it" stay one atomic
 * batch. The third statement uses changes() itself (1 after the ledger insert exactly when the
 * change applied), so a statement after pointsChange cannot chain on changes() any more.
 *
 * When the user's rows live in another database than the one the caller's batch goes to (userHome;
 * a thread database's batch never holds them), the same slots
 * hold the change's outbox row instead (second, where the ledger row would be, so a caller that
 * reads its changes still learns whether the change applied) and statements that do nothing; the
 * queue then applies pointsRows there (docs/decisions/0055-effects-across-databases.md).
 */
export function pointsChange(
  env: Env,
  userId: number,
  delta: number,
  reason: PointsReason,
  ref: { type: string; id: number } | null,
  now: number,
  onlyIfChanged = false,
) {
  const body: PointsEffect = { userId, delta, reason, ref, now };
  const rows = pointsRows(env, body, onlyIfChanged);
  const home = userHome(env, userId);
  // his rows are in the database the write goes to (DB, as today): the same batch
  if (home === bindingOfEnv(env)) return rows;
  const db = dbOf(env);
  // a SELECT leaves changes() as the statement before it set it, for the outbox row's guard
  const nothing = db.select({ none: sql`0` }).from(schema.outbox).where(sql`0`);
  const queued = outboxRow(env, { target: home, kind: "points", body }, now, onlyIfChanged ? sql`changes() = 1` : sql`1`);
  return [nothing, queued, ...rows.slice(2).map(() => nothing)] as unknown as typeof rows;
}

/** A change of points as the queue carries it to the user's database. */
export type PointsEffect = {
  userId: number;
  delta: number;
  reason: PointsReason;
  ref: { type: string; id: number } | null;
  now: number;
};

/** The statements of a change of points in this env's database, where the user's rows are (see pointsChange). */
export function pointsRows(env: Env, { userId, delta, reason, ref, now }: PointsEffect, onlyIfChanged = false) {
  const db = dbOf(env);
  const u = schema.users;
  const guard = onlyIfChanged ? sql`changes() = 1` : sql`1`;
  // query builders (not db.run) so that drizzle can put them in a D1 batch
  return [
    db
      .update(u)
      .set({ points: sql`${u.points} + ${delta}`, lvl: levelCase(sql`(${u.points} + ${delta})`) })
      .where(and(eq(u.id, userId), guard)),
    db.insert(schema.pointsLedger).select(sql`SELECT NULL, ${userId}, ${delta}, ${reason}, ${ref?.type ?? null}, ${ref?.id ?? null}, ${now} WHERE ${guard}`),
    ...levelNotification(env, { userId, delta, levelBefore: levelCase(sql`(nr.points - ${delta})`), now }),
  ] as const;
}
