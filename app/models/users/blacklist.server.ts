/**
 * The blacklist: `blacklist (owner_id, user_id)` — the owner put the user on his list. The user
 * then cannot reach the owner: he may not answer the owner's questions, comment on his questions
 * or answers, reply to his comments, follow him, mention him in a question or send him a gift
 * (each refused with its own errid), and none of his actions notify the owner (the notification
 * rules drop such recipients in the action's own batch: ../notifications/create.server.ts).
 * docs/decisions/0024-sockets-and-unwanted-notifications.md lists every place.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { DomainError, type ErrId } from "../../lib/errors";
import { dbOf, schema } from "../core/db.server";

const bl = schema.blacklist;

/**
 * The query (for the caller's read batch) of whoever among `owners` — one user id, or SQL selecting
 * one column of user ids — has `userId` on his blacklist; at most one row.
 */
export function blacklistedBy(env: Env, userId: number, owners: number | SQL) {
  const among = typeof owners === "number" ? sql`${owners}` : owners;
  return dbOf(env)
    .select({ ownerId: bl.ownerId })
    .from(bl)
    .where(and(eq(bl.userId, userId), sql`${bl.ownerId} IN (${among})`))
    .limit(1);
}

/** Refuses with `errid` when the read of `blacklistedBy` found an owner. */
export function refuseIfBlacklisted(rows: readonly unknown[], errid: ErrId): void {
  if (rows.length > 0) throw new DomainError(errid);
}
