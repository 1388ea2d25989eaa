import { Hono } from "hono";
import { questionExists, questionRoom, userHub } from "../app/models/core/hub.server";
import { getSession } from "../app/models/users/session.server";
import { parseId } from "../app/lib/params";
import type { AppEnv } from "./types";

/**
 * The live doors (WebSocket upgrades, hibernation API):
 * - /ws — the signed-in user's UserHub: new notifications and the unread counter;
 * - /ws/question/{qid} — the question's QuestionRoom: new answers, comments, votes and poll counts.
 * An upgrade must come from a page of this site (its Origin is ours: browsers always send it on
 * WebSockets, so a missing or foreign Origin is refused — cross-site WebSocket hijacking).
 */
export const live = new Hono<AppEnv>();

function refusal(req: Request): Response | null {
  if (req.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("WebSocket upgrade required", { status: 426 });
  const origin = req.headers.get("origin");
  if (!origin || origin !== new URL(req.url).origin) return new Response("Forbidden origin", { status: 403 });
  return null;
}

live.get("/ws", async (c) => {
  const refused = refusal(c.req.raw);
  if (refused) return refused;
  const session = await getSession(c.env, c.req.raw);
  if (!session) return new Response("Sign in first", { status: 401 });
  return userHub(c.env, session.user.id).fetch(c.req.raw);
});

live.get("/ws/question/:qid", async (c) => {
  const refused = refusal(c.req.raw);
  if (refused) return refused;
  const qid = parseId(c.req.param("qid"));
  if (qid == null || !(await questionExists(c.env, qid))) return new Response("Not found", { status: 404 });
  return questionRoom(c.env, qid).fetch(c.req.raw);
});

live.all("/ws/*", () => new Response("WebSocket upgrade required", { status: 426 }));
