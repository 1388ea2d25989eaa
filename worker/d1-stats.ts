/**
 * Counts the D1 work of one request (only when the worker runs with the var D1_STATS=1, as
 * `npm run bench` and the integration tests do): round trips, statements, and the rows D1 says it
 * read. A batch is one round trip carrying several statements. Rows read are known for the
 * results that carry D1's meta (all, run and batches); first and raw give none.
 *
 * The counting D1 is made once per D1 binding and finds the request it counts for in an
 * AsyncLocalStorage, so a request's env is not copied and its Drizzle database is not rebuilt on
 * every request (that would add to the very cost the counts are there to show).
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type D1Stats = { roundTrips: number; statements: number; rowsRead: number };

const REAL = Symbol("real statement");

type Wrapped = D1PreparedStatement & { [REAL]: D1PreparedStatement };

/** The counts of the request being served, if it counts. */
const current = new AsyncLocalStorage<D1Stats>();
const NO_STATS: D1Stats = { roundTrips: 0, statements: 0, rowsRead: 0 };
const counts = () => current.getStore() ?? NO_STATS;

function readOf(stats: D1Stats, result: { meta?: { rows_read?: number } }) {
  stats.rowsRead += result.meta?.rows_read ?? 0;
}

function wrapStatement(stmt: D1PreparedStatement): Wrapped {
  const count = () => {
    const stats = counts();
    stats.roundTrips++;
    stats.statements++;
  };
  const wrapped = {
    [REAL]: stmt,
    bind: (...values: unknown[]) => wrapStatement(stmt.bind(...values)),
    first: (col?: string) => {
      count();
      return col === undefined ? stmt.first() : stmt.first(col);
    },
    all: async () => {
      count();
      const result = await stmt.all();
      readOf(counts(), result);
      return result;
    },
    run: async () => {
      count();
      const result = await stmt.run();
      readOf(counts(), result);
      return result;
    },
    raw: (opts?: { columnNames?: boolean }) => {
      count();
      return stmt.raw(opts as { columnNames: true });
    },
  };
  return wrapped as unknown as Wrapped;
}

function countingD1(db: D1Database): D1Database {
  return {
    prepare: (query: string) => wrapStatement(db.prepare(query)),
    batch: async (stmts: D1PreparedStatement[]) => {
      const stats = counts();
      stats.roundTrips++;
      stats.statements += stmts.length;
      const results = await db.batch(stmts.map((s) => (s as Wrapped)[REAL] ?? s));
      for (const r of results) readOf(stats, r);
      return results;
    },
    exec: (query: string) => {
      const stats = counts();
      stats.roundTrips++;
      stats.statements++;
      return db.exec(query);
    },
    dump: () => db.dump(),
    withSession: (c?: string) => db.withSession(c),
  } as unknown as D1Database;
}

const countingOf = new WeakMap<D1Database, D1Database>();
const envOf = new WeakMap<Env, Env>();

/**
 * The env a request works with: with D1_STATS=1 its D1 counts, and `report` writes the counts on
 * the response (x-d1-roundtrips, x-d1-statements, x-d1-rows-read); otherwise the env as it is.
 * The request's work must run inside `run` to be counted.
 */
export function withD1Stats(env: Env): { env: Env; run<T>(work: () => Promise<T>): Promise<T>; report(res: Response): void } {
  if (env.D1_STATS !== "1") return { env, run: (work) => work(), report: () => {} };
  let counted = envOf.get(env);
  if (!counted) {
    let db = countingOf.get(env.DB);
    if (!db) {
      db = countingD1(env.DB);
      countingOf.set(env.DB, db);
    }
    counted = { ...env, DB: db };
    envOf.set(env, counted);
  }
  const stats: D1Stats = { roundTrips: 0, statements: 0, rowsRead: 0 };
  return {
    env: counted,
    run: (work) => current.run(stats, work),
    report(res) {
      res.headers.set("x-d1-roundtrips", String(stats.roundTrips));
      res.headers.set("x-d1-statements", String(stats.statements));
      res.headers.set("x-d1-rows-read", String(stats.rowsRead));
    },
  };
}
