/**
 * Following users: follow and unfollow (named calls; field `uid`). One follows row
 * per (follower, 'U', user) by its UNIQUE index; users.followers of the target and users.following
 * of the follower move with the row in the same batch, each guarded by changes() = 1, so concurrent
 * duplicates leave one row and one step of each counter. A follow also creates the target's
 * 'follower' notification, once per pair within a day (docs/decisions/0014-notifications.md,
 * 0024). A user may not follow someone who has him on his blacklist (392); unfollowing stays open.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { idField, last, Offset, PageSize } from "../../lib/fields";
import { LIMITS } from "../../lib/limits";
import { batchable, dbOf, schema } from "../core/db.server";
import { announce } from "../notifications/push.server";
import { followerNotification } from "../notifications/create.server";
import { requireUser, requireWriter, type Session } from "./session.server";
import { blacklistedBy, refuseIfBlacklisted } from "./blacklist.server";

const f = schema.follows;
const u = schema.users;

export const FollowInput = z.object({ uid: idField(ERR_MSG.userNotFound) });

/**
 * The signed-in writer and the existing other user he means: 120 unknown, 380 himself; with
 * whether that user has him on his blacklist.
 */
async function target(env: Env, session: Session | null, uid: number) {
  const user = requireWriter(session);
  if (uid === user.id) throw new DomainError(ERR.followSelf);
  const [rows, blacklisted] = await dbOf(env).batch([dbOf(env).select({ id: u.id }).from(u).where(eq(u.id, uid)).limit(1), blacklistedBy(env, user.id, uid)]);
  if (!rows[0]) throw new DomainError(ERR.userNotFound);
  return { user, blacklisted };
}

/** follow: subscribe to a user; already subscribed is refused with 381, blacklisted by him with 392. */
export async function follow(env: Env, session: Session | null, input: z.infer<typeof FollowInput>, now: number) {
  const { user, blacklisted } = await target(env, session, input.uid);
  refuseIfBlacklisted(blacklisted, ERR.blacklistedFollow);
  const db = dbOf(env);
  const results = await db.batch(
    batchable(env, [
      db.insert(f).values({ followerId: user.id, targetType: "U", targetId: input.uid, added: now }).onConflictDoNothing().returning({ id: f.id }),
      db
        .update(u)
        .set({ followers: sql`${u.followers} + 1` })
        .where(and(eq(u.id, input.uid), sql`changes() = 1`))
        .returning({ followers: u.followers }),
      db
        .update(u)
        .set({ following: sql`${u.following} + 1` })
        .where(and(eq(u.id, user.id), sql`changes() = 1`)),
      // last: changes() = 1 here exactly when the chain above wrote the row and both counters
      ...followerNotification(env, { userId: input.uid, followerId: user.id, when: sql`changes() = 1`, now }),
    ] as const),
  );
  const [inserted, counted] = results;
  if (inserted.length === 0) throw new DomainError(ERR.alreadyFollowing);
  await announce(env, results);
  return { followers: counted[0]?.followers ?? 0, subscribed: 1 };
}

/** unfollow: the row goes and both counters step back (never below 0); not subscribed is 382. */
export async function unfollow(env: Env, session: Session | null, input: z.infer<typeof FollowInput>, _now: number) {
  const { user } = await target(env, session, input.uid);
  const db = dbOf(env);
  const [deleted, counted] = await db.batch(
    batchable(env, [
      db
        .delete(f)
        .where(and(eq(f.followerId, user.id), eq(f.targetType, "U"), eq(f.targetId, input.uid)))
        .returning({ id: f.id }),
      db
        .update(u)
        .set({ followers: sql`max(${u.followers} - 1, 0)` })
        .where(and(eq(u.id, input.uid), sql`changes() = 1`))
        .returning({ followers: u.followers }),
      db
        .update(u)
        .set({ following: sql`max(${u.following} - 1, 0)` })
        .where(and(eq(u.id, user.id), sql`changes() = 1`)),
    ] as const),
  );
  if (deleted.length === 0) throw new DomainError(ERR.notFollowing);
  return { followers: counted[0]?.followers ?? 0, subscribed: 0 };
}

// ---- one's followers: removefollower, who_follow

export const RemoveFollowerInput = z.object({ data: idField(ERR_MSG.userNotFound) });

