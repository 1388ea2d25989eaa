/**
 * Who may read the adult categories. A reader confirms once that he is an adult: a signed-in user
 * through `iamadult` (stored as users.is_adult = 1), a guest by a cookie `adult=1` that the same call
 * sets. Until then the adult category and its questions open a confirmation page first, and lists
 * and search leave adult questions out. Shared by the pages, the calls and the guest page cache.
 */
import { parse as parseCookie } from "cookie";

/** The guest's cookie that says he confirmed he is an adult; its only meaningful value is "1". */
export const ADULT_COOKIE = "adult";

/** How long a guest's confirmation is kept: a year. */
const ADULT_COOKIE_DAYS = 365;

/** The guest has confirmed that he is an adult (the cookie adult=1). A signed-in user's own flag is users.is_adult. */
export function guestConfirmedAdult(cookieHeader: string | null): boolean {
  return parseCookie(cookieHeader ?? "")[ADULT_COOKIE] === "1";
}

/** The Set-Cookie of a guest's confirmation (Secure except on local development addresses). */
export function adultCookie(requestUrl: string): string {
  const host = new URL(requestUrl).hostname;
  const secure = host === "127.0.0.1" || host === "localhost" ? "" : "; Secure";
  return `${ADULT_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax; Max-Age=${ADULT_COOKIE_DAYS * 86_400}${secure}`;
}

/** The confirmation page for a reader on his way to `returnTo` (a path on this site). */
export function adultGatePath(returnTo: string): string {
  return `/adult?return=${encodeURIComponent(returnTo)}`;
}
