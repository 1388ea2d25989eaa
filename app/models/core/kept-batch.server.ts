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
 * For the hot pages' reads (never writes): building a batch of joins with Drizzle costs a few
 * milliseconds of CPU on every request, binding it almost nothing. Kept batches a request starts
 * together go to D1 as one batch (`sendTogether`).
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
    const results = await sendTogether(
      env.DB,
      templates.map((t) => env.DB.prepare(t.sql).bind(...fillPlaceholders(t.params, values))),
    );
    return templates.map((t, i) => t.prepared.mapResult(results[i], true)) as BatchResponse<T>;
  };
}

/** Kept batches asked for on one D1 (one request's session) and not sent yet. */
type Waiting = { statements: D1PreparedStatement[]; resolve(results: D1Result[]): void; reject(error: unknown): void }[];

const waiting = new WeakMap<D1Database, Waiting>();

/**
 * Sends `statements` in one D1 batch together with every other kept batch asked for on the same D1
 * in the same turn (a page's loaders start their reads together): one round trip for all of them,
 * each caller getting its own results. Kept batches only read, so sending them together changes
 * nothing but the trips; when the batch fails, every caller gets the error.
 */
function sendTogether(db: D1Database, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  return new Promise((resolve, reject) => {
    let queue = waiting.get(db);
    if (!queue) {
      queue = [];
      waiting.set(db, queue);
      queueMicrotask(() => void send(db));
    }
    queue.push({ statements, resolve, reject });
  });
}

async function send(db: D1Database) {
  const queue = waiting.get(db) ?? [];
  waiting.delete(db);
  try {
    const results = await db.batch(queue.flatMap((q) => q.statements));
    let at = 0;
    for (const q of queue) {
      q.resolve(results.slice(at, at + q.statements.length));
      at += q.statements.length;
    }
  } catch (error) {
    for (const q of queue) q.reject(error);
  }
}
