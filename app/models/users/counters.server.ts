/**
 * The counters on a user's row that a write of a thread changes. The write's batch changes them
 * when it runs where the user's rows live; a thread database's batch leaves an effect instead, and
 * the queue applies the same statements there (docs/decisions/0055, 0061).
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { bindingOfEnv } from "../core/databases.server";
import { dbOf, schema } from "../core/db.server";
import { outboxRow, userHome } from "../effects/outbox.server";

const u = schema.users;

/** A new answer of a user, as the queue carries it to his database. */
export type AnsweredEffect = { userId: number };

/** A new answer of the user: his answers count, and his kpd (best answers per answer) with it, when `when` holds. */
export function answeredRows(env: Env, { userId }: AnsweredEffect, when: SQL = sql`1`) {
  return [
    dbOf(env)
      .update(u)
      .set({
        answersCount: sql`${u.answersCount} + 1`,
        kpd: sql`CAST(ROUND(100.0 * ${u.bestCount} / (${u.answersCount} + 1)) AS INTEGER)`,
      })
      .where(and(eq(u.id, userId), when)),
  ] as const;
}

/** answeredRows in the write's own batch when his rows are in its database, else the effect, under the same guard. */
export function answered(env: Env, userId: number, now: number, when: SQL) {
  const rows = answeredRows(env, { userId }, when);
  const home = userHome(env, userId);
  if (home === bindingOfEnv(env)) return rows;
  return [outboxRow(env, { target: home, kind: "answered", body: { userId } }, now, when)] as unknown as typeof rows;
}
