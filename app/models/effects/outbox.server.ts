/**
 * Effects that land in another database than the write that causes them (decision 0055): the
 * write's batch adds an outbox row beside its own rows, so nothing is lost if the Worker stops
 * right after; the queue carries the row to its database, where the consumer (apply.server.ts)
 * applies it once. Today every user's rows live in DB: a write takes this path when USER_DBS names
 * more than one database, or when it goes to a thread database (THREADS_n), which holds no users.
 */
import { and, asc, inArray, isNull, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { envOn, SITE_DB, threadBindings } from "../core/databases.server";
import { dbOf, schema, valuesOf } from "../core/db.server";
import { sendAll } from "../core/queues.server";

/** The kinds of effect, each with one rule that applies it (apply.server.ts). */
export const EFFECT_KINDS = ["points", "notify", "counter", "qcount", "mirror"] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** What the queue carries: the outbox row as its consumer needs it. */
export type EffectMessage = { id: string; target: string; kind: EffectKind; body: unknown };

/**
 * The binding of the database a user's own rows live in (his points, ledger, notifications). A
 * stand-in for the plan's bucket map: USER_DBS lists bindings, and user id mod their number picks
 * one; unset, every user is in DB.
 */
export function userHome(env: Env, userId: number): string {
  const homes = userDatabases(env);
  return homes.length > 1 ? homes[userId % homes.length] : SITE_DB;
}

/** The bindings USER_DBS names, in its order. */
function userDatabases(env: Env): string[] {
  return (env.USER_DBS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Whether writes may leave outbox rows (USER_DBS spreads users over more than one database). */
export function spreadOverDatabases(env: Env): boolean {
  return new Set(userDatabases(env)).size > 1;
}

/**
 * The outbox row of an effect, for the causing write's own batch. `when` guards it as it would
 * have guarded the effect's own statements (a vote that was a duplicate pays nothing).
 */
export function outboxRow(env: Env, effect: { target: string; kind: EffectKind; body: unknown }, now: number, when: SQL) {
  return outboxRowOf(env, { ...effect, body: sql`${JSON.stringify(effect.body)}` }, now, when);
}

/** outboxRow with a body the batch makes itself (SQL giving the JSON text: ids of rows the same batch writes, candidates it picks). */
export function outboxRowOf(env: Env, effect: { target: string; kind: EffectKind; body: SQL }, now: number, when: SQL) {
  const id = crypto.randomUUID();
  return dbOf(env).insert(schema.outbox).select(sql`SELECT ${id}, ${effect.target}, ${effect.kind}, ${effect.body}, ${now}, NULL WHERE ${when}`);
}

/** How many unsent rows one send takes (a queue's sendBatch takes at most 100 messages). */
export const SEND_BATCH = 100;

/**
 * Sends the outbox rows of `env`'s database not sent yet to the queue, oldest first, and marks them
 * sent. Two sends of one row may overlap: the consumer applies an event once whatever number of
 * times it arrives. Returns how many were sent.
 */
export async function sendUnsent(env: Env, now: number, limit = SEND_BATCH): Promise<number> {
  const db = dbOf(env);
  const o = schema.outbox;
  const rows = await db.select().from(o).where(isNull(o.sent)).orderBy(asc(o.created)).limit(limit);
  if (rows.length === 0) return 0;
  const messages = rows.map((r): EffectMessage => ({ id: r.id, target: r.target, kind: r.kind as EffectMessage["kind"], body: JSON.parse(r.body) }));
  await sendAll(env.EFFECTS, messages);
  await db
    .update(o)
    .set({ sent: now })
    .where(sql`${o.id} IN (${valuesOf(rows.map((r) => r.id))})`);
  return rows.length;
}

/** The databases whose writes may leave outbox rows: DB and every thread database (their writes' users live elsewhere). */
function outboxDatabases(env: Env): string[] {
  return [SITE_DB, ...threadBindings(env)];
}

/**
 * Sends the unsent outbox rows of every database that has some (`sendUnsent` each): after a write
 * while users are spread or a thread lives in a thread database (worker/index.ts), and by the cron
 * for whatever a stopped Worker left. Returns how many were sent.
 */
export async function sendAllUnsent(env: Env, now: number, limit = SEND_BATCH): Promise<number> {
  const names = outboxDatabases(env);
  const sent = await Promise.allSettled(
    names.map((name) => {
      const on = envOn(env, name);
      return on ? sendUnsent(on, now, limit) : 0;
    }),
  );
  // one database's failure leaves the others' sends done; its rows wait for the next send
  let total = 0;
  for (const [i, r] of sent.entries()) {
    if (r.status === "fulfilled") total += r.value;
    else console.error(`effects: sending the outbox of ${names[i]} failed`, r.reason);
  }
  return total;
}

/**
 * How long the records of sent and applied events are kept: longer than a message can live in
 * the queue with its retries, so a late second delivery still finds its event applied.
 */
export const EFFECT_RECORDS_MS = 7 * 86_400_000;

/**
 * The cron's cleanup of the effects' records: in DB and in every database users are spread over,
 * sent outbox rows and applied records older than EFFECT_RECORDS_MS, at most `batch` of each; in
 * the thread databases (which apply no effects) their sent outbox rows. Returns how many went.
 */
export async function cleanUpEffectRecords(env: Env, now: number, batch = 1000): Promise<number> {
  const due = now - EFFECT_RECORDS_MS;
  const { outbox: o, appliedEvents: a } = schema;
  let gone = 0;
  const sentBefore = (db: ReturnType<typeof dbOf>) =>
    db.delete(o).where(
      inArray(
        o.id,
        db
          .select({ id: o.id })
          .from(o)
          .where(and(isNotNull(o.sent), lt(o.sent, due)))
          .limit(batch),
      ),
    );
  for (const name of threadBindings(env)) {
    const on = envOn(env, name);
    if (on) gone += (await sentBefore(dbOf(on))).meta.changes;
  }
  for (const name of new Set([SITE_DB, ...userDatabases(env)])) {
    const on = envOn(env, name);
    if (!on) continue;
    const db = dbOf(on);
    const results = await db.batch([sentBefore(db), db.delete(a).where(inArray(a.id, db.select({ id: a.id }).from(a).where(lt(a.applied, due)).limit(batch)))]);
    for (const r of results) gone += (r as D1Result).meta.changes;
  }
  return gone;
}
