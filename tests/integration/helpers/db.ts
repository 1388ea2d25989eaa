import { env } from "cloudflare:test";
import { expect } from "vitest";

/** Small reads and writes straight against the test file's D1. */

/** The first row, or null. */
export const one = <T = Record<string, any>>(query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<T>();

/** The column v of the first row; a missing row fails the test. */
export async function value<T = number>(query: string, ...binds: unknown[]): Promise<T> {
  const v = await env.DB.prepare(query)
    .bind(...binds)
    .first<T>("v");
  if (v === null) throw new Error(`no row: ${query}`);
  return v;
}

/** Every row. */
export const all = async <T = Record<string, any>>(query: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;

/** Runs a write. */
export const exec = (query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .run();

/** The column n of a count query's row in any of the Worker's databases (0 when it has none). */
export const countIn = async (d1: D1Database, query: string, ...binds: unknown[]) =>
  (
    await d1
      .prepare(query)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? 0;

/** The number of rows in a table. */
export const countRows = (table: string) => value(`select count(*) v from ${table}`);

/**
 * Several single values in one row, each named by its key:
 * `fingerprint({ notes: "select count(*) from notifications" })` gives `{ notes: 12 }`. Taken
 * before and after a call, it shows what the call changed, or that a refusal changed nothing.
 */
export const fingerprint = (parts: Record<string, string>, ...binds: unknown[]) =>
  one(
    `select ${Object.entries(parts)
      .map(([key, query]) => `(${query}) ${key}`)
      .join(", ")}`,
    ...binds,
  );

/** A user's points; with `{ withLedger: true }` beside the sum of his ledger. */
export function points(userId: number): Promise<number>;
export function points(userId: number, opts: { withLedger: true }): Promise<{ points: number; ledger: number }>;
export async function points(userId: number, opts: { withLedger?: boolean } = {}) {
  if (!opts.withLedger) return value("select points v from users where id = ?", userId);
  const row = await one<{ points: number; ledger: number }>(
    "select points, (select coalesce(sum(delta), 0) from points_ledger where user_id = users.id) ledger from users where id = ?",
    userId,
  );
  return row!;
}

/** The sum of a user's ledger. */
export const ledgerSum = (userId: number) => value("select coalesce(sum(delta), 0) v from points_ledger where user_id = ?", userId);

/** A user's points equal the sum of his ledger; without a user, every user's do. */
export async function expectPointsMatchLedger(userId?: number) {
  if (userId === undefined) {
    const bad = await value("select count(*) v from users u where u.points != coalesce((select sum(delta) from points_ledger l where l.user_id = u.id), 0)");
    expect(bad).toBe(0);
    return;
  }
  const u = await one<{ points: number }>("select points from users where id = ?", userId);
  const s = await one<{ s: number }>("select sum(delta) s from points_ledger where user_id = ?", userId);
  expect(u!.points).toBe(s!.s);
}

/** A user's notification rows (of a kind, about a question when given), oldest first, with the columns asked for. */
export const notificationsOf = (userId: number, opts: { kind?: string; qid?: number; columns?: string } = {}) =>
  all(
    `select ${opts.columns ?? "id, kind, actor_id, qid, aid, cmid, lvl, txt, viewed"} from notifications
      where user_id = ?1 and (?2 is null or kind = ?2) and (?3 is null or qid = ?3) order by id`,
    userId,
    opts.kind ?? null,
    opts.qid ?? null,
  );

/**
 * Open questions made for the test, one per title, in the first writable leaf category, asked by
 * the first user who is neither `notBy` nor banned (so `notBy` may answer them); their ids in order.
 */
export async function openQuestions(notBy: number, titles: string[]): Promise<number[]> {
  const owner = await value("select id v from users where id <> ? and banned_until is null and ban_permanent = 0 order by id limit 1", notBy);
  const cat = await value("select id v from categories where parent_id is not null and readonly = 0 order by id limit 1");
  const top = await value("select parent_id v from categories where id = ?", cat);
  const now = Date.now();
  const rows = await all<{ id: number }>(
    `insert into questions (user_id, category_id, top_category_id, qtext, state, added, state_changed_at, updated_at)
     select ?, ?, ?, value, 'A', ?, ?, ? from json_each(?) order by key returning id`,
    owner,
    cat,
    top,
    now,
    now,
    now,
    JSON.stringify(titles),
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Makes the newest visible top-level category the user's favourite (the toolbar's menu stars it); that category. */
export async function favouriteTopCategory(userId: number): Promise<{ id: number; name: string }> {
  const fav = (await one<{ id: number; name: string }>("select id, name from categories where parent_id is null and hidden = 0 order by id desc limit 1"))!;
  await exec("update users set fav_categories = ? where id = ?", JSON.stringify([fav.id]), userId);
  return fav;
}
