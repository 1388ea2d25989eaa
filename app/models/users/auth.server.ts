import { ERR, ERR_MSG } from "../../lib/errids";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { levelForPoints, START_POINTS } from "../../lib/levels";
import { moscowDay } from "./bonuses.server";
import { dbOf, schema } from "../core/db.server";
import { createCaptcha, CaptchaRequired, formCaptcha, verifyCaptcha } from "../core/captcha.server";
import { drain, forget, giveBack, hit, hits, take } from "../core/rate-limits.server";
import { addressKey } from "../../lib/ip-address";
import { pepperOf } from "../core/secrets.server";
import { hashPassword, NO_ACCOUNT_HASH, verifyPassword } from "./password.server";
import { failedSignInsNotification } from "../notifications/create.server";
import { announce } from "../notifications/push.server";
import { createSession, newSession, revokeSession, type Session } from "./session.server";
import { allowedNickKey, cleanNick, isVisibleNick } from "./nicks.server";

export const RegisterInput = z.object({
  // cleaned before it is measured: invisible characters count for nothing, and a nick of them alone is none
  nick: z
    .string(ERR_MSG.nickInvalid)
    .max(200, ERR_MSG.nickInvalid)
    .transform(cleanNick)
    .pipe(z.string().min(2, ERR_MSG.nickInvalid).max(30, ERR_MSG.nickInvalid).refine(isVisibleNick, ERR_MSG.nickInvalid)),
  email: z.string().trim().toLowerCase().pipe(z.email(ERR_MSG.emailInvalid)),
  password: z.string().min(8, ERR_MSG.passwordTooShort).max(200, ERR_MSG.passwordTooShort),
  captcha_id: z.string().optional(),
  captcha_val: z.string().optional(),
});

export const SignInInput = z.object({
  email: z.string().trim().toLowerCase().min(3, ERR_MSG.wrongCredentials).max(320, ERR_MSG.wrongCredentials),
  password: z.string().min(1, ERR_MSG.wrongCredentials).max(200, ERR_MSG.wrongCredentials),
  captcha_id: z.string().optional(),
  captcha_val: z.string().optional(),
});

/** Wrong passwords for one e-mail within the hour, from all addresses together, before its sign-ins need a captcha. */
const FREE_FAILED_SIGN_INS = 10;

/**
 * A wrong password for an e-mail whose sign-ins need a captcha: the refusal 102 carries the next
 * try's captcha_id (none when this address may have no more captchas for now).
 */
class WrongCredentials extends DomainError {
  readonly data: { captcha_id?: string };
  constructor(captchaId: string | null) {
    super(ERR.wrongCredentials);
    this.data = captchaId ? { captcha_id: captchaId } : {};
  }
}

/** Registration tries from one address within the hour that go without a captcha. */
const FREE_REGISTER_TRIES = 3;

/**
 * Does a registration from this address need a captcha? When the address has made an account
 * within the last day, or tried more than FREE_REGISTER_TRIES times within the hour. The
 * registration page asks before drawing its form; `register` decides again, atomically.
 */
export async function registrationNeedsCaptcha(env: Env, ip: string, now: number): Promise<boolean> {
  const where = addressKey(ip);
  const [made, tries] = await Promise.all([hits(env, "registered", where, now), hits(env, "registerTries", where, now)]);
  return made > 0 || tries >= FREE_REGISTER_TRIES;
}

/**
 * Creates an account with the starting points (a ledger row in the same batch) and signs it in.
 * Limits per address (docs/decisions/0022): every try counts (a taken e-mail and a wrong captcha
 * too), at most RATES.registerTries an hour; an account counts when it is made, at most
 * RATES.registered a day; a captcha is needed when registrationNeedsCaptcha says so, decided on
 * the atomic counts, so parallel registrations cannot all pass as the first. A nick that looks like
 * the staff's is refused first (nicks.server.ts allowedNickKey). Registration still
 * says when an e-mail is taken (there is no mail to send a link to instead); from the fourth try
 * on, only after a solved captcha.
 */
export async function register(env: Env, input: z.infer<typeof RegisterInput>, ip: string, now = Date.now()) {
  const where = addressKey(ip);
  const tries = await take(env, "registerTries", where, now, ERR.tooManyRegistrations);
  const made = await take(env, "registered", where, now, ERR.tooManyRegistrations);
  try {
    // a nick that may not be taken is said before the captcha is asked for: it is nobody's secret
    const nickKey = await allowedNickKey(env, input.nick);
    if (made.count > 1 || tries.count > FREE_REGISTER_TRIES) {
      if (!(await verifyCaptcha(env, null, input.captcha_id, input.captcha_val, now))) throw new CaptchaRequired(await createCaptcha(env, { ip }, now));
    }
    return await createAccount(env, input, nickKey, now);
  } catch (e) {
    await giveBack(env, "registered", where, made);
    throw e;
  }
}

