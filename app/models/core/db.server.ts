import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../../db/schema";

function build(env: Env) {
  return drizzle(env.DB, { schema });
}

export type Db = ReturnType<typeof build>;

const built = new WeakMap<D1Database, Db>();

/**
 * The Drizzle database of a Worker's env. Every model function takes `env` first and reaches D1
 * through this; it is built once per D1 binding (Drizzle's relational config is not free to build
 * on every call).
 */
export function dbOf(env: Env): Db {
  let db = built.get(env.DB);
  if (!db) {
    db = build(env);
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
