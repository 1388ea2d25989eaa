/**
 * The Durable Objects as the app sees them: the user's UserHub (daily quotas, unread counter,
 * sockets), the question's QuestionRoom (live readers) and the Limiter of a rate-limit key.
 */
import { ERR } from "../../lib/errids";
import type { LiveAnswer } from "../../lib/views";
import type { RoomEvent as RoomMessage } from "../../../durable-objects/question-room";
import { DomainError, type ErrId } from "../../lib/errors";
import { quotaLimit, quotaLimits, quotaView, type QuotaCode, UNLIMITED_CODES } from "../../lib/quotas";
import { forgetUser } from "../users/known-readers.server";

/** What a room publishes: the room's messages; an "answer" may carry the answer itself. */
export type RoomEvent = RoomMessage | (Extract<RoomMessage, { type: "answer" }> & { answer?: LiveAnswer });

export function userHub(env: Env, userId: number) {
  return env.USER_HUB.get(env.USER_HUB.idFromName(String(userId)));
}

export function questionRoom(env: Env, qid: number) {
  return env.QUESTION_ROOM.get(env.QUESTION_ROOM.idFromName(String(qid)));
}

/** The counter of one rate-limit key (app/models/core/rate-limits.server.ts names the keys and rules). */
export function limiter(env: Env, key: string) {
  return env.LIMITER.get(env.LIMITER.idFromName(key));
}

/** The refusal of each quota when it is spent (HTTP 429). */
export const QUOTA_ERRID: Record<QuotaCode, ErrId> = {
  ASK: ERR.askQuotaSpent,
  DIQ: ERR.directQuotaSpent,
  AAQ: ERR.answerQuotaSpent,
  CMA: ERR.commentQuotaSpent,
  VBA: ERR.bestVoteQuotaSpent,
  OPV: ERR.pollVoteQuotaSpent,
  QAM: ERR.markQuotaSpent,
  IMQ: ERR.photoQuotaSpent,
  VIQ: ERR.videoQuotaSpent,
  GSR: ERR.recommendQuotaSpent,
};

type QuotaUser = { id: number; lvl: number; vip: boolean };

/**
 * Runs `write` on one slot of today's quota: the slot is taken atomically in the user's UserHub
 * before the write and given back if the write fails (refused or a D1 error), so a failed write
 * never costs the user a slot. Over the limit: the quota's errid, status 429, nothing written.
 */
export async function withQuota<T>(env: Env, user: QuotaUser, code: QuotaCode, now: number, write: () => Promise<T>): Promise<T> {
  const hub = userHub(env, user.id);
  const slot = await hub.take(code, quotaLimit(code, user.lvl, user.vip), now, user.vip);
  if (!slot.ok) throw new DomainError(QUOTA_ERRID[code]);
  try {
    return await write();
  } catch (e) {
    await hub.giveBack(code, slot.day);
    throw e;
  }
}

/** Every daily limit of the user with today's use: {code: {limit, used, left}}. */
export async function quotaUsage(env: Env, user: QuotaUser, now: number) {
  return quotaView(await userHub(env, user.id).usage(now, quotaLimits(user.lvl, user.vip), user.vip));
}

/**
 * `showlimits`: the user's daily quotas from the UserHub ({code: {limit, used, left}}) and the codes
 * nothing limits here (limit 0); a guest (no user) has none.
 */
export async function readLimits(env: Env, user: QuotaUser | null, now: number) {
  if (!user) return { limits: {} };
  const unlimited = Object.fromEntries(UNLIMITED_CODES.map((code) => [code, { limit: 0, used: 0, left: 0 }]));
  return { limits: { ...(await quotaUsage(env, user, now)), ...unlimited } };
}

/** Runs `write` on `n` slots of today's quota `code` (one withQuota inside another): all or none are kept. */
export async function withSlots<T>(env: Env, user: QuotaUser, code: QuotaCode, n: number, now: number, write: () => Promise<T>): Promise<T> {
  if (n <= 0) return write();
  return withQuota(env, user, code, now, () => withSlots(env, user, code, n - 1, now, write));
}

/** A session whose live sockets are to end: its id and when it would have expired. */
type EndedSession = { id: number; expiresAt: number };

/**
 * Sessions of the user have ended (sign-out, a new sign-in in the same browser, a ban): their /ws
 * sockets are closed with the code that tells the page not to reconnect, and the hub refuses
 * them from now on. Awaited, so the caller's reply comes after the sockets are closed; a failure
 * is logged and does not undo the sign-out (D1 holds the session's end, the door checks it on
 * every upgrade).
 */
export async function endLiveSessions(env: Env, userId: number, sessions: readonly EndedSession[], now: number): Promise<void> {
  if (sessions.length === 0) return;
  // this isolate's pages kept for him are not served again (known-readers.server.ts)
  forgetUser(userId);
  try {
    await userHub(env, userId).endSessions(
      sessions.map((s) => ({ id: s.id, until: s.expiresAt })),
      now,
    );
  } catch (e) {
    console.error("ending live sessions failed", e);
  }
}

/** Pushes a change to everyone reading the question, after the reply (never fails the write). */
export function publishToRoom(env: Env, exec: ExecutionContext, event: RoomEvent): void {
  exec.waitUntil(
    questionRoom(env, event.qid)
      .publish({ ...event, at: Date.now() })
      .then(
        () => undefined,
        (e) => console.error("room publish failed", e),
      ),
  );
}
