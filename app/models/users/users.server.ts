import { type SQLWrapper, sql } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";

const u = schema.users;

/**
 * 1 for a volunteer moderator (app/lib/moderation.ts isModerator: type 'volonter' with a non-empty
 * list of permissions), else 0, in SQL: pages mark his nick with it.
 */
export const moderatorSql = sql<number>`CASE WHEN ${u.type} = 'volonter' AND json_valid(${u.permissions}) THEN json_array_length(${u.permissions}) > 0 ELSE 0 END`;

/** The columns a page needs to show an author: nick with level colour and points. */
// Aliased: D1 returns rows as objects, so a joined column named like one of the main table's
// (id, vip …) would overwrite it when drizzle maps a batch result.
export const authorColumns = {
  id: sql<number>`${u.id}`.as("author_id"),
  nick: sql<string>`${u.nick}`.as("author_nick"),
  lvl: sql<number>`${u.lvl}`.as("author_lvl"),
  points: sql<number>`${u.points}`.as("author_points"),
  kpd: sql<number>`${u.kpd}`.as("author_kpd"),
  vip: sql<number>`${u.vip}`.as("author_vip"),
  bannedUntil: sql<number | null>`${u.bannedUntil}`.as("author_banned_until"),
  banPermanent: sql<number>`${u.banPermanent}`.as("author_ban_permanent"),
  filin: sql<string | null>`${u.filin}`.as("author_filin"),
  moder: sql<number>`${moderatorSql}`.as("author_moder"),
};

/** An author by his id alone, for reads of a database without the users (a thread database): `authorsById` fills in the rest. */
export function authorIdOnly(userId: SQLWrapper) {
  return { id: sql<number>`${userId}`.as("author_id") };
}

export type AuthorRow = { [K in keyof typeof authorColumns]: (typeof authorColumns)[K]["_"]["type"] };

/** The authors of these ids as pages show them, by id, in one read of the users' database. */
export async function authorsById(env: Env, ids: readonly number[]): Promise<Map<number, AuthorRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await dbOf(env)
    .select(authorColumns)
    .from(u)
    .where(sql`${u.id} IN (SELECT value FROM json_each(${JSON.stringify(unique)}))`);
  return new Map(rows.map((r) => [r.id, r as AuthorRow]));
}
