import { ERR } from "../lib/errids";
import { AddressBlocked, DomainError, errorEnvelope } from "../lib/errors";
import { collectFields, formFields, fromZod } from "../lib/fields";
import { clientIp } from "../lib/http.server";
import { WELCOME_DAYS, welcomeBonus } from "../models/users/bonuses.server";
import { publishToRoom, withQuota, withSlots } from "../models/core/hub.server";
import { rateLimited, take } from "../models/core/rate-limits.server";
import { addressKey } from "../lib/ip-address";
import { writerOf } from "../models/moderation/ip-blocks.server";
import { heldReply } from "../models/moderation/premoderation.server";
import { forgetCards } from "../models/users/reader-cards.server";
import { getSession } from "../models/users/session.server";
import { readerOf } from "../models/users/reader.server";
import { threadRefusal } from "../models/core/thread-ranges.server";
import { isSameOrigin } from "./origin";
import { purgePages } from "./page-cache.server";
import type { CallContext, NamedCall } from "./define";
import { CALLS } from "./registry";

/** Calls that establish or refresh a session do not carry the salt and token yet. */
const NO_TOKEN_CHECK = new Set(["register", "auth", "refresh_auth", "exit"]);

/** Writes an address block leaves open: they only start, refresh or end the caller's own session. */
const OPEN_TO_BLOCKED = new Set(["auth", "refresh_auth", "exit"]);

export type Door = "api" | "form";

export type CallResult = { status: number; body: Record<string, unknown>; cookies: string[] };

export function hasCall(name: string): boolean {
  return Object.hasOwn(CALLS, name);
}

/**
 * Runs a named call for either door: method and origin checks, the session (and, for writes, the
 * block of their address: 100; for API writes, the session's salt and token), the call's zod
 * schema, then the call. Refusals become the envelope.
 * The form door (/do/{name}) is protected by the same-origin check and the SameSite cookie; plain
 * HTML forms have no salt and token to send.
 */
export async function runCall(name: string, req: Request, raw: Record<string, unknown>, env: Env, exec: ExecutionContext, door: Door): Promise<CallResult> {
  const call = CALLS[name];
  const cookies: string[] = [];
  try {
    const method = req.method === "HEAD" ? "GET" : req.method;
    if (method !== call.method) throw new DomainError(ERR.wrongMethod);
    if (method === "POST" && !isSameOrigin(req)) throw new DomainError(ERR.foreignOrigin);
    const ip = clientIp(req);
    const now = Date.now();
    // a write reads its address's block with the session, in the same round trip; a read never looks
    const checked = method === "POST" && !OPEN_TO_BLOCKED.has(name);
    const { session, blocked } = checked ? await writerOf(env, req, ip, now) : { session: await getSession(env, req, now), blocked: false };
    if (blocked) throw new AddressBlocked(ip);
    if (door === "api" && method === "POST" && session && !NO_TOKEN_CHECK.has(name)) {
      if (raw.salt !== session.salt || raw.token !== session.token) throw new DomainError(ERR.sessionExpired);
    }
    const parsed = call.input.safeParse(raw);
    if (!parsed.success) throw fromZod(parsed.error);
    const input = parsed.data;
    const ctx: CallContext = { env, req, session, ip, now, exec, reader: readerOf(req, session) };
    if (call.rate && rateLimited(env, req)) await take(env, call.rate, addressKey(ctx.ip), ctx.now);
    // a write held for premoderation replies {on_moderation: 1, …} and keeps its quota slot
    const held = () => perform(call, ctx, input, cookies).catch(heldReply);
    const quota = typeof call.quota === "function" ? call.quota(input) : call.quota;
    // the writer whose quotas count, and the videos the write attaches (their slots around the write, given back if it fails)
    const counted = session && quotaChecked(env, req) ? session.user : null;
    const videos = counted && call.videos ? call.videos(input) : 0;
    const write = counted && videos > 0 ? () => withSlots(env, counted, "VIQ", videos, ctx.now, held) : held;
    const data = quota && counted ? await withQuota(env, counted, quota, ctx.now, write) : await write();
    if (call.welcome && session && !data.on_moderation && !session.user.welcomeBonus && ctx.now - session.user.createdAt < WELCOME_DAYS * 86_400_000) {
      await welcomeBonus(env, session.user.id, ctx.now);
    }
    // what his pages kept of him (his session, the questions he has done something on) is read anew
    if (method === "POST" && session) await forgetCards(env, session.user.id, ctx.now);
    return { status: 200, body: { status: 200, ...data }, cookies };
  } catch (e) {
    if (e instanceof DomainError) return { status: e.status, body: errorEnvelope(e), cookies };
    // DB's guard refused a write to a question moved to another database (or being moved)
    const moved = threadRefusal(e);
    if (moved) return { status: moved.status, body: errorEnvelope(moved), cookies };
    console.error(e);
    return { status: 500, body: errorEnvelope(new DomainError(ERR.unexpected)), cookies };
  }
}

/**
 * Runs the call's model and, once it succeeded, what the call declares: the cached copies of the
 * pages it changed are dropped (here before the reply, elsewhere after it), the live event
 * published (after the reply), its cookie
 * set, and its reply taken from the result. A held or refused write throws before any of it.
 */
async function perform(call: NamedCall, c: CallContext, input: unknown, cookies: string[]): Promise<Record<string, unknown>> {
  const result = await call.run(c, input);
  // the live event first: readers hear of the change while the guest cache is being dropped
  const event = call.publish?.(result, input, c);
  if (event) publishToRoom(c.env, c.exec, event);
  const paths = call.purge?.(result, input, c);
  // this location's copies go before the reply, so that the writer's next page (often the redirect
  // of a form) is never the copy from before his write; the other locations' after it
  if (paths?.length) await purgePages(new URL(c.req.url).origin, paths, c.env, (p) => c.exec.waitUntil(p));
  const cookie = call.cookie?.(result, input, c);
  if (cookie) cookies.push(cookie);
  return call.reply ? call.reply(result, input, c) : result;
}

/**
 * The daily quotas are always checked, except that `npm run bench` (and only it: the BENCH_KNOBS
 * var is set nowhere else) measures their cost by switching them off per request.
 */
function quotaChecked(env: Env, req: Request): boolean {
  return !(env.BENCH_KNOBS === "1" && req.headers.get("x-bench-quota") === "off");
}

/** The input of a request: the query string of a read, form fields or JSON of a write. */
export async function readInput(req: Request): Promise<Record<string, unknown>> {
  if (req.method === "GET" || req.method === "HEAD") return collectFields(new URL(req.url).searchParams.entries());
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = await req.json().catch(() => null);
    if (!body || typeof body !== "object" || Array.isArray(body)) return {};
    return body as Record<string, unknown>;
  }
  if (type.includes("form")) return formFields(req);
  return {};
}
