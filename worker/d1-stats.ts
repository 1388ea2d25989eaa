/**
 * Counts the D1 work of one request (only when the worker runs with the var D1_STATS=1, as
 * `npm run bench` and the integration tests do): round trips, statements, the rows D1 says it
 * read, the round trips in a row (each waiting for the one before), and the time spent waiting
 * for D1 (x-d1-ms; round trips in flight together counted once). A batch is one round trip carrying several statements. Rows read are known for the
 * results that carry D1's meta (all, run and batches); first and raw give none.
 */
import { d1Named, threadBindings } from "../app/models/core/databases.server";

export type D1Stats = {
  roundTrips: number;
  statements: number;
  rowsRead: number;
  /** the longest chain of round trips each of which waited for the one before: what a reader far from D1 pays in latency */
  serial: number;
  /** the longest chain among the round trips finished so far */
  doneSerial: number;
  /** milliseconds spent waiting for D1, round trips in flight together counted once */
  waited: number;
  inFlight: number;
  since: number;
  /** reads made a second time for the bench (`readsTwice`) */
  repeated: number;
};

const REAL = Symbol("real statement");
const READ = Symbol("a read");

type Wrapped = D1PreparedStatement & { [REAL]: D1PreparedStatement; [READ]: boolean };

/**
 * Whether a statement only reads, the only kind `readsTwice` repeats: it begins with SELECT or WITH
 * and names no INSERT, UPDATE, DELETE or REPLACE (a read calling replace() is taken for a write and
 * made once, which can only understate D1's part).
 */
const isRead = (query: string) => /^\s*(select|with)\b/i.test(query) && !/\b(insert|update|delete|replace)\b/i.test(query);

/** What a request's D1 does besides being counted: with `readsTwice`, every read is made a second time (its result dropped). */
type Knobs = { readsTwice: boolean };

function readOf(stats: D1Stats, result: { meta?: { rows_read?: number } }) {
  stats.rowsRead += result.meta?.rows_read ?? 0;
}

/**
 * One round trip: it started after every round trip finished so far, so it extends the longest
 * chain among them by one; round trips in flight together (Promise.all) share a link of the chain.
 */
async function trip<T>(stats: D1Stats, statements: number, send: () => Promise<T>): Promise<T> {
  stats.roundTrips++;
  stats.statements += statements;
  const link = stats.doneSerial + 1;
  stats.serial = Math.max(stats.serial, link);
  if (stats.inFlight++ === 0) stats.since = performance.now();
  try {
    return await send();
  } finally {
    stats.doneSerial = Math.max(stats.doneSerial, link);
    if (--stats.inFlight === 0) stats.waited += performance.now() - stats.since;
  }
}

/** `send`, and once more when the knobs ask for reads twice and it is one (the second result dropped). */
async function sendAndRepeat<T>(stats: D1Stats, knobs: Knobs, read: boolean, send: () => Promise<T>): Promise<T> {
  const result = await send();
  if (knobs.readsTwice && read) {
    await send();
    stats.repeated++;
  }
  return result;
}

function wrapStatement(stmt: D1PreparedStatement, stats: D1Stats, knobs: Knobs, read: boolean): Wrapped {
  const again = <T>(send: () => Promise<T>) => sendAndRepeat(stats, knobs, read, send);
  const wrapped = {
    [REAL]: stmt,
    [READ]: read,
    bind: (...values: unknown[]) => wrapStatement(stmt.bind(...values), stats, knobs, read),
    first: (col?: string) => trip(stats, 1, () => again(() => (col === undefined ? stmt.first() : stmt.first(col)))),
    all: () =>
      trip(stats, 1, async () => {
        const result = await again(() => stmt.all());
        readOf(stats, result);
        return result;
      }),
    run: () =>
      trip(stats, 1, async () => {
        const result = await again(() => stmt.run());
        readOf(stats, result);
        return result;
      }),
    raw: (opts?: { columnNames?: boolean }) => trip(stats, 1, () => again(() => stmt.raw(opts as { columnNames: true }))),
  };
  return wrapped as unknown as Wrapped;
}

function countingD1(db: D1Database, stats: D1Stats, knobs: Knobs): D1Database {
  return {
    prepare: (query: string) => wrapStatement(db.prepare(query), stats, knobs, knobs.readsTwice && isRead(query)),
    batch: (stmts: D1PreparedStatement[]) =>
      trip(stats, stmts.length, async () => {
        const read = stmts.every((s) => (s as Wrapped)[READ] === true);
        const results = await sendAndRepeat(stats, knobs, read, () => db.batch(stmts.map((s) => (s as Wrapped)[REAL] ?? s)));
        for (const r of results) readOf(stats, r);
        return results;
      }),
    exec: (query: string) => trip(stats, 1, () => db.exec(query)),
    dump: () => db.dump(),
    withSession: (c?: string) => db.withSession(c),
  } as unknown as D1Database;
}

/**
 * The env a request works with: with D1_STATS=1 its D1 counts, and `report` writes the counts on
 * the response (x-d1-roundtrips, x-d1-statements, x-d1-rows-read; the search indexes' upkeep apart,
 * x-d1-index-rows-read); otherwise the env as it is. With the bench's knobs on (BENCH_KNOBS=1, set
 * by `npm run bench` alone) a request with `x-bench-d1: reads-twice` makes each of its reads twice,
 * so that the bench can tell what D1's part of a page costs the runtime (the counts stay the same),
 * and one with `x-bench-d1: once` is counted as usual: a worker run without D1_STATS (the bench's
 * deployed bundle) counts only the requests that ask.
 */
export function withD1Stats(env: Env, req?: Request): { env: Env; report(res: Response): void } {
  const knob = env.BENCH_KNOBS === "1" ? req?.headers.get("x-bench-d1") : null;
  if (env.D1_STATS !== "1" && !knob) return { env, report: () => {} };
  const knobs: Knobs = { readsTwice: knob === "reads-twice" };
  const stats: D1Stats = { roundTrips: 0, statements: 0, rowsRead: 0, serial: 0, doneSerial: 0, waited: 0, inFlight: 0, since: 0, repeated: 0 };
  // stemming rows written outside the worker (the search indexes' upkeep) is reported on its own line
  const upkeep: D1Stats = { ...stats };
  // the thread databases' reads count with DB's: a page of a question that lives in one shows both
  const threads = Object.fromEntries(threadBindings(env).map((name) => [name, countingD1(d1Named(env, name) as D1Database, stats, knobs)]));
  return {
    env: { ...env, ...threads, DB: countingD1(env.DB, stats, knobs), INDEX_DB: countingD1(env.DB, upkeep, knobs) },
    report(res) {
      res.headers.set("x-d1-index-rows-read", String(upkeep.rowsRead));
      res.headers.set("x-d1-roundtrips", String(stats.roundTrips));
      res.headers.set("x-d1-statements", String(stats.statements));
      res.headers.set("x-d1-rows-read", String(stats.rowsRead));
      res.headers.set("x-d1-serial", String(stats.serial));
      res.headers.set("x-d1-ms", stats.waited.toFixed(1));
      if (knobs.readsTwice) res.headers.set("x-d1-repeated", String(stats.repeated));
    },
  };
}
