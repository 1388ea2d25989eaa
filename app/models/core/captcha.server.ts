import { ERR, ERR_MSG } from "../../lib/errids";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { levelRank } from "../../lib/levels";
import { dbOf, schema } from "./db.server";
import { sha256Hex } from "../../lib/crypto";
import { captchaCodeFor } from "./captcha-code.server";
import { giveBack, hit, take } from "./rate-limits.server";
import { addressKey } from "../../lib/ip-address";
import { captchaSecretOf } from "./secrets.server";

/**
 * The captcha (errid 237) for bursts of answers and comments (docs/decisions/0007) and for
 * repeated registrations from one address (docs/decisions/0022).
 *
 * A captcha is a random id; its 5-digit code is derived from the id with an HMAC keyed by the
 * CAPTCHA_SECRET, so the image route can draw it while D1 keeps only SHA-256(id:code). It lives
 * 10 minutes and is single use: every attempt (right or wrong) that uses it in a write burns it,
 * and a wrong guess in check_captcha burns it too, so each captcha allows one guess.
 */
export const CAPTCHA = {
  ttlMs: 10 * 60_000,
} as const;

/**
 * Trusted writers are never asked: a VIP, or a user who has earned the level Профи (500 points);
 * bursts from such accounts are bounded by the daily quotas instead (app/lib/quotas.ts).
 */
export function isCaptchaExempt(user: { lvl: number; vip: boolean }): boolean {
  return user.vip || levelRank(user.lvl) >= levelRank(4);
}

/** A refusal 237 that also hands out a fresh captcha (the reply carries `captcha_id`). */
export class CaptchaRequired extends DomainError {
  readonly data: { captcha_id: string };
  constructor(captchaId: string) {
    super(ERR.captchaNeeded);
    this.data = { captcha_id: captchaId };
  }
}

/** The code of a captcha id (captcha-code.server.ts) with this worker's secret. */
export function captchaCode(env: Env, id: string): Promise<string> {
  return captchaCodeFor(captchaSecretOf(env), id);
}

function captchaHash(id: string, code: string): Promise<string> {
  return sha256Hex(`${id}:${code}`);
}

function randomId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** Whom a captcha is made for: a signed-in user (only he may use it) or a guest at an address. */
export type CaptchaOwner = { userId: number } | { ip: string };

/**
 * Makes a new captcha and returns its id. Each user, and each guest address, gets at most
 * RATES.captcha of them in 10 minutes (429 after that), so nobody fills the table.
 */
export async function createCaptcha(env: Env, owner: CaptchaOwner, now: number): Promise<string> {
  await take(env, "captcha", "userId" in owner ? `user:${owner.userId}` : addressKey(owner.ip), now);
  const id = randomId();
  const code = await captchaCode(env, id);
  await dbOf(env)
    .insert(schema.captchas)
    .values({ id, answerHash: await captchaHash(id, code), userId: "userId" in owner ? owner.userId : null, expiresAt: now + CAPTCHA.ttlMs });
  return id;
}

/**
 * A guest captcha for a page's form (registration, sign-in), or, when this address may have no
 * more for now, the refusal's text for the page to show instead.
 */
export async function formCaptcha(env: Env, ip: string, now: number): Promise<{ captchaId: string | null; notice: string | null }> {
  try {
    return { captchaId: await createCaptcha(env, { ip }, now), notice: null };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { captchaId: null, notice: e.message };
  }
}

/** A signed-in caller's captcha owner, or the guest's address. */
export const ownerOf = (userId: number | null, ip: string): CaptchaOwner => (userId == null ? { ip } : { userId });

export type CaptchaInput = { captcha_id?: string; captcha_val?: string };

const isId = (s: string | undefined): s is string => typeof s === "string" && /^[0-9a-f]{32}$/.test(s);

/**
 * Checks a code against a live captcha: a user's own or a guest one for a user, a guest one for a
 * guest. With `consume` the captcha is burned whatever the outcome (single use); without it only a
 * wrong guess burns it. Returns whether it matched.
 */
