/**
 * The devices a user gets Web Push on (docs/decisions/0057-web-push.md): the browser's
 * subscription, kept per device, listed in the settings, removed by him or when the push service
 * says it is gone.
 */
import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import { z } from "zod";
import { deviceName } from "../../lib/device-name";
import { ERR, ERR_MSG } from "../../lib/errids";
import { DomainError } from "../../lib/errors";
import { idField, last } from "../../lib/fields";
import { dbOf, schema } from "../core/db.server";
import { requireUser, type Session } from "../users/session.server";
import { pushConfig } from "./web-push-queue.server";

/** How many devices one user may have (the oldest goes when a new one comes). */
export const MAX_DEVICES = 10;

/** The push services browsers subscribe with (Chrome and Edge, Firefox, Safari, Windows): nothing else is ever sent to. */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

/** Whether the site sends to this subscription address: https at a known push service (outside production also the test origins). */
export function pushEndpointAllowed(env: Env, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === "https:" && url.port === "" && PUSH_HOSTS.some((re) => re.test(url.hostname))) return true;
  if (env.ENVIRONMENT === "production") return false;
  const testOrigins = (env.PUSH_TEST_ORIGINS ?? "").split(",").map((s) => s.trim());
  return testOrigins.includes(url.origin);
}

const base64url = (bytes: number, errid: string) =>
  z.preprocess(
    last,
    z
      .string(errid)
      .regex(/^[A-Za-z0-9_-]+={0,2}$/, errid)
      .refine((s) => Math.floor((s.replace(/=+$/, "").length * 3) / 4) === bytes, errid),
  );

/** pushsubscribe: the browser's PushSubscription as it gives it (endpoint, keys.p256dh, keys.auth), flattened. */
export const SubscribeInput = z.object({
  endpoint: z.preprocess(last, z.string(ERR_MSG.pushEndpointInvalid).max(1000, ERR_MSG.pushEndpointInvalid)),
  p256dh: base64url(65, ERR_MSG.pushKeysInvalid),
  auth: base64url(16, ERR_MSG.pushKeysInvalid),
});

/**
 * Keeps this browser's subscription for the signed-in user: a new device, or the same address
 * again (a renewed subscription, or another account signed in on that browser: it is his now).
 * One batch: the row, and the oldest beyond MAX_DEVICES go.
 */
export async function subscribe(env: Env, session: Session | null, input: z.infer<typeof SubscribeInput>, userAgent: string | null, now: number) {
  const user = requireUser(session);
  if (!pushConfig(env)) throw new DomainError(ERR.pushNotConfigured);
  if (!pushEndpointAllowed(env, input.endpoint)) throw new DomainError(ERR.pushEndpointInvalid);
  const db = dbOf(env);
  const ps = schema.pushSubscriptions;
  const device = deviceName(userAgent);
  const [, , devices] = await db.batch([
    db
      .insert(ps)
      .values({ userId: user.id, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, device, added: now })
      .onConflictDoUpdate({ target: ps.endpoint, set: { userId: user.id, p256dh: input.p256dh, auth: input.auth, device, added: now } }),
    db
      .delete(ps)
      .where(
        and(eq(ps.userId, user.id), notInArray(ps.id, db.select({ id: ps.id }).from(ps).where(eq(ps.userId, user.id)).orderBy(desc(ps.id)).limit(MAX_DEVICES))),
      ),
    devicesOf(env, user.id),
  ]);
  return { devices };
}

/** His devices, newest first: what the settings list (a query: a write's batch may carry it; its fields are its columns' names, as a batch's rows come). */
export function devicesOf(env: Env, userId: number) {
  const ps = schema.pushSubscriptions;
  return dbOf(env).select({ id: ps.id, device: ps.device, added: ps.added }).from(ps).where(eq(ps.userId, userId)).orderBy(desc(ps.id));
}

/** pushdevices: {devices, on} — his devices, and whether push is set up on the site at all. */
export async function listDevices(env: Env, session: Session | null) {
  const user = requireUser(session);
  return { devices: await devicesOf(env, user.id), on: pushConfig(env) ? 1 : 0 };
}

export const UnsubscribeInput = z.object({ id: idField(ERR_MSG.pushDeviceMissing) });

/** pushunsubscribe: one of his devices gets no more pushes. */
export async function unsubscribe(env: Env, session: Session | null, input: z.infer<typeof UnsubscribeInput>) {
  const user = requireUser(session);
  const ps = schema.pushSubscriptions;
  const db = dbOf(env);
  const [gone, devices] = await db.batch([
    db
      .delete(ps)
      .where(and(eq(ps.id, input.id), eq(ps.userId, user.id)))
      .returning({ id: ps.id }),
    devicesOf(env, user.id),
  ]);
  if (gone.length === 0) throw new DomainError(ERR.pushDeviceMissing);
  return { devices };
}

/** Subscriptions the push service said are gone (404, 410). */
export async function dropSubscriptions(env: Env, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const ps = schema.pushSubscriptions;
  await dbOf(env)
    .delete(ps)
    .where(inArray(ps.id, [...ids]));
}
