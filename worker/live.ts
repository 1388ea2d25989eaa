import { Hono } from "hono";
import { ADMISSION_HEADER, type Admission } from "../durable-objects/sockets";
import { ERR } from "../app/lib/errids";
import { DomainError, errorEnvelope } from "../app/lib/errors";
import { questionRoom, userHub } from "../app/models/core/hub.server";
import { roomOpenTo } from "../app/models/users/reader.server";
import { mayWriteAnswer } from "../app/models/answers/writers.server";
import { getSession } from "../app/models/users/session.server";
import { parseId } from "../app/lib/params";
import { addressKey } from "../app/lib/ip-address";
import type { AppEnv } from "./types";

/**
 * The live doors (WebSocket upgrades, hibernation API):
 * - /ws — the signed-in user's UserHub: new notifications and the unread counter;
 * - /ws/question/{qid} — the question's QuestionRoom: new answers, comments, votes and poll counts,
 *   and how many people are writing an answer, for a reader who may read the question (a live
 *   one; in an adult category, after he confirmed his age).
 * An upgrade must come from a page of this site (its Origin is ours: browsers always send it on
 * WebSockets, so a missing or foreign Origin is refused — cross-site WebSocket hijacking).
 *
 * Each object takes a bounded number of sockets (docs/decisions/0024): a user's hub at most
 * CAPS.perUser (the tabs of all his browsers), a question's room at most CAPS.perAddress from one
 * address (an IPv6 address counts by its /64, the block one subscriber gets) and CAPS.perRoom in
 * all. An upgrade past a cap is refused with 429 before it is upgraded. A /ws socket carries its
 * session, so that the session's end closes it (the hub's `endSessions`).
 */
export const live = new Hono<AppEnv>();

const CAPS = { perUser: 20, perAddress: 50, perRoom: 10_000 } as const;

function refusal(req: Request): Response | null {
  if (req.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("WebSocket upgrade required", { status: 426 });
  const origin = req.headers.get("origin");
  if (!origin || origin !== new URL(req.url).origin) return new Response("Forbidden origin", { status: 403 });
  return null;
}

const signInFirst = () => new Response("Sign in first", { status: 401 });

/** The upgrade as the object receives it: the worker's admission replaces anything the client sent under that name. */
function admitted(req: Request, admission: Admission): Request {
  const headers = new Headers(req.headers);
  headers.set(ADMISSION_HEADER, JSON.stringify(admission));
  return new Request(req.url, { method: req.method, headers });
}

/** The object's answer, its over-cap refusal told in the catalogue's words. */
function answered(res: Response): Response {
  if (res.status !== 429) return res;
  const e = new DomainError(ERR.liveSocketsFull);
  return Response.json(errorEnvelope(e), { status: e.status });
}

/**
 * `npm run bench` opens its 1,000 readers of one question from one address: with the var
 * BENCH_KNOBS=1 (set only by the bench) an upgrade that asks for it (x-bench-caps: off) is not
 * counted per address; the room's overall cap still holds.
 */
const perAddressCapped = (env: Env, req: Request) => !(env.BENCH_KNOBS === "1" && req.headers.get("x-bench-caps") === "off");

live.get("/ws", async (c) => {
  const refused = refusal(c.req.raw);
  if (refused) return refused;
  const session = await getSession(c.env, c.req.raw);
  if (!session) return signInFirst();
  const admission: Admission = { tags: [`sid:${session.id}`, `until:${session.expiresAt}`], caps: [{ tag: null, max: CAPS.perUser }] };
  const res = await userHub(c.env, session.user.id).fetch(admitted(c.req.raw, admission));
  return res.status === 401 ? signInFirst() : answered(res);
});

live.get("/ws/question/:qid", async (c) => {
  const refused = refusal(c.req.raw);
  if (refused) return refused;
  const qid = parseId(c.req.param("qid"));
  if (qid == null) return new Response("Not found", { status: 404 });
  const [open, session] = await Promise.all([roomOpenTo(c.env, c.req.raw, qid), getSession(c.env, c.req.raw)]);
  // only a reader who may read the question hears of it (docs/decisions/0050)
  if (!open) return new Response("Not found", { status: 404 });
  const address = `ip:${addressKey(c.req.header("cf-connecting-ip") ?? "127.0.0.1")}`;
  const caps: Admission["caps"] = [{ tag: null, max: CAPS.perRoom }];
  if (perAddressCapped(c.env, c.req.raw)) caps.push({ tag: address, max: CAPS.perAddress });
  // the socket of a reader who may answer carries his id: the room counts the people writing an answer by it
  const writer = session !== null && (await mayWriteAnswer(c.env, session, qid)) ? session.user.id : null;
  const tags = writer !== null ? [address, `uid:${writer}`] : [address];
  return answered(await questionRoom(c.env, qid).fetch(admitted(c.req.raw, { tags, caps })));
});

live.all("/ws/*", () => new Response("WebSocket upgrade required", { status: 426 }));
