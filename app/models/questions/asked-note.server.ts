/**
 * The message a user sees on his question's page right after asking it: where the question went
 * (its category), what it cost and what is left (his points, today's questions). The ask call sets
 * a short cookie scoped to the new question's page (`asked`, its id); that page shows the message
 * to its author while the cookie is there and clears it, so a reload or a later visit shows the
 * question alone. Works the same with and without JavaScript (the form door sets the cookie too).
 */
import { quotaUsage } from "../core/hub.server";
import { readCookie, type SessionUser } from "../users/session.server";
import { ASK_COST } from "./ask.server";

export const ASKED_COOKIE = "asked";
/** How long after asking the message may still be shown (the redirect to the page comes at once). */
const ASKED_SECONDS = 300;

function cookieOf(qid: number, value: string, maxAge: number, request: Request): string {
  const host = new URL(request.url).hostname;
  const secure = host === "127.0.0.1" || host === "localhost" ? "" : "; Secure";
  return `${ASKED_COOKIE}=${value}; Path=/question/${qid}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** The cookie the ask call sets: the new question's id, sent only with that question's page. */
export function askedCookie(qid: number, request: Request): string {
  return cookieOf(qid, String(qid), ASKED_SECONDS, request);
}

/** The header that clears it once the message was shown. */
export function clearAskedCookie(qid: number, request: Request): string {
  return cookieOf(qid, "", 0, request);
}

/** Whether the request carries the message's cookie (such a page is rendered for its reader alone). */
export function hasAskedCookie(request: Request): boolean {
  return readCookie(request, ASKED_COOKIE) !== null;
}

export type AskedNote = {
  category: { name: string; href: string };
  cost: number;
  points: number;
  left: number;
  limit: number;
};

/**
 * The message for the reader of question `qid`, or null: only its author, only with the cookie of
 * this very question. His points are the session's (read after the ask), today's questions his
 * UserHub's count.
 */
export async function askedNote(
  env: Env,
  request: Request,
  user: SessionUser | null,
  question: { id: number; authorId: number },
  category: { name: string; urlname: string } | undefined,
  now: number,
): Promise<AskedNote | null> {
  if (!user || user.id !== question.authorId || readCookie(request, ASKED_COOKIE) !== String(question.id) || !category) return null;
  const limits = await quotaUsage(env, user, now);
  return {
    category: { name: category.name, href: `/${category.urlname}/` },
    cost: ASK_COST,
    points: user.points,
    left: limits.ASK.left,
    limit: limits.ASK.limit,
  };
}
