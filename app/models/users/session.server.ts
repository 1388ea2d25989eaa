import { ERR } from "../../lib/errids";
import { base64url, sha256Hex } from "../../lib/crypto";
import { parse as parseCookie } from "cookie";
import { and, eq, gt, inArray, isNull, type Placeholder, sql } from "drizzle-orm";
import { corporateDomains, emailGroup, type EmailGroup } from "../../lib/experiments";
import { parseStored } from "../../lib/notify-settings";
import { DomainError } from "../../lib/errors";
import { parseJsonList } from "../../lib/moderation";
import { isBanned } from "../../lib/users";
import { dailyVisit, moscowDay } from "./bonuses.server";
import { dbOf, schema } from "../core/db.server";
import { keptBatch } from "../core/kept-batch.server";
import { endLiveSessions } from "../core/hub.server";

/** The session cookie (the page cache also keys on its presence: worker/page-cache.ts). */
export const SESSION_COOKIE = "sid";
export const SESSION_DAYS = 30;

export type SessionUser = {
  id: number;
  nick: string;
  lvl: number;
  points: number;
  vip: boolean;
  banned: boolean;
  type: string;
  permissions: string[];
  createdAt: number;
  welcomeBonus: boolean;
  lastVisitDay: number;
  /** the user's picture (a path on this site), or null: the toolbar shows it */
  filin?: string | null;
  /** he confirmed that he is an adult (users.is_adult), read with the session */
  adult?: boolean;
  /** the toolbar bell's settings (users.notify, notify_interval, the sound channel), read with the session */
  bell?: { on: boolean; interval: number; sound: boolean };
  /** his favourite categories' ids (users.fav_categories), read with the session */
  favs?: number[];
  /** his experiment group by e-mail (null for a corporate user), read with the session */
  experiment?: EmailGroup | null;
  /** the onboarding tours still due for him (users.tour_welcome, tour_points = 0), read with the session */
  tours?: { welcome: boolean; points: boolean };
};

export type Session = { id: number; salt: string; token: string; expiresAt: number; user: SessionUser };

function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * A cookie of the request, or null. The header is the client's to write: the parser keeps a value
 * it cannot percent-decode as it came ("sid=%" is a wrong token, not an error) and reads names into
 * an object without a prototype, so a cookie named __proto__ or constructor is just a name.
 */
export function readCookie(request: Request, name: string): string | null {
  return parseCookie(request.headers.get("cookie") ?? "")[name] ?? null;
}

