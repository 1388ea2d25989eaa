/**
 * One-click unsubscribe (RFC 8058) without signing in: every mail names an address
 * /unsubscribe/{user id}.{signature}; a POST there turns his mail off. The signature is an HMAC of
 * the user id under a key derived from the PEPPER secret for this purpose alone.
 */
import { eq, sql } from "drizzle-orm";
import { base64url, hmacSha256, sameString } from "../../lib/crypto";
import { pepperOf } from "../core/secrets.server";
import { dbOf, schema } from "../core/db.server";
import { jsonOrEmpty } from "../notifications/create.server";

async function signature(env: Env, userId: number): Promise<string> {
  return base64url(await hmacSha256(`mail-unsubscribe:${pepperOf(env)}`, String(userId))).slice(0, 22);
}

/** The address that unsubscribes this user (the site's origin, then the signed token). */
export async function unsubscribeUrl(env: Env, userId: number): Promise<string> {
  return `${env.SITE_ORIGIN}/unsubscribe/${userId}.${await signature(env, userId)}`;
}

/** The user a token names, when its signature is right; else null. */
export async function unsubscriber(env: Env, token: string): Promise<number | null> {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  return sameString(await signature(env, userId), m[2]) ? userId : null;
}

/** Turns the user's mail off (the settings' «Письма на почту»); whether he exists. */
export async function turnMailOff(env: Env, userId: number): Promise<boolean> {
  const u = schema.users;
  const done = await dbOf(env)
    .update(u)
    .set({ notifySettings: sql`json_patch(${jsonOrEmpty(u.notifySettings)}, '{"mail":0}')` })
    .where(eq(u.id, userId))
    .returning({ id: u.id });
  return done.length > 0;
}

/** One-click unsubscribe by a mail's link: whether the link was right (and his mail is off now). */
export async function unsubscribeByToken(env: Env, token: string): Promise<boolean> {
  const userId = await unsubscriber(env, token);
  return userId !== null && (await turnMailOff(env, userId));
}
