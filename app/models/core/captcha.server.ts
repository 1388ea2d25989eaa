import { ERR, ERR_MSG } from "../../lib/errids";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { DEV_PEPPER } from "../../../db/seed/password";
import { DomainError } from "../../lib/errors";
import { levelRank } from "../../lib/levels";
import { dbOf, schema } from "./db.server";
import { sha256Hex } from "../users/session.server";

/**
 * The captcha (errid 237) for bursts of answers and comments (see
 * docs/decisions/0007-answers-and-captcha.md).
 *
 * A captcha is a random id; its 5-digit code is derived from the id with an HMAC keyed by the
 * server secret, so the image route can draw it while D1 keeps only SHA-256(id:code). It lives
 * 10 minutes and is single use: every attempt (right or wrong) that uses it in a write burns it,
 * and a wrong guess in check_captcha burns it too, so each captcha allows one guess.
 */
export const CAPTCHA = {
  ttlMs: 10 * 60_000,
  /** the window in which a burst is counted */
  windowMs: 10 * 60_000,
  /** the 5th answer (or comment) within the window needs a captcha */
  burst: 5,
  digits: 5,
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

function secret(env: Env): string {
  return `captcha:${env.PEPPER ?? DEV_PEPPER}`;
}

/** The code of a captcha id: HMAC-SHA-256(secret, id) reduced to 5 digits. */
export async function captchaCode(env: Env, id: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret(env)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(id)));
  const n = ((mac[0] << 24) | (mac[1] << 16) | (mac[2] << 8) | mac[3]) >>> 0;
  return String(n % 10 ** CAPTCHA.digits).padStart(CAPTCHA.digits, "0");
}

function captchaHash(id: string, code: string): Promise<string> {
  return sha256Hex(`${id}:${code}`);
}

function randomId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** Makes a new captcha for a user (or a guest: null) and returns its id. */
export async function createCaptcha(env: Env, userId: number | null, now: number): Promise<string> {
  const id = randomId();
  const code = await captchaCode(env, id);
  await dbOf(env)
    .insert(schema.captchas)
    .values({ id, answerHash: await captchaHash(id, code), userId, expiresAt: now + CAPTCHA.ttlMs });
  return id;
}

export type CaptchaInput = { captcha_id?: string; captcha_val?: string };

const isId = (s: string | undefined): s is string => typeof s === "string" && /^[0-9a-f]{32}$/.test(s);

/**
 * Checks a code against a live captcha of this user. With `consume` the captcha is burned whatever
 * the outcome (single use); without it only a wrong guess burns it. Returns whether it matched.
 */
async function verify(env: Env, userId: number | null, id: string | undefined, code: string | undefined, now: number, consume: boolean) {
  if (!isId(id) || typeof code !== "string") return false;
  const db = dbOf(env);
  const c = schema.captchas;
  const expected = await captchaHash(id, code.trim());
  const live = and(eq(c.id, id), isNull(c.usedAt), gt(c.expiresAt, now), userId == null ? sql`1` : sql`(${c.userId} IS NULL OR ${c.userId} = ${userId})`);
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

/**
 * The burst rule shared by addans and addcmt: counts the user's answers (or comments) of the last
 * 10 minutes; from the 5th within 10 minutes on, a valid, unused, unexpired captcha is required
 * (not of trusted writers: isCaptchaExempt).
 * Throws CaptchaRequired (errid 237, with a fresh captcha_id) otherwise; a good captcha is used up.
 */
export async function requireCaptchaIfBurst(
  env: Env,
  user: { id: number; lvl: number; vip: boolean },
  kind: "answer" | "comment",
  input: CaptchaInput,
  now: number,
): Promise<void> {
  if (isCaptchaExempt(user)) return;
  const userId = user.id;
  const db = dbOf(env);
  const t = kind === "answer" ? schema.answers : schema.comments;
  const row = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.userId, userId), gt(t.added, now - CAPTCHA.windowMs)))
    .get();
  if ((row?.n ?? 0) < CAPTCHA.burst - 1) return;
  if (await verify(env, userId, input.captcha_id, input.captcha_val, now, true)) return;
  throw new CaptchaRequired(await createCaptcha(env, userId, now));
}

export const CheckCaptchaInput = z.object({
  captcha_id: z.string({ message: ERR_MSG.captchaNeeded }).min(1, ERR_MSG.captchaNeeded),
  code: z.string({ message: ERR_MSG.captchaNeeded }).min(1, ERR_MSG.captchaNeeded),
});

/** check_captcha: is this the code? A right code keeps the captcha for the write that follows. */
export async function checkCaptcha(env: Env, userId: number | null, input: z.infer<typeof CheckCaptchaInput>, now: number) {
  if (await verify(env, userId, input.captcha_id, input.code, now, false)) return { ok: 1 };
  throw new CaptchaRequired(await createCaptcha(env, userId, now));
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

/** Seven-segment strokes per digit: a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle. */
const SEGMENTS: Record<string, string> = {
  "0": "abcdef",
  "1": "bc",
  "2": "abged",
  "3": "abgcd",
  "4": "fgbc",
  "5": "afgcd",
  "6": "afgedc",
  "7": "abc",
  "8": "abcdefg",
  "9": "abcdfg",
};

/**
 * The captcha picture: the digits as hand-made seven-segment paths, each digit slightly shifted
 * and rotated, over noise lines and dots. No fonts, no library, no network. `rand` is injectable
 * for tests.
 */
export function captchaSvg(code: string, rand: () => number = Math.random): string {
  const W = 150;
  const H = 50;
  const r = (a: number, b: number) => a + (b - a) * rand();
  const f = (n: number) => n.toFixed(1);
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<path d="M${f(r(0, W))} ${f(r(0, H))} Q${f(r(0, W))} ${f(r(0, H))} ${f(r(0, W))} ${f(r(0, H))}" stroke="hsl(${Math.round(r(0, 360))},40%,60%)" stroke-width="${f(r(0.8, 1.8))}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 30; i++) parts.push(`<circle cx="${f(r(0, W))}" cy="${f(r(0, H))}" r="${f(r(0.5, 1.5))}" fill="#888"/>`);
  const w = 14;
  const h = 13;
  [...code].forEach((d, i) => {
    const x0 = 14 + i * 26 + r(-3, 3);
    const y0 = 10 + r(-4, 4);
    const pt = (px: number, py: number) => `${f(x0 + px + r(-1.2, 1.2))} ${f(y0 + py + r(-1.2, 1.2))}`;
    const seg: Record<string, string> = {
      a: `M${pt(0, 0)} L${pt(w, 0)}`,
      b: `M${pt(w, 0)} L${pt(w, h)}`,
      c: `M${pt(w, h)} L${pt(w, 2 * h)}`,
      d: `M${pt(0, 2 * h)} L${pt(w, 2 * h)}`,
      e: `M${pt(0, h)} L${pt(0, 2 * h)}`,
      f: `M${pt(0, 0)} L${pt(0, h)}`,
      g: `M${pt(0, h)} L${pt(w, h)}`,
    };
    const path = [...(SEGMENTS[d] ?? "")].map((s) => seg[s]).join(" ");
    parts.push(
      `<path d="${path}" transform="rotate(${f(r(-8, 8))} ${f(x0 + w / 2)} ${f(y0 + h)})" stroke="#2b3a67" stroke-width="3" stroke-linecap="round" fill="none"/>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="Код с картинки"><rect width="${W}" height="${H}" fill="#f4f1e8"/>${parts.join("")}</svg>`;
}
