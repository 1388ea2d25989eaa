/**
 * What a signed-in reader's question pages need of him besides the page — his session (with his
 * user's level, flags and bell settings) and the questions he has done something on — kept by his
 * UserHub as a "card", so that a reader whose card is there is served a page with one call to his
 * hub instead of a D1 read, on any question he has done nothing on, in any isolate.
 *
 * - A card is read from D1 with his class on the first page that needs it, and kept for
 *   CARD_SECONDS. The first page served from it past half that time reads it anew from D1 after
 *   its reply, so a reader who reads on is not read from D1 before his pages, and no card served is
 *   older than CARD_SECONDS. The hub is found by the user id his session cookie names (`{id}.{random}`,
 *   sessions.server.ts); the card by his token's hash, so a cookie naming another user's id finds
 *   nothing there. A cookie made before ids were named finds no hub and is read from D1 each time.
 * - On a question he has done something on (asked, answered, voted, watches, marked it or one of
 *   its answers) his class is read from D1 as before; the card only says that he has not.
 * - Every write of his through a named call (runCall), any door and any browser, drops his cards
 *   before its reply, and no card is kept for QUIET_SECONDS after it (a read replica may not have
 *   his write yet). A session ended (sign-out, a ban) drops them too (UserHub.endSessions).
 * - What others change of him (his points and level from another's mark, a VIP given by someone
 *   else, a moderator's unban) shows on his pages within CARD_SECONDS. Every write still reads his
 *   session and rights from D1: a card only serves a page to read.
 */
import { userHub } from "../core/hub.server";
import type { Session } from "./session.server";

/** How long a card serves. */
const CARD_SECONDS = 60;

/** How long after a change of his no card is kept. */
const QUIET_SECONDS = 10;

/** The user id a session token names, or null (a token made before tokens named their user). */
export function tokenUserId(token: string): number | null {
  const m = /^(\d{1,15})\./.exec(token);
  return m ? Number(m[1]) : null;
}

type CardReply = { epoch: string; unread: number } & ({ card: { session: Session }; touched: boolean; renew: boolean } | { card: null });

/** His card for the session `hash` on question `qid` with his bell's count, from his hub; a failed call reads as no card. */
export async function readerCard(env: Env, userId: number, hash: string, qid: number, now: number): Promise<CardReply | null> {
  try {
    return (await userHub(env, userId).readerCard(hash, qid, now)) as CardReply;
  } catch (e) {
    console.error("reader card read failed", e);
    return null;
  }
}

/** Keeps the card just read from D1 under the epoch the hub gave before the read (never fails the page). */
export function rememberCard(env: Env, epoch: string, hash: string, session: Session, touched: number[], now: number): Promise<unknown> {
  return userHub(env, session.user.id)
    .rememberReader(epoch, hash, { session }, touched, now, CARD_SECONDS * 1000)
    .catch((e: unknown) => console.error("reader card keep failed", e));
}

/** A write of his succeeded: his cards go before the reply (a failure is logged; the cards end within CARD_SECONDS anyway). */
export async function forgetCards(env: Env, userId: number, now: number): Promise<void> {
  try {
    await userHub(env, userId).forgetReaders(now, QUIET_SECONDS * 1000);
  } catch (e) {
    console.error("reader cards drop failed", e);
  }
}
