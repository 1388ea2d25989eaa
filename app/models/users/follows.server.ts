/**
 * Following users: follow and unfollow (named calls; field `uid`). One follows row
 * per (follower, 'U', user) by its UNIQUE index; users.followers of the target and users.following
 * of the follower move with the row in the same batch, each guarded by changes() = 1, so concurrent
 * duplicates leave one row and one step of each counter. A follow also creates the target's
 * 'follower' notification, once per pair within a day (docs/decisions/0014-notifications.md,
 * 0024). A user may not follow someone who has him on his blacklist (392); unfollowing stays open.
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { idField } from "../../lib/fields";
import { batchable, dbOf, schema } from "../core/db.server";
import { announce } from "../notifications/push.server";
import { followerNotification } from "../notifications/create.server";
import { requireWriter, type Session } from "./session.server";
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