/**
 * removefollower: the signed-in user drops `data` from his followers: the follows row goes and both
 * counters step back (never below 0), in one batch; someone who does not follow him is 383.
 */
export async function removeFollower(env: Env, session: Session | null, input: z.infer<typeof RemoveFollowerInput>) {
  const user = requireUser(session);
  const db = dbOf(env);
  const [deleted, counted] = await db.batch(
    batchable(env, [
      db
        .delete(f)
        .where(and(eq(f.followerId, input.data), eq(f.targetType, "U"), eq(f.targetId, user.id)))
        .returning({ id: f.id }),
      db
        .update(u)
        .set({ followers: sql`max(${u.followers} - 1, 0)` })
        .where(and(eq(u.id, user.id), sql`changes() = 1`))
        .returning({ followers: u.followers }),
      db
        .update(u)
        .set({ following: sql`max(${u.following} - 1, 0)` })
        .where(and(eq(u.id, input.data), sql`changes() = 1`)),
    ] as const),
  );
  if (deleted.length === 0) throw new DomainError(ERR.notFollower);
  return { followers: counted[0]?.followers ?? 0, removed: input.data };
}

const mine = alias(f, "mine");

/**
 * One page of a user's followers (follows_target_idx), newest first, or oldest first when
 * `reverse`; `fr` tells whether the user follows that follower back.
 */
export function followersPageQuery(env: Env, uid: number, offset: number, limit: number, reverse = false) {
  const order = reverse ? [asc(f.added), asc(f.id)] : [desc(f.added), desc(f.id)];
  return dbOf(env)
    .select({
      id: u.id,
      nick: u.nick,
      lvl: u.lvl,
      added: f.added,
      fr: sql<number>`${mine.id} is not null`.as("fr"),
    })
    .from(f)
    .innerJoin(u, eq(u.id, f.followerId))
    .leftJoin(mine, and(eq(mine.followerId, uid), eq(mine.targetType, "U"), eq(mine.targetId, f.followerId)))
    .where(and(eq(f.targetType, "U"), eq(f.targetId, uid)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export type FollowerItem = { id: number; nick: string; lvl: number; fr: boolean; brand: null; brand_cid: null };

export const followerItem = (r: Awaited<ReturnType<typeof followersPageQuery>>[number]): FollowerItem => ({
  id: r.id,
  nick: r.nick,
  lvl: r.lvl,
  fr: r.fr === 1,
  brand: null,
  brand_cid: null,
});

export const WhoFollowInput = z.object({
  p: Offset.transform((p) => p ?? 0),
  n: PageSize.transform((n) => n ?? LIMITS.pageSize),
  /** 1: oldest first */
  reverse: z.preprocess(last, z.unknown()).transform((v) => v === "1"),
});

/** who_follow: the signed-in user's followers, paged by p (n ≤ 20): {followers: [{id, nick, lvl, fr, brand, brand_cid}], more, total}. */
export async function whoFollow(env: Env, session: Session | null, input: z.infer<typeof WhoFollowInput>) {
  const user = requireUser(session);
  const db = dbOf(env);
  const [rows, total] = await db.batch([
    followersPageQuery(env, user.id, input.p, input.n + 1, input.reverse),
    db.select({ followers: u.followers }).from(u).where(eq(u.id, user.id)),
  ]);
  return { followers: rows.slice(0, input.n).map(followerItem), more: rows.length > input.n ? 1 : 0, total: total[0]?.followers ?? 0 };
}

/** Whether `viewerId` follows user `uid` (the follow button's state). */
export function followingQuery(env: Env, viewerId: number, uid: number) {
  return dbOf(env)
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.followerId, viewerId), eq(f.targetType, "U"), eq(f.targetId, uid)))
    .limit(1);
}

/** Which of `uids` the viewer follows (the follow buttons of a list): one read of follows_uq. */
export async function followedAmong(env: Env, viewerId: number, uids: number[]): Promise<number[]> {
  if (uids.length === 0) return [];
  const rows = await dbOf(env)
    .select({ id: f.targetId })
    .from(f)
    .where(and(eq(f.followerId, viewerId), eq(f.targetType, "U"), inArray(f.targetId, uids)));
  return rows.map((r) => r.id);
}
