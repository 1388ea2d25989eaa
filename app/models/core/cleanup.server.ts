/**
 * The cron's cleanup (docs/decisions/0022): rows nobody needs any more are deleted, at most
 * `batch` of each table per run (the cron runs every 5 minutes), so a backlog goes over several
 * runs and no run holds D1 for long. One batch, one round trip.
 */
import { and, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { dbOf, schema } from "./db.server";

const DAY = 86_400_000;

export const RETENTION = {
  /** sign-in attempts are a record for the people who run the site, kept a day */
  loginAttemptsMs: DAY,
  /** sessions go 30 days after they expired or were revoked */
  sessionsMs: 30 * DAY,
  /** tracking events are kept 90 days */
  trackEventsMs: 90 * DAY,
} as const;

export const CLEANUP_BATCH = 1000;

/** Deletes expired captchas, old sign-in attempts, long-ended sessions and old tracking rows; how many of each went. */
export async function cleanUp(env: Env, now: number, batch = CLEANUP_BATCH) {
  const db = dbOf(env);
  const { captchas, loginAttempts, sessions, trackEvents } = schema;
  const upTo = <T extends SQLiteTable>(table: T, key: SQLiteColumn, due: SQL | undefined) =>
    db.delete(table).where(inArray(key, db.select({ key }).from(table).where(due).limit(batch)));
  const results = await db.batch([
    upTo(captchas, captchas.id, lt(captchas.expiresAt, now)),
    upTo(loginAttempts, loginAttempts.id, lt(loginAttempts.added, now - RETENTION.loginAttemptsMs)),
    upTo(
      sessions,
      sessions.id,
      or(lt(sessions.expiresAt, now - RETENTION.sessionsMs), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, now - RETENTION.sessionsMs))),
    ),
    upTo(trackEvents, trackEvents.id, lt(trackEvents.added, now - RETENTION.trackEventsMs)),
  ]);
  const [c, l, s, t] = results.map((r) => (r as D1Result).meta.changes);
  return { captchas: c, loginAttempts: l, sessions: s, trackEvents: t };
}