/** The account's row (with its nick's key) and its ledger row in one batch. */
async function createAccount(env: Env, input: z.infer<typeof RegisterInput>, nickKey: string, now: number) {
  const db = dbOf(env);
  const exists = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, input.email)).get();
  if (exists) throw new DomainError(ERR.emailTaken);
  const passwordHash = await hashPassword(input.password, pepperOf(env));
  let userId: number;
  try {
    const [inserted] = await db.batch([
      db
        .insert(schema.users)
        .values({
          nick: input.nick,
          nickKey,
          email: input.email,
          passwordHash,
          points: START_POINTS,
          lvl: levelForPoints(START_POINTS).id,
          createdAt: now,
          lastVisitDay: moscowDay(now),
          // a new account has both onboarding tours to see (older accounts and the demo data have none)
          tourWelcome: 0,
          tourPoints: 0,
        })
        .returning({ id: schema.users.id }),
      db.insert(schema.pointsLedger).select(sql`SELECT NULL, id, ${START_POINTS}, 'start', NULL, NULL, ${now} FROM users WHERE email = ${input.email}`),
    ]);
    userId = inserted[0].id;
  } catch (e) {
    if (String(e).includes("UNIQUE")) throw new DomainError(ERR.emailTaken);
    throw e;
  }
  return { userId, ...(await createSession(env, userId, now)) };
}

/**
 * Signs in by e-mail and password. A sign-in always starts a new session and revokes the one the
 * browser had (rotation).
 *
 * Guessing is limited before the password is checked, atomically (docs/decisions/0022): per
 * e-mail from one address, five guesses an hour and then a wait that doubles with each further
 * guess (RATES.signIn); per address over all e-mails, RATES.signInFrom. Both refuse with 104 and
 * when to try again. A successful sign-in clears its e-mail's count at that address and gives its
 * place back to the address. An unknown e-mail costs the same work as a wrong password (the
 * password is checked against NO_ACCOUNT_HASH) and gets the same refusal.
 *
 * Guesses for one e-mail from many addresses: its wrong passwords are counted over all addresses
 * (RATES.signInFailed, an unknown e-mail too); each attempt takes its place before the check and
 * gives it back unless its password was wrong. From the 11th within the hour every sign-in to that
 * e-mail needs a solved captcha, or it is refused with 237 and the password is not checked; so the
 * owner is never locked out. His sign-in after that tells him, once, how many wrong passwords there
 * were (a 'failed_signins' notification) and starts the count again.
 */
export async function signIn(env: Env, input: z.infer<typeof SignInInput>, ip: string, previous: Session | null, now = Date.now()) {
  const where = addressKey(ip);
  const account = `${input.email}:${where}`;
  const fromAddress = await take(env, "signInFrom", where, now, ERR.tooManySignIns);
  await take(env, "signIn", account, now, ERR.tooManySignIns);
  const failure = await hit(env, "signInFailed", input.email, now);
  const guarded = !failure.ok || failure.count > FREE_FAILED_SIGN_INS;
  if (guarded && !(await verifyCaptcha(env, null, input.captcha_id, input.captcha_val, now))) {
    await giveBack(env, "signInFailed", input.email, failure);
    throw new CaptchaRequired(await createCaptcha(env, { ip }, now));
  }
  const db = dbOf(env);
  const user = await db
    .select({ id: schema.users.id, passwordHash: schema.users.passwordHash })
    .from(schema.users)
    .where(eq(schema.users.email, input.email))
    .get();
  const matches = await verifyPassword(input.password, pepperOf(env), user?.passwordHash ?? NO_ACCOUNT_HASH);
  // a record of every checked attempt, for the people who run the site (deleted after a day)
  const attempt = db.insert(schema.loginAttempts).values({ email: input.email, ip, ok: user && matches ? 1 : 0, added: now });
  if (!user || !matches) {
    await attempt;
    throw new WrongCredentials(guarded ? (await formCaptcha(env, ip, now)).captchaId : null);
  }
  await Promise.all([forget(env, "signIn", account), giveBack(env, "signInFrom", where, fromAddress), giveBack(env, "signInFailed", input.email, failure)]);
  // after a guarded stretch the owner hears how many wrong passwords there were, once: drain is atomic
  const failures = guarded ? await drain(env, "signInFailed", input.email, now) : 0;
  const { insert, ...session } = await newSession(env, user.id, now);
  const results = await db.batch([attempt, insert, ...(failures > 0 ? failedSignInsNotification(env, { userId: user.id, failures, now }) : [])]);
  await announce(env, results);
  if (previous) await revokeSession(env, previous, now);
  return { userId: user.id, ...session };
}

/** Ends the session, its live sockets with it. */
export async function signOut(env: Env, session: Session | null) {
  if (session) await revokeSession(env, session);
}

/** refresh_auth: the session goes on with a new salt and token for the API. */
export async function refreshAuth(env: Env, session: Session | null) {
  if (!session) throw new DomainError(ERR.sessionExpired);
  const salt = crypto.randomUUID().replace(/-/g, "").slice(0, 16);
  const token = crypto.randomUUID().replace(/-/g, "");
  await dbOf(env).update(schema.sessions).set({ salt, apiToken: token }).where(eq(schema.sessions.id, session.id));
  return { salt, token };
}
