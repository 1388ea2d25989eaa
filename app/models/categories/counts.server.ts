/**
 * A category's count of questions (its list's and the tree's figure), which a question's deletion
 * or restore changes in its category and its top category. The write's batch changes it where the
 * categories live (DB); a thread database's batch leaves a `qcount` effect instead, and the queue
 * applies the same statement in DB (docs/decisions/0061).
 */
import { type SQL, sql } from "drizzle-orm";
import { bindingOfEnv, SITE_DB } from "../core/databases.server";
import { dbOf, schema, valuesOf } from "../core/db.server";
import { outboxRow } from "../effects/outbox.server";

/** A change of the questions counted in categories `ids` (a leaf and its top), as the queue carries it. */
export type QcountEffect = { ids: number[]; delta: 1 | -1 };

/** The change's statement, when `when` holds; a count never goes below 0. */
export function qcountRows(env: Env, { ids, delta }: QcountEffect, when: SQL = sql`1`) {
  const c = schema.categories;
  return [
    dbOf(env)
      .update(c)
      .set({ qcount: sql`max(${c.qcount} + ${delta}, 0)` })
      .where(sql`${c.id} IN (${valuesOf(ids)}) AND ${when}`),
  ] as const;
}

/** qcountRows in the write's own batch in DB, else the effect for DB, under the same guard. */
export function qcountChange(env: Env, effect: QcountEffect, now: number, when: SQL) {
  const rows = qcountRows(env, effect, when);
  if (bindingOfEnv(env) === SITE_DB) return rows;
  return [outboxRow(env, { target: SITE_DB, kind: "qcount", body: effect }, now, when)] as unknown as typeof rows;
}
