import { ERR, ERR_MSG } from "../../lib/errids";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { DEV_PEPPER, hashPassword, verifyPassword } from "../../../db/seed/password";
import { DomainError } from "../../lib/errors";
import { levelForPoints, START_POINTS } from "../../lib/levels";
import { moscowDay } from "./bonuses.server";
import { dbOf, schema } from "../core/db.server";
import { createSession, revokeSession, type Session } from "./session.server";

/** Sign-in throttling (docs/decisions/0005-accounts-and-sessions.md). */
export const THROTTLE = { windowMs: 15 * 60_000, perEmail: 5, perIp: 30 } as const;

export const RegisterInput = z.object({
  nick: z.string().trim().min(2, ERR_MSG.nickInvalid).max(30, ERR_MSG.nickInvalid),
  email: z.string().trim().toLowerCase().pipe(z.email(ERR_MSG.emailInvalid)),
  password: z.string().min(8, ERR_MSG.passwordTooShort).max(200, ERR_MSG.passwordTooShort),
});

export const SignInInput = z.object({
  email: z.string().trim().toLowerCase().min(3, ERR_MSG.wrongCredentials).max(320, ERR_MSG.wrongCredentials),
  password: z.string().min(1, ERR_MSG.wrongCredentials).max(200, ERR_MSG.wrongCredentials),
});

function pepper(env: Env): string {
  return env.PEPPER ?? DEV_PEPPER;
}

/** Creates an account with the starting points (a ledger row in the same batch) and signs it in. */
export async function register(env: Env, input: z.infer<typeof RegisterInput>, now = Date.now()) {
  const db = dbOf(env);
  const exists = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, input.email)).get();
  if (exists) throw new DomainError(ERR.emailTaken);
  const passwordHash = await hashPassword(input.password, pepper(env));
  let userId: number;
  try {
    const [inserted] = await db.batch([
      db
        .insert(schema.users)
        .values({
          nick: input.nick,
          email: input.email,
          passwordHash,
          points: START_POINTS,
          lvl: levelForPoints(START_POINTS).id,
          createdAt: now,
          lastVisitDay: moscowDay(now),
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
 * Signs in by e-mail and password, refusing after too many recent failures for the e-mail or the
 * IP. A sign-in always starts a new session and revokes the one the browser had (rotation).
 */
export async function signIn(env: Env, input: z.infer<typeof SignInInput>, ip: string, previous: Session | null, now = Date.now()) {
  const db = dbOf(env);
  const a = schema.loginAttempts;
  const since = now - THROTTLE.windowMs;
  const [[byEmail], [byIp], [user]] = await db.batch([
    db
      .select({ n: count() })
      .from(a)
      .where(and(eq(a.email, input.email), eq(a.ok, 0), gt(a.added, since))),
    db
      .select({ n: count() })
      .from(a)
      .where(and(eq(a.ip, ip), eq(a.ok, 0), gt(a.added, since))),
    db.select({ id: schema.users.id, passwordHash: schema.users.passwordHash }).from(schema.users).where(eq(schema.users.email, input.email)).limit(1),
  ]);
  if (byEmail.n >= THROTTLE.perEmail || byIp.n >= THROTTLE.perIp) throw new DomainError(ERR.tooManySignIns);
  const ok = user ? await verifyPassword(input.password, pepper(env), user.passwordHash) : false;
  await db.insert(a).values({ email: input.email, ip, ok: ok ? 1 : 0, added: now });
  if (!user || !ok) throw new DomainError(ERR.wrongCredentials);
  if (previous) await revokeSession(env, previous, now);
  return { userId: user.id, ...(await createSession(env, user.id, now)) };
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
