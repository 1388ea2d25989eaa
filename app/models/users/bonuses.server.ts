import { and, eq, lt, sql } from "drizzle-orm";
import { dbOf, schema } from "../core/db.server";
import { announce } from "../notifications/push.server";
import { bonusNotification } from "../notifications/create.server";
import { POINTS, pointsChange } from "./points.server";

const DAY = 86_400_000;
/**
 * The welcome bonus rewards trying the main features within this many days of registering (the
 * calls that count say `welcome: true` in app/calls).
 */
export const WELCOME_DAYS = 7;

/** The Moscow day (UTC+3 all year) of a moment. */
export function moscowDay(ms: number): number {
  return Math.floor((ms + 10_800_000) / DAY);
}

/**
 * +1 point for the first visit of a Moscow day: one batch that moves last_visit_day forward and
 * pays only if it did, so concurrent first page views pay once.
 */
export async function dailyVisit(env: Env, userId: number, now: number) {
  const db = dbOf(env);
  const day = moscowDay(now);
  const results = await db.batch([
    db
      .update(schema.users)
      .set({ lastVisitDay: day })
      .where(and(eq(schema.users.id, userId), lt(schema.users.lastVisitDay, day))),
    ...pointsChange(env, userId, POINTS.dailyVisit, "visit", null, now, true),
  ]);
  // the point may reach a level
  await announce(env, results);
}

/**
 * +25 once, when within 7 days of registering the user has asked, answered, commented and voted
 * (in a poll or for a best answer). One guarded batch: nothing happens until all four are true;
 * then also the 'bonus25' notification.
 */
export async function welcomeBonus(env: Env, userId: number, now: number) {
  const db = dbOf(env);
  const results = await db.batch([
    db
      .update(schema.users)
      .set({ welcomeBonus: 1 })
      .where(sql`id = ${userId} AND welcome_bonus = 0 AND created_at > ${now - WELCOME_DAYS * DAY}
      AND EXISTS (SELECT 1 FROM questions WHERE user_id = ${userId})
      AND EXISTS (SELECT 1 FROM answers WHERE user_id = ${userId})
      AND EXISTS (SELECT 1 FROM comments WHERE user_id = ${userId})
      AND (EXISTS (SELECT 1 FROM poll_votes WHERE user_id = ${userId}) OR EXISTS (SELECT 1 FROM best_votes WHERE user_id = ${userId}))`),
    ...pointsChange(env, userId, POINTS.welcome, "welcome", null, now, true),
    ...bonusNotification(env, { userId, now }),
  ]);
  await announce(env, results);
}
