/**
 * Rate limits (docs/decisions/0022-sign-in-registration-captcha-and-limits.md): how often one
 * address, one e-mail (from one address or from all), or one user may do a thing, counted
 * atomically in the Limiter Durable Object of the key "{rule}:{who}" before the thing is done.
 */
import { ERR } from "../../lib/errids";
import { type ErrId, TooSoon } from "../../lib/errors";
import type { Hit } from "../../../durable-objects/limiter";
import { limiter } from "./hub.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Rule = { limit: number; windowMs: number; backoffMs?: number };

/** Every rate limit in one table. */
export const RATES = {
  /** guesses for one e-mail from one address: 5 within an hour, then 1, 2, 4 … minutes apart; a sign-in clears them */
  signIn: { limit: 5, windowMs: HOUR, backoffMs: MINUTE },
  /** sign-in attempts from one address, whatever the e-mail; a successful one is given back */
  signInFrom: { limit: 30, windowMs: 15 * MINUTE },
  /**
   * wrong passwords for one e-mail from every address: from the 11th within the hour each sign-in
   * needs a captcha (FREE_FAILED_SIGN_INS); the limit only bounds what is kept per e-mail
   */
  signInFailed: { limit: 1000, windowMs: HOUR },
  /** registration tries from one address, taken e-mails and wrong captchas included */
  registerTries: { limit: 30, windowMs: HOUR },
  /** accounts made from one address; from the second within a day on, registration needs a captcha */
  registered: { limit: 20, windowMs: DAY },
  /** fresh captchas for one guest address or one user */
  captcha: { limit: 60, windowMs: 10 * MINUTE },
  /** tracking events (dwh) from one address */
  dwh: { limit: 60, windowMs: MINUTE },
  /** brand link clicks (/301?brand=) recorded for one address */
  click: { limit: 30, windowMs: MINUTE },
  /** look-ups of a user by his e-mail (id_po_email and the e-mail-style paths) from one address */
  emailLookup: { limit: 30, windowMs: HOUR },
  /** searches and similar-question look-ups from one address */
  search: { limit: 60, windowMs: MINUTE },
  /** the search box's suggestions from one address: one a keystroke at most (the box waits 200 ms between them) */
  suggest: { limit: 300, windowMs: MINUTE },
  /** answers of one user without a captcha (docs/decisions/0007): the 5th within 10 minutes needs one */
  burstAnswer: { limit: 4, windowMs: 10 * MINUTE },
  /** comments of one user without a captcha, as for answers */
  burstComment: { limit: 4, windowMs: 10 * MINUTE },
} as const satisfies Record<string, Rule>;

export type RateName = keyof typeof RATES;

const counter = (env: Env, rule: RateName, who: string) => limiter(env, `${rule}:${who}`);

/** Counts one hit of the rule for `who` (an address key, "e-mail:address", a user id); the verdict. */
export function hit(env: Env, rule: RateName, who: string, now: number): Promise<Hit> {
  const r: Rule = RATES[rule];
  return counter(env, rule, who).hit(r.limit, r.windowMs, now, r.backoffMs ?? 0);
}

/** Counts one hit, or refuses (HTTP 429, `errid`) saying when to try again. */
export async function take(env: Env, rule: RateName, who: string, now: number, errid: ErrId = ERR.tooManyRequests): Promise<Hit> {
  const h = await hit(env, rule, who, now);
  if (!h.ok) throw new TooSoon(errid, h.retryAfterMs);
  return h;
}

/**
 * Whether the per-address limits count this request: always, except that `npm run bench` (and
 * only it: the BENCH_KNOBS var is set nowhere else) measures search from one address by switching
 * them off per request (header x-bench-rate: off).
 */
export function rateLimited(env: Env, req: Request): boolean {
  return !(env.BENCH_KNOBS === "1" && req.headers.get("x-bench-rate") === "off");
}

/** Takes back a hit whose action did not happen. */
export function giveBack(env: Env, rule: RateName, who: string, h: Hit): Promise<void> {
  return counter(env, rule, who).giveBack(h.id);
}

/** Forgets every hit of the rule for `who`. */
export function forget(env: Env, rule: RateName, who: string): Promise<void> {
  return counter(env, rule, who).reset();
}

/** Forgets every hit of the rule for `who` and says how many its window held, in one step. */
export function drain(env: Env, rule: RateName, who: string, now: number): Promise<number> {
  return counter(env, rule, who).drain(RATES[rule].windowMs, now);
}

/** How many hits of the rule `who` has in its window now, counting nothing. */
export function hits(env: Env, rule: RateName, who: string, now: number): Promise<number> {
  return counter(env, rule, who).count(RATES[rule].windowMs, now);
}
