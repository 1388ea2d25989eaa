import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { createTableRelationsHelpers, extractTablesRelationalConfig } from "drizzle-orm/relations";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "../../../db/schema";

export type Db = DrizzleD1Database<typeof schema>;

/**
 * What Drizzle derives from the schema (the relational config of every table, the dialect) depends
 * on the schema alone, so it is built once per isolate; `drizzle()` would build it again for every
 * D1 binding it wraps, and a request whose env wraps its D1 (the D1 statistics) would pay for it
 * on every request.
 */
let shared: { dialect: SQLiteAsyncDialect; relational: { fullSchema: typeof schema; schema: unknown; tableNamesMap: Record<string, string> } } | null = null;

function build(d1: D1Database): Db {
  if (!shared) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    shared = { dialect: new SQLiteAsyncDialect(), relational: { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap } };
  }
  const { dialect, relational } = shared;
  // what drizzle(d1, { schema }) does, with the config built above
  // biome-ignore lint/suspicious/noExplicitAny: Drizzle's session and database constructors are typed for its own factory's generics
  const session = new SQLiteD1Session(d1, dialect, relational as any, {});
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const db = new DrizzleD1Database("async", dialect, session as any, relational as any) as Db & { $client: D1Database };
  db.$client = d1;
  return db;
}

const built = new WeakMap<D1Database, Db>();

/**
 * The Drizzle database of a Worker's env. Every model function takes `env` first and reaches D1
 * through this; it is built once per D1 binding, over the schema's config built once per isolate.
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
