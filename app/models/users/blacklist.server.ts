/**
 * The blacklist: `blacklist (owner_id, user_id)` — the owner put the user on his list. The user
 * then cannot reach the owner: he may not answer the owner's questions, comment on his questions
 * or answers, reply to his comments, follow him, mention him in a question or send him a gift
 * (each refused with its own errid), and none of his actions notify the owner (the notification
 * rules drop such recipients in the action's own batch: ../notifications/create.server.ts).
 * docs/decisions/0024-sockets-and-unwanted-notifications.md lists every place.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError, type ErrId } from "../../lib/errors";
import { last, Offset, PageSize } from "../../lib/fields";
import { LIMITS } from "../../lib/limits";
import { batchable, dbOf, schema } from "../core/db.server";
import { requireUser, type Session } from "./session.server";

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

// ---- editing and reading one's own blacklist: addblist, delblist, listblist

const u = schema.users;

/** The user an entry names: a positive whole number (anything else is 397). */
const bidField = z.preprocess(
  last,
  z.coerce
    .number(ERR_MSG.blacklistIdInvalid)
    .int(ERR_MSG.blacklistIdInvalid)
    .positive(ERR_MSG.blacklistIdInvalid)
    .max(2 ** 31 - 1, ERR_MSG.blacklistIdInvalid),
);

export const BlacklistEditInput = z.object({ bid: bidField });

export const ListBlacklistInput = z.object({
  /** whose list: only one's own (another's is 398); left out, one's own */
  bid: z.preprocess(blankToUndefined, bidField.optional()),
  p: Offset.transform((p) => p ?? 0),
  n: PageSize.transform((n) => n ?? LIMITS.pageSize),
});

function blankToUndefined(v: unknown) {
  const x = last(v);
  return x === "" || x === null ? undefined : x;
}

/**
 * addblist: the signed-in user puts `bid` on his blacklist. Himself is 394, an unknown user 120,
 * already listed 395. The row and the owner's count of listed users (users.black_cnt) are written
 * in one batch, the count guarded by changes() = 1 so that concurrent duplicates count once. An
 * existing follow of the owner by that user stays (its notifications are silenced anyway).
 */
export async function addBlacklist(env: Env, session: Session | null, input: z.infer<typeof BlacklistEditInput>, now: number) {
  const user = requireUser(session);
  if (input.bid === user.id) throw new DomainError(ERR.blacklistSelf);
  const db = dbOf(env);
  const found = await db.select({ id: u.id }).from(u).where(eq(u.id, input.bid)).limit(1);
  if (!found[0]) throw new DomainError(ERR.userNotFound);
  const [inserted, counted] = await db.batch(
    batchable(env, [
      db.insert(bl).values({ ownerId: user.id, userId: input.bid, added: now }).onConflictDoNothing().returning({ id: bl.id }),
      db
        .update(u)
        .set({ blackCnt: sql`${u.blackCnt} + 1` })
        .where(and(eq(u.id, user.id), sql`changes() = 1`))
        .returning({ blackCnt: u.blackCnt }),
    ] as const),
  );
  if (inserted.length === 0) throw new DomainError(ERR.alreadyBlacklisted);
  return { bid: input.bid, blacklisted: 1, count: counted[0]?.blackCnt ?? 0 };
}

/** delblist: the entry goes and the owner's count steps back (never below 0); not listed is 396. */
export async function delBlacklist(env: Env, session: Session | null, input: z.infer<typeof BlacklistEditInput>) {
  const user = requireUser(session);
  const db = dbOf(env);
  const [deleted, counted] = await db.batch(
    batchable(env, [
      db
        .delete(bl)
        .where(and(eq(bl.ownerId, user.id), eq(bl.userId, input.bid)))
        .returning({ id: bl.id }),
      db
        .update(u)
        .set({ blackCnt: sql`max(${u.blackCnt} - 1, 0)` })
        .where(and(eq(u.id, user.id), sql`changes() = 1`))
        .returning({ blackCnt: u.blackCnt }),
    ] as const),
  );
  if (deleted.length === 0) throw new DomainError(ERR.notBlacklisted);
  return { bid: input.bid, blacklisted: 0, count: counted[0]?.blackCnt ?? 0 };
}

/** One page of an owner's blacklist, newest entry first (blacklist_uq: owner_id leads it). */
export function blacklistPageQuery(env: Env, ownerId: number, offset: number, limit: number) {
  return dbOf(env)
    .select({ id: u.id, nick: u.nick, lvl: u.lvl, added: bl.added })
    .from(bl)
    .innerJoin(u, eq(u.id, bl.userId))
    .where(eq(bl.ownerId, ownerId))
    .orderBy(desc(bl.added), desc(bl.id))
    .limit(limit)
    .offset(offset);
}

/** listblist: one's own blacklist, paged by p (n ≤ 20), newest first: {list: [{id, nick, lvl, added}], more}. */
export async function listBlacklist(env: Env, session: Session | null, input: z.infer<typeof ListBlacklistInput>) {
  const user = requireUser(session);
  if (input.bid !== undefined && input.bid !== user.id) throw new DomainError(ERR.notYourBlacklist);
  const rows = await blacklistPageQuery(env, user.id, input.p, input.n + 1);
  return { list: rows.slice(0, input.n), more: rows.length > input.n ? 1 : 0 };
}

/** Whether `ownerId` has `userId` on his blacklist (the button on the other's profile). */
export function blacklistedQuery(env: Env, ownerId: number, userId: number) {
  return dbOf(env)
    .select({ id: bl.id })
    .from(bl)
    .where(and(eq(bl.ownerId, ownerId), eq(bl.userId, userId)))
    .limit(1);
}
