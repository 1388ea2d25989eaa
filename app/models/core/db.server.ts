import { createTableRelationsHelpers, extractTablesRelationalConfig, type SQL, sql } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "../../../db/schema";

/**
 * Drizzle's relational view of the schema, worked out once per isolate: building it walks every
 * table, and each request has a D1 session of its own (read replicas), so a Drizzle database is
 * made per request and must not pay for it again.
 */
let relational: {
  fullSchema: typeof schema;
  schema: ReturnType<typeof extractTablesRelationalConfig>["tables"];
  tableNamesMap: Record<string, string>;
} | null = null;
const dialect = new SQLiteAsyncDialect();

function build(d1: D1Database | D1DatabaseSession) {
  if (!relational) {
    const config = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: config.tables, tableNamesMap: config.tableNamesMap };
  }
  // what drizzle(d1, { schema }) builds, with the relational config made above
  const session = new SQLiteD1Session(d1 as D1Database, dialect, relational as never, {});
  return new DrizzleD1Database("async", dialect, session, relational as never) as unknown as DrizzleD1Database<typeof schema>;
}

export type Db = ReturnType<typeof build>;

const built = new WeakMap<D1Database, Db>();

/**
 * The Drizzle database of a Worker's env. Every model function takes `env` first and reaches D1
 * through this; it is built once per D1 binding or per request's D1 session.
 */
export function dbOf(env: Env): Db {
  let db = built.get(env.DB);
  if (!db) {
    db = build(env.DB);
    built.set(env.DB, db);
  }
  return db;
}

/**
 * drizzle 0.45's D1 batch binds `preparedQuery.stmt`, which a raw `db.run(sql)` (and so
 * pointsChange) lacks: give such statements their D1 statement before batching. A no-op for query
 * builders.
 */
export function batchable<T extends readonly unknown[]>(env: Env, statements: T): T {
  for (const s of statements as readonly Record<string, unknown>[]) {
    if (!("stmt" in s) && typeof s.getQuery === "function") {
      s.stmt = env.DB.prepare((s.getQuery as () => { sql: string }).call(s).sql);
    }
  }
  return statements;
}

export { schema };

/**
 * The values of a list as a subquery (`x IN (${valuesOf(ids)})`): one bound parameter whatever
 * the list's length, where Drizzle's inArray binds one per value and D1 takes at most 100.
 */
export function valuesOf(list: readonly (string | number)[]): SQL {
  return sql`SELECT value FROM json_each(${JSON.stringify(list)})`;
}