export function sessionCookie(token: string, request: Request, maxAgeSeconds = SESSION_DAYS * 86_400): string {
  const secure = new URL(request.url).hostname === "127.0.0.1" || new URL(request.url).hostname === "localhost" ? "" : "; Secure";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function clearSessionCookie(request: Request): string {
  return sessionCookie("", request, 0);
}

/**
 * Starts a session: a new token (only its SHA-256 is stored) and new salt and token for the API.
 * The token names its user before its random part (`{id}.{random}`), so a page can find his
 * UserHub before reading D1 (reader-cards.server.ts); the random part alone makes it a secret.
 */
export async function createSession(env: Env, userId: number, now = Date.now()) {
  const { insert, ...session } = await newSession(env, userId, now);
  await insert;
  return session;
}

/** A new session's values and its insert, for a caller's batch (createSession runs it alone). */
export async function newSession(env: Env, userId: number, now: number) {
  const token = `${userId}.${randomToken()}`;
  const salt = randomToken(12);
  const apiToken = randomToken(24);
  const insert = dbOf(env)
    .insert(schema.sessions)
    .values({ userId, tokenHash: await sha256Hex(token), salt, apiToken, createdAt: now, expiresAt: now + SESSION_DAYS * 86_400_000 });
  return { insert, token, salt, apiToken };
}

/**
 * How a session is read by its cookie's token: two statements for one batch (the session, and its
 * user), and a subquery of its user's id for other statements sent in the same batch (a page that
 * needs facts about the reader reads them with his session, in one round trip). Unknown, revoked
 * and expired sessions read nothing. (Two statements rather than a join: a batch hands rows back
 * by column name, and both tables have an id.)
 */
export async function sessionRead(env: Env, token: string, now: number) {
  return sessionStatements(env, await sha256Hex(token), now);
}

/** The statements of `sessionRead` for the token's hash (or a placeholder of it, for a kept batch). */
export function sessionStatements(env: Env, tokenHash: string | Placeholder, now: number | Placeholder) {
  const db = dbOf(env);
  const s = schema.sessions;
  const u = schema.users;
  const live = and(eq(s.tokenHash, tokenHash), isNull(s.revokedAt), gt(s.expiresAt, now));
  const userId = db.select({ id: s.userId }).from(s).where(live);
  return {
    session: db.select({ id: s.id, salt: s.salt, token: s.apiToken, expiresAt: s.expiresAt }).from(s).where(live).limit(1),
    user: db
      .select({
        id: u.id,
        nick: u.nick,
        filin: u.filin,
        lvl: u.lvl,
        points: u.points,
        vip: u.vip,
        bannedUntil: u.bannedUntil,
        banPermanent: u.banPermanent,
        type: u.type,
        permissions: u.permissions,
        createdAt: u.createdAt,
        welcomeBonus: u.welcomeBonus,
        lastVisitDay: u.lastVisitDay,
        isAdult: u.isAdult,
        notify: u.notify,
        notifyInterval: u.notifyInterval,
        notifySettings: u.notifySettings,
        favCategories: u.favCategories,
        email: u.email,
        tourWelcome: u.tourWelcome,
        tourPoints: u.tourPoints,
      })
      .from(u)
      .where(inArray(u.id, userId))
      .limit(1),
    userId,
  };
}

type SessionRead = Awaited<ReturnType<typeof sessionRead>>;
type Rows<K extends "session" | "user"> = Awaited<SessionRead[K]>;

/** The session a read found, or null. */
export function sessionOfRows(env: Env, [session]: Rows<"session">, [user]: Rows<"user">, now: number): Session | null {
  if (!session || !user) return null;
  return {
    ...session,
    user: { ...sessionUserOf(user, now), experiment: emailGroup(user.email, corporateDomains(env.CORPORATE_DOMAINS)) },
  };
}

/** The signed-in user of a request, or null (no cookie, unknown, revoked or expired session). */
export async function getSession(env: Env, request: Request, now = Date.now()): Promise<Session | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const [session, user] = await sessionBatch(env, { hash: await sha256Hex(token), now });
  return sessionOfRows(env, session, user, now);
}

/** A session and its user by the token's hash, built once per isolate (every signed-in request reads it). */
const sessionBatch = keptBatch((env) => {
  const read = sessionStatements(env, sql.placeholder("hash"), sql.placeholder("now"));
  return [read.session, read.user] as const;
});

type UserRow = {
  id: number;
  nick: string;
  filin?: string | null;
  isAdult?: number;
  lvl: number;
  points: number;
  lastVisitDay: number;
  vip: number;
  bannedUntil: number | null;
  banPermanent: number;
  type: string;
  permissions: string;
  createdAt: number;
  welcomeBonus: number;
  notify: number;
  notifyInterval: number;
  notifySettings: string;
  favCategories?: string;
  tourWelcome?: number;
  tourPoints?: number;
};

/** A users row as the session's user (also for writes replayed as their author, e.g. premoderation). */
export function sessionUserOf(row: UserRow, now: number): SessionUser {
  return {
    id: row.id,
    nick: row.nick,
    filin: row.filin ?? null,
    adult: row.isAdult === 1,
    lvl: row.lvl,
    points: row.points,
    lastVisitDay: row.lastVisitDay,
    vip: row.vip === 1,
    banned: isBanned(row, now),
    type: row.type,
    // a stored list that is not JSON (or holds anything but names) grants nothing rather than failing the request
    permissions: parseJsonList(row.permissions).filter((p): p is string => typeof p === "string"),
    createdAt: row.createdAt,
    welcomeBonus: row.welcomeBonus === 1,
    favs: parseJsonList(row.favCategories).filter((c): c is number => typeof c === "number"),
    bell: { on: row.notify === 1, interval: row.notifyInterval > 0 ? row.notifyInterval : 10, sound: parseStored(row.notifySettings).sound === 1 },
    tours: { welcome: row.tourWelcome === 0, points: row.tourPoints === 0 },
  };
}

