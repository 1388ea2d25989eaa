/**
 * The counters on a user's row that a write of a thread changes: his answers, his best answers, and
 * his efficiency (best answers per answer) with them, his questions, and the questions he follows. The write's batch changes them when it runs
 * where the user's rows live; a thread database's batch leaves a `counter` effect instead, and the
 * queue applies the same statements there (docs/decisions/0055, 0061).
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { bindingOfEnv } from "../core/databases.server";
import { dbOf, schema } from "../core/db.server";
import { outboxRow, userHome } from "../effects/outbox.server";

const u = schema.users;

/** A change of a user's counters, as the queue carries it to his database: a new answer, one of his chosen best, a question of his deleted, a question he follows or no longer follows. */
export type CounterEffect = { userId: number; change: keyof typeof CHANGES };

/** What each change sets on his row. */
const CHANGES = {
  answer: {
    answersCount: sql`${u.answersCount} + 1`,
    kpd: sql`CAST(ROUND(100.0 * ${u.bestCount} / (${u.answersCount} + 1)) AS INTEGER)`,
  },
  best: {
    bestCount: sql`${u.bestCount} + 1`,
    kpd: sql`CASE WHEN ${u.answersCount} > 0 THEN MIN(100, CAST(ROUND(100.0 * (${u.bestCount} + 1) / ${u.answersCount}) AS INTEGER)) ELSE 0 END`,
  },
  unask: { questionsCount: sql`max(${u.questionsCount} - 1, 0)` },
  watch: { watchcnt: sql`${u.watchcnt} + 1` },
  unwatch: { watchcnt: sql`max(${u.watchcnt} - 1, 0)` },
};

/** The change's statement, when `when` holds. */
export function counterRows(env: Env, { userId, change }: CounterEffect, when: SQL = sql`1`) {
  const set = CHANGES[change];
  return [
    dbOf(env)
      .update(u)
      .set(set)
      .where(and(eq(u.id, userId), when)),
  ] as const;
}

/** counterRows in the write's own batch when his rows are in its database, else the effect, under the same guard. */
export function countersChange(env: Env, effect: CounterEffect, now: number, when: SQL) {
  const rows = counterRows(env, effect, when);
  const home = userHome(env, effect.userId);
  if (home === bindingOfEnv(env)) return rows;
  return [outboxRow(env, { target: home, kind: "counter", body: effect }, now, when)] as unknown as typeof rows;
}
