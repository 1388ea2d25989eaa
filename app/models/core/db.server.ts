import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../../db/schema";

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof getDb>;

/**
 * drizzle 0.45's D1 batch binds `preparedQuery.stmt`, which a raw `db.run(sql)` (and so
 * pointsChange) lacks: give such statements their D1 statement before batching. A no-op for query
 * builders.
 */
export function batchable<T extends readonly unknown[]>(d1: D1Database, statements: T): T {
  for (const s of statements as readonly Record<string, unknown>[]) {
    if (!("stmt" in s) && typeof s.getQuery === "function") {
      s.stmt = d1.prepare((s.getQuery as () => { sql: string }).call(s).sql);
    }
  }
  return statements;
}

export { schema };
