/** What both Durable Objects do with their hibernatable WebSockets. */

/** The close code of a socket whose session ended (sign-out, a new sign-in, a ban, expiry): the page must not reconnect it. */
export const CLOSE_SESSION_ENDED = 4001;

/**
 * The request header through which the worker says how to admit an upgrade, as JSON of
 * `Admission`. The objects are reachable only through the worker, which sets it on every upgrade
 * it passes on; an upgrade without it carries no tags and meets no cap.
 */
export const ADMISSION_HEADER = "x-live-admission";

export type Admission = {
  /** the socket's tags (at most 10, each under 256 characters): who it belongs to */
  tags: string[];
  /** the upgrade is refused while `max` sockets of the object carry `tag` (null: any socket) */
  caps: { tag: string | null; max: number }[];
};

/** The admission the worker sent with an upgrade; none, or one that does not parse, admits freely. */
export function admissionOf(request: Request): Admission {
  try {
    const a = JSON.parse(request.headers.get(ADMISSION_HEADER) ?? "null") as Partial<Admission> | null;
    return { tags: Array.isArray(a?.tags) ? a.tags.map(String).slice(0, 10) : [], caps: Array.isArray(a?.caps) ? a.caps : [] };
  } catch {
    return { tags: [], caps: [] };
  }
}

/** The value of the first tag `name:value` of a list of tags, or null. */
export function tagValue(tags: readonly string[], name: string): string | null {
  const tag = tags.find((t) => t.startsWith(`${name}:`));
  return tag === undefined ? null : tag.slice(name.length + 1);
}

/**
 * Accepts a WebSocket upgrade into the object (hibernation API) with the admission's tags, unless
 * a cap is reached: then 429 and no socket. Counting and accepting run with no `await` between
 * them, so concurrent upgrades cannot both take the last place. `hello` is sent first if given.
 */
export function acceptUpgrade(ctx: DurableObjectState, request: Request, admission: Admission, hello?: string): Response {
  if (request.headers.get("Upgrade") !== "websocket") return new Response("websocket expected", { status: 426 });
  for (const cap of admission.caps) {
    if (ctx.getWebSockets(cap.tag ?? undefined).length >= cap.max) return new Response("too many sockets", { status: 429 });
  }
  const pair = new WebSocketPair();
  ctx.acceptWebSocket(pair[1], admission.tags);
  if (hello !== undefined) pair[1].send(hello);
  return new Response(null, { status: 101, webSocket: pair[0] });
}

/** Sends a text to every socket of the object (those `skip` holds back are left out); returns how many it was handed to. */
export function broadcast(ctx: DurableObjectState, text: string, skip?: (ws: WebSocket) => boolean): number {
  let sent = 0;
  for (const ws of ctx.getWebSockets()) {
    if (skip?.(ws)) continue;
    try {
      ws.send(text);
      sent++;
    } catch {
      // a closing socket; its client reconnects and reads the state again
    }
  }
  return sent;
}

/** Closes the sockets with the code and reason; returns how many. */
export function closeSockets(sockets: Iterable<WebSocket>, code: number, reason: string): number {
  let closed = 0;
  for (const ws of sockets) {
    try {
      ws.close(code, reason);
      closed++;
    } catch {
      // already closed
    }
  }
  return closed;
}

/** The keep-alive: a client's "ping" gets "pong". */
export function answerPing(ws: WebSocket, message: string | ArrayBuffer): void {
  if (message === "ping") ws.send("pong");
}

/** Completes the closing handshake the client started. */
export function closeBack(ws: WebSocket, code: number): void {
  try {
    ws.close(code === 1005 ? 1000 : code, "bye");
  } catch {
    // already closed
  }
}