/** Ends a session (sign-out, or a new sign-in in the same browser), and with it the session's live sockets. */
export async function revokeSession(env: Env, session: Session, now = Date.now()) {
  await dbOf(env).update(schema.sessions).set({ revokedAt: now }).where(eq(schema.sessions.id, session.id));
  await endLiveSessions(env, session.user.id, [session], now);
}

/**
 * The statement (for the caller's batch) that ends every open session of a user: a ban signs him
 * out everywhere. It returns the sessions it ended; the caller passes them to `endLiveSessions`
 * after the batch, which closes their live sockets.
 */
export function revokeUserSessions(env: Env, userId: number, now: number) {
  const db = dbOf(env);
  return db
    .update(schema.sessions)
    .set({ revokedAt: now })
    .where(and(eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt)))
    .returning({ id: schema.sessions.id, expiresAt: schema.sessions.expiresAt });
}

/** A signed-in user (banned or not: reading one's own things), or 101. */
export function requireUser(session: Session | null): SessionUser {
  if (!session) throw new DomainError(ERR.signInNeeded);
  return session.user;
}

/** A signed-in user who may write (not banned), or a DomainError. */
export function requireWriter(session: Session | null): SessionUser {
  const user = requireUser(session);
  if (user.banned) throw new DomainError(ERR.userBanned);
  return user;
}

/**
 * Where a load context holds its request's session. A property of the context rather than a map of
 * this module: the worker reads the session of a signed-in question page before Remix runs, and
 * the worker's bundle and Remix's server build each hold a copy of this module, so a module's map
 * would not be seen from the other copy. `Symbol.for` gives both copies the same key.
 */
const SESSION_OF_CONTEXT = Symbol.for("otv.viewer-session");

type WithSession = { [SESSION_OF_CONTEXT]?: Promise<Session | null> };

const perRequest = {
  get: (context: object) => (context as WithSession)[SESSION_OF_CONTEXT],
  set: (context: object, session: Promise<Session | null>) => {
    (context as WithSession)[SESSION_OF_CONTEXT] = session;
  },
};

/**
 * The session of the request a Remix load context belongs to, looked up once however many loaders
 * ask (the root's toolbar and the page's own viewer-dependent parts).
 */
export function viewerSession(context: { cloudflare: { env: Env } }, request: Request): Promise<Session | null> {
  const known = perRequest.get(context);
  if (known) return known;
  const p = visit(context.cloudflare.env, request);
  perRequest.set(context, p);
  return p;
}

/**
 * The session of a page's request, read by the caller (with other statements in its batch): kept
 * as the request's, so that no loader reads it again, after the visit it makes.
 */
export function keepViewerSession(context: { cloudflare: { env: Env } }, session: Session | null, now: number): Promise<Session | null> {
  const p = visited(context.cloudflare.env, session, now);
  perRequest.set(context, p);
  return p;
}

/** A signed-in page view; the first of a Moscow day earns the daily-visit point. */
async function visit(env: Env, request: Request): Promise<Session | null> {
  const now = Date.now();
  return visited(env, await getSession(env, request, now), now);
}

/** Whether a view now is his first of the Moscow day (it earns the daily-visit point). */
export const visitDue = (session: Session, now: number) => session.user.lastVisitDay < moscowDay(now);

async function visited(env: Env, session: Session | null, now: number): Promise<Session | null> {
  if (session && visitDue(session, now)) {
    await dailyVisit(env, session.user.id, now);
    session.user.points += 1;
    session.user.lastVisitDay = moscowDay(now);
  }
  return session;
}
