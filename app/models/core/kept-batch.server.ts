import { fillPlaceholders } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";

/** What Drizzle prepares of a query: its SQL with the parameters in order, and how its rows become objects. */
type Prepared = { getQuery(): { sql: string; params: unknown[] }; mapResult(response: unknown, isFromBatch?: boolean): unknown };

type Template = { sql: string; params: unknown[]; prepared: Prepared };

/**
 * A batch of statements whose SQL is the same on every request but for the values bound to it
 * (`sql.placeholder("name")` where a request's value goes). Drizzle's query building — the SQL
 * text, the order of its parameters, how a row is mapped to an object — is done once per isolate,
 * on the first call (with that request's env: its statement builders are the usual ones); every
 * call after that only binds its values on its own D1 (the request's
 * session) and maps the rows. Returns what `db.batch` of the same statements returns.
 *
 * For the hot pages' reads: building a batch of joins with Drizzle costs a few milliseconds of CPU
 * on every request, binding it almost nothing.
 */
export function keptBatch<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(build: (env: Env) => T) {
  let templates: Template[] | null = null;
  return async (env: Env, values: Record<string, unknown>): Promise<BatchResponse<T>> => {
    templates ??= build(env).map((query) => {
      // what Drizzle's own batch does with each statement (an internal of its query builders)
      const prepared = (query as unknown as { _prepare(): Prepared })._prepare();
      const { sql, params } = prepared.getQuery();
      return { sql, params, prepared };
    });
    const results = await env.DB.batch(templates.map((t) => env.DB.prepare(t.sql).bind(...fillPlaceholders(t.params, values))));
    return templates.map((t, i) => t.prepared.mapResult(results[i], true)) as BatchResponse<T>;
  };
}
