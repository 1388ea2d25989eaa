/** What both Durable Objects do with their hibernatable WebSockets. */

/** Accepts a WebSocket upgrade into the object (hibernation API); `hello` is sent first if given. */
export function acceptUpgrade(ctx: DurableObjectState, request: Request, hello?: string): Response {
  if (request.headers.get("Upgrade") !== "websocket") return new Response("websocket expected", { status: 426 });
  const pair = new WebSocketPair();
  ctx.acceptWebSocket(pair[1]);
  if (hello !== undefined) pair[1].send(hello);
  return new Response(null, { status: 101, webSocket: pair[0] });
}

/** Sends a text to every socket of the object; returns how many it was handed to. */
export function broadcast(ctx: DurableObjectState, text: string): number {
  let sent = 0;
  for (const ws of ctx.getWebSockets()) {
    try {
      ws.send(text);
      sent++;
    } catch {
      // a closing socket; its client reconnects and reads the state again
    }
  }
  return sent;
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
