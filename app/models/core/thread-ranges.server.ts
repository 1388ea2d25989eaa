/**
 * The range map (docs/decisions/0059): which database holds a question's thread, from its id alone.
 * Each `thread_ranges` row opens a range at its first id, running to the next row's; ids below the
 * first row, and all of them while the map is empty (today's deploys), live in DB. An isolate reads
 * the map once and keeps it for `rangeMapTtl` ms, so a look-up costs no round trip; a move of a
 * range waits that long at each step that changes the map, so no isolate acts on a map older than
 * the step before.
 */
import { asc, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { DomainError } from "../../lib/errors";
import { ERR } from "../../lib/errids";
import { isolateValue } from "../../lib/isolate-value";
import { blockOwner, envOn, SITE_DB } from "./databases.server";
import { dbOf, schema } from "./db.server";

export { SITE_DB };

export type ThreadRange = { firstId: number; binding: string; frozenUntil: number };

/** How long (ms) an isolate keeps the map it read: 5 s unless RANGE_MAP_TTL_MS says (the tests shorten it). */
export function rangeMapTtl(env: Env): number {
  const ms = Number(env.RANGE_MAP_TTL_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : 5_000;
}

const kept = isolateValue("otvety.threadRanges", () => ({ at: Number.NEGATIVE_INFINITY, ranges: [] as ThreadRange[] }));

/** The map as stored, first ids ascending. */
export async function readThreadRanges(env: Env): Promise<ThreadRange[]> {
  const r = schema.threadRanges;
  return dbOf(env).select().from(r).orderBy(asc(r.firstId));
}

/** The map this isolate holds, read again when older than its time to live. */
export async function threadRanges(env: Env, now: number): Promise<ThreadRange[]> {
  if (now - kept.at >= rangeMapTtl(env)) {
    kept.ranges = await readThreadRanges(env);
    kept.at = now;
  }
  return kept.ranges;
}

/**
 * The thread database this isolate's map last said holds question `qid`, without reading the map
 * (null: DB, or no map read yet), and whether that map is within its lifetime (then a read may go
 * by it, as writes do; otherwise it is a guess the read checks).
 */
export function keptHomeOf(env: Env, qid: number, now: number): { binding: string; fresh: boolean } | null {
  const binding = bindingOf(kept.ranges, qid);
  return binding === SITE_DB ? null : { binding, fresh: now - kept.at < rangeMapTtl(env) };
}

/** SQL: the binding the map gives question `qid` (NULL: DB's), the one look-up of the map in SQL. */
function homeSql(qid: SQLWrapper | number): SQL<string | null> {
  return sql`(SELECT binding FROM thread_ranges WHERE first_id <= ${qid} ORDER BY first_id DESC LIMIT 1)`;
}

/** SQL: the binding of the thread database holding question `qid`, NULL when DB holds it (a column for lists of rows naming questions). */
export function threadDbSql(qid: SQLWrapper): SQL<string | null> {
  return sql<string | null>`NULLIF(COALESCE(${homeSql(qid)}, ${SITE_DB}), ${SITE_DB})`;
}

/**
 * The statement saying which database holds question `qid` now, for a read's own batch: no row
 * while the map is empty, else one whose binding is null for DB's.
 */
export function homeQuery(env: Env, qid: SQLWrapper | number) {
  return dbOf(env)
    .select({ binding: homeSql(qid) })
    .from(schema.threadRanges)
    .limit(1);
}

/** Whether this isolate's map gives any range to a thread database (then a write may have left outbox rows there). */
export function threadsInUse(): boolean {
  return kept.ranges.some((r) => r.binding !== SITE_DB);
}

/** Drops the isolate's copy of the map (after this isolate changed it). */
export function forgetThreadRanges(): void {
  kept.at = Number.NEGATIVE_INFINITY;
}

/** The range holding question `qid` (the last whose first id is not above it), or null for DB's. */
export function rangeOf(ranges: readonly ThreadRange[], qid: number): ThreadRange | null {
  let lo = 0;
  let hi = ranges.length - 1;
  let found: ThreadRange | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].firstId <= qid) {
      found = ranges[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The binding of the database holding question `qid` in `ranges`. */
export function bindingOf(ranges: readonly ThreadRange[], qid: number): string {
  return rangeOf(ranges, qid)?.binding ?? SITE_DB;
}

/** The env whose DB is the binding `name` (the request's own env for DB, keeping its D1 session). */
export function envOfBinding(env: Env, name: string): Env {
  const on = envOn(env, name);
  if (!on) throw new Error(`the range map names ${name}, which is not a D1 binding of this Worker`);
  return on;
}

/**
 * The refusal a write met in DB's guard on moved questions (migration 0031: a question whose range
 * the map gives to another database, or whose range is frozen, takes no writes there), as the
 * site's errid; null for any other failure.
 */
export function threadRefusal(e: unknown): DomainError | null {
  // D1's error, or a query error of drizzle's that carries it as its cause
  for (let x: unknown = e, depth = 0; x instanceof Error && depth < 4; x = x.cause, depth++) {
    if (x.message.includes("otvety: thread moved")) return new DomainError(ERR.threadArchived);
    if (x.message.includes("otvety: thread moving")) return new DomainError(ERR.threadMoving);
  }
  return null;
}

/**
 * SQL: the question whose id is `qid` lives in DB (no range of the map gives it to another
 * database). The cron's and the on-read writes pick only such questions, which DB's guard lets them write.
 */
export function inSiteDb(qid: SQLWrapper): SQL {
  return sql`COALESCE(${homeSql(qid)}, ${SITE_DB}) = ${SITE_DB}`;
}

/** The env to read question `qid`'s thread through (its `threadHome`'s). */
export async function threadReadEnv(env: Env, qid: number, now: number): Promise<Env> {
  return (await threadHome(env, qid, now)).env;
}

/**
 * The env to write question `qid`'s thread through; while its range is frozen for the last step of
 * a move the write is refused (503, errid 650: try again in a second).
 */
export async function threadWriteEnv(env: Env, qid: number, now: number): Promise<Env> {
  const range = rangeOf(await threadRanges(env, now), qid);
  if (range && range.frozenUntil > now) throw new DomainError(ERR.threadMoving);
  return envOfBinding(env, range?.binding ?? SITE_DB);
}

/** An answer's question id as database `on` holds it, for readThreadRow. */
export function answerQid(aid: number) {
  const a = schema.answers;
  return (on: Env) => dbOf(on).select({ qid: a.qid }).from(a).where(sql`${a.id} = ${aid}`).get();
}

/**
 * The env to write the thread of an answer known by its own id alone through: DB's own env, without
 * a read, while this isolate's map gives no range to a thread database and DB gave the id out;
 * otherwise its question is found where it lives (readThreadRow) and its thread's write env given
 * (threadWriteEnv). An answer no database holds is DB's, whose reads then refuse it as they always did.
 */
export async function answerWriteEnv(env: Env, aid: number, now: number): Promise<Env> {
  const ranges = await threadRanges(env, now);
  if (blockOwner(aid) === SITE_DB && !ranges.some((r) => r.binding !== SITE_DB)) return env;
  const found = await readThreadRow(env, aid, now, answerQid(aid));
  return found?.row.qid != null ? threadWriteEnv(env, found.row.qid, now) : env;
}

/**
 * Where question `qid`'s thread is read: the env of its database, and whether that is DB (`joined`:
 * its reads may join the users, who live there; otherwise they take the authors' ids alone and the
 * authors are read from DB after).
 */
export type ThreadHome = { env: Env; joined: boolean };

/** The home of question `qid`'s thread by this isolate's map (read again when past its lifetime). */
export async function threadHome(env: Env, qid: number, now: number): Promise<ThreadHome> {
  const binding = bindingOf(await threadRanges(env, now), qid);
  return { env: envOfBinding(env, binding), joined: binding === SITE_DB };
}

/**
 * A thread's row read from the database `found.on` (with its question's id), read again where its
 * question lives when the map gives that question to another database; null when it is not there.
 */
export async function rowAtHome<T extends { qid: number | null }>(
  env: Env,
  found: { row: T; on: Env; joined: boolean },
  now: number,
  read: (on: Env) => Promise<T | undefined | null>,
): Promise<{ row: T; home: ThreadHome } | null> {
  if (found.row.qid == null) return { row: found.row, home: { env: found.on, joined: found.joined } };
  const home = await threadHome(env, found.row.qid, now);
  if (home.env.DB === found.on.DB) return { row: found.row, home };
  const there = await read(home.env);
  return there ? { row: there, home } : null;
}

/**
 * A thread's row known by its own id alone (an answer, a comment), read where it lives: first in the
 * database that gave the id out (its block), then where its question lives (`rowAtHome`). `read`
 * reads the row (with its question's id) from a database's env. Null when no database holds it, or
 * its id names a database this Worker does not bind.
 */
export async function readThreadRow<T extends { qid: number | null }>(
  env: Env,
  id: number,
  now: number,
  read: (on: Env) => Promise<T | undefined | null>,
): Promise<{ row: T; home: ThreadHome } | null> {
  const owner = blockOwner(id);
  const on = envOn(env, owner);
  if (!on) return null;
  const row = await read(on);
  return row ? rowAtHome(env, { row, on, joined: owner === SITE_DB }, now, read) : null;
}