async function verify(env: Env, userId: number | null, id: string | undefined, code: string | undefined, now: number, consume: boolean) {
  if (!isId(id) || typeof code !== "string") return false;
  const db = dbOf(env);
  const c = schema.captchas;
  const expected = await captchaHash(id, code.trim());
  const live = and(
    eq(c.id, id),
    isNull(c.usedAt),
    gt(c.expiresAt, now),
    userId == null ? isNull(c.userId) : sql`(${c.userId} IS NULL OR ${c.userId} = ${userId})`,
  );
  if (consume) {
    // one atomic statement: whoever burns it first gets the verdict; a replay finds it used
    const row = await db.update(c).set({ usedAt: now }).where(live).returning({ answerHash: c.answerHash }).get();
    return !!row && row.answerHash === expected;
  }
  const row = await db.select({ answerHash: c.answerHash }).from(c).where(live).get();
  if (!row) return false;
  if (row.answerHash === expected) return true;
  await db.update(c).set({ usedAt: now }).where(eq(c.id, id));
  return false;
}

/** Uses up a captcha for a write: whether the code was right (the captcha is burned either way). */
export function verifyCaptcha(env: Env, userId: number | null, id: string | undefined, code: string | undefined, now: number): Promise<boolean> {
  return verify(env, userId, id, code, now, true);
}

/** The place a write took in its burst count: `giveBack(e)` returns it when the write failed, and rethrows `e`. */
export type BurstPlace = { giveBack(e: unknown): Promise<never> };

/**
 * The burst rule shared by addans and addcmt: a user's 5th answer (or comment) within 10 minutes,
 * and every one after it in the window, needs a valid, unused, unexpired captcha (not from trusted
 * writers: isCaptchaExempt). The free ones are counted atomically in the user's Limiter before the
 * write (RATES.burstAnswer / burstComment), so answers sent at once cannot all pass as the 4th;
 * the caller gives the place back when its write fails. Throws CaptchaRequired (errid 237, with a
 * fresh captcha_id) when a captcha is needed and the one given is not right; a good one is used up.
 */
export async function requireCaptchaIfBurst(
  env: Env,
  user: { id: number; lvl: number; vip: boolean },
  kind: "answer" | "comment",
  input: CaptchaInput,
  now: number,
): Promise<BurstPlace> {
  const nothing: BurstPlace = { giveBack: (e) => Promise.reject(e) };
  if (isCaptchaExempt(user)) return nothing;
  const rule = kind === "answer" ? "burstAnswer" : "burstComment";
  const who = String(user.id);
  const free = await hit(env, rule, who, now);
  if (free.ok) return { giveBack: (e) => giveBack(env, rule, who, free).then(() => Promise.reject(e)) };
  if (await verifyCaptcha(env, user.id, input.captcha_id, input.captcha_val, now)) return nothing;
  throw new CaptchaRequired(await createCaptcha(env, { userId: user.id }, now));
}

export const CheckCaptchaInput = z.object({
  captcha_id: z.string({ message: ERR_MSG.captchaNeeded }).min(1, ERR_MSG.captchaNeeded),
  code: z.string({ message: ERR_MSG.captchaNeeded }).min(1, ERR_MSG.captchaNeeded),
});

/** check_captcha: is this the code? A right code keeps the captcha for the write that follows. */
export async function checkCaptcha(env: Env, owner: CaptchaOwner, input: z.infer<typeof CheckCaptchaInput>, now: number) {
  if (await verify(env, "userId" in owner ? owner.userId : null, input.captcha_id, input.code, now, false)) return { ok: 1 };
  throw new CaptchaRequired(await createCaptcha(env, owner, now));
}

/** The code to draw for a live captcha, or null (unknown, used or expired). */
export async function captchaImageCode(env: Env, id: string, now: number): Promise<string | null> {
  if (!isId(id)) return null;
  const c = schema.captchas;
  const row = await dbOf(env)
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.id, id), isNull(c.usedAt), gt(c.expiresAt, now)))
    .get();
  return row ? captchaCode(env, id) : null;
}
