import { sql } from "drizzle-orm";
import { schema } from "../core/db.server";

const u = schema.users;

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
};
