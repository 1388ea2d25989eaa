/**
 * Counts D1 round trips and statements of one request (only when the worker runs with the var
 * D1_STATS=1, as `npm run bench` does). A batch is one round trip carrying several statements.
 */
export type D1Stats = { roundTrips: number; statements: number };

const REAL = Symbol("real statement");

type Wrapped = D1PreparedStatement & { [REAL]: D1PreparedStatement };

function wrapStatement(stmt: D1PreparedStatement, stats: D1Stats): Wrapped {
  const count = () => {
    stats.roundTrips++;
    stats.statements++;
  };
  const wrapped = {
    [REAL]: stmt,
    bind: (...values: unknown[]) => wrapStatement(stmt.bind(...values), stats),
    first: (col?: string) => {
      count();
      return col === undefined ? stmt.first() : stmt.first(col);
    },
    all: () => {
      count();
      return stmt.all();
    },
    run: () => {
      count();
      return stmt.run();
    },
    raw: (opts?: { columnNames?: boolean }) => {
      count();
      return stmt.raw(opts as { columnNames: true });
    },
  };
  return wrapped as unknown as Wrapped;
}

export function countingD1(db: D1Database, stats: D1Stats): D1Database {
  return {
    prepare: (query: string) => wrapStatement(db.prepare(query), stats),
    batch: (stmts: D1PreparedStatement[]) => {
      stats.roundTrips++;
      stats.statements += stmts.length;
      return db.batch(stmts.map((s) => (s as Wrapped)[REAL] ?? s));
    },
    exec: (query: string) => {
      stats.roundTrips++;
      stats.statements++;
      return db.exec(query);
    },
    dump: () => db.dump(),
    withSession: (c?: string) => db.withSession(c),
  } as unknown as D1Database;
}
