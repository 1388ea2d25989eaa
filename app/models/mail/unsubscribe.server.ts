/**
 * One-click unsubscribe (RFC 8058) without signing in: every mail names an address
 * /unsubscribe/{user id}.{signature}; a POST there turns his mail off. The signature is an HMAC of
 * the user id under a key derived from the PEPPER secret for this purpose alone.
 */
import { eq, sql } from "drizzle-orm";
import { pepperOf } from "../core/secrets.server";
import { dbOf, schema } from "../core/db.server";
import { jsonOrEmpty } from "../notifications/create.server";

const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function signature(env: Env, userId: number): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(`mail-unsubscribe:${pepperOf(env)}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return b64url(await crypto.subtle.sign("HMAC", key, enc.encode(String(userId)))).slice(0, 22);
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
  const expected = await signature(env, userId);
  // compared whole, in constant time for strings of equal length
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ m[2].charCodeAt(i);
  return diff === 0 ? userId : null;
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
