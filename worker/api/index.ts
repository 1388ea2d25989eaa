import { Hono } from "hono";
import { z } from "zod";
import { DomainError, ERRORS, errorEnvelope, type ErrId } from "../../app/lib/errors";
import { getSession } from "../../app/models/session.server";
import { isSameOrigin } from "../middleware/origin";
import type { AppEnv } from "../types";
import { accountCalls } from "./accounts";
import type { CallContext, NamedCall } from "./define";

/**
 * The named-call door: /api/v2/{name} (and /api/notify/{name}, /api/slow/{name} for the calls the
 * spec puts there). GET reads take a query string; POST writes take form fields or JSON. Every
 * reply is the envelope {status, errid?, error?, on_moderation?, id?, …}; an unknown name is 404
 * with 'undefined url'.
 */
const CALLS: Record<string, NamedCall> = { ...accountCalls };

/** Calls that establish or refresh a session do not carry the salt and token yet. */
const NO_TOKEN_CHECK = new Set(["register", "auth", "refresh_auth", "exit"]);

export const api = new Hono<AppEnv>();

async function readInput(req: Request): Promise<Record<string, unknown>> {
  if (req.method === "GET" || req.method === "HEAD") return collect(new URL(req.url).searchParams.entries());
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = await req.json().catch(() => null);
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new DomainError(400);
    return body as Record<string, unknown>;
  }
  if (type.includes("form")) return collect((await req.formData()).entries() as IterableIterator<[string, string]>);
  return {};
}

/** Form and query fields; a repeated field (poll_options, vote) becomes a list. */
function collect(entries: Iterable<[string, FormDataEntryValue | string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k0, v] of entries) {
    const k = k0.endsWith("[]") ? k0.slice(0, -2) : k0;
    if (k in out) out[k] = ([] as unknown[]).concat(out[k], v);
    else out[k] = k0.endsWith("[]") ? [v] : v;
  }
  return out;
}

/** A zod refusal: an issue message naming an errid of the catalogue, else the generic 400. */
function fromZod(e: z.ZodError): DomainError {
  const id = Number(e.issues[0]?.message);
  return new DomainError(Number.isInteger(id) && id in ERRORS ? (id as ErrId) : 400);
}

api.all("/:door{v2|notify|slow}/:name", async (c) => {
  const call = Object.prototype.hasOwnProperty.call(CALLS, c.req.param("name")) ? CALLS[c.req.param("name")] : undefined;
  if (!call || (call.door ?? "v2") !== c.req.param("door")) return c.json({ status: 404, errid: 404, error: "undefined url" }, 404);
  const cookies: string[] = [];
  try {
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    if (method !== call.method) throw new DomainError(405);
    if (method === "POST" && !isSameOrigin(c.req.raw)) throw new DomainError(111);
    const raw = await readInput(c.req.raw);
    const session = await getSession(c.env.DB, c.req.raw);
    if (method === "POST" && session && !NO_TOKEN_CHECK.has(c.req.param("name"))) {
      if (raw.salt !== session.salt || raw.token !== session.token) throw new DomainError(103);
    }
    const parsed = call.input.safeParse(raw);
    if (!parsed.success) throw fromZod(parsed.error);
    const ctx: CallContext = {
      env: c.env,
      req: c.req.raw,
      session,
      ip: c.req.header("cf-connecting-ip") ?? "127.0.0.1",
      now: Date.now(),
      exec: c.executionCtx,
      setCookie: (v) => cookies.push(v),
    };
    const data = await call.run(ctx, parsed.data);
    const res = c.json({ status: 200, ...data }, 200);
    for (const v of cookies) res.headers.append("Set-Cookie", v);
    res.headers.set("Cache-Control", "no-store");
    return res;
  } catch (e) {
    if (e instanceof DomainError) return c.json(errorEnvelope(e), e.status as 400);
    console.error(e);
    const err = new DomainError(999);
    return c.json(errorEnvelope(err), 500);
  }
});

api.all("*", (c) => c.json({ status: 404, errid: 404, error: "undefined url" }, 404));
