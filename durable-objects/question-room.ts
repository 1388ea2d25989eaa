import { DurableObject } from "cloudflare:workers";

/** What readers of a question receive: which thing changed; the page fetches the rendered piece. */
export type RoomEvent =
  | { type: "answer"; qid: number; aid: number; anscnt?: number }
  | { type: "comment"; qid: number; cmid: number; reftype: "Q" | "A"; refid: number }
  | { type: "vote"; qid: number; aid: number | null }
  | { type: "poll"; qid: number; total_voted: number; options: { optid: number; votes: number }[] }
  | { type: "state"; qid: number; state: string };

/**
 * One object per question (`idFromName(String(qid))`): everyone reading the question holds a
 * hibernatable WebSocket here, and `publish` pushes a change to all of them. The object keeps no
 * state in memory, so hibernation and restarts lose nothing (the content lives in D1).
 */
export class QuestionRoom extends DurableObject {
  /** The worker has checked the Origin and the question; this only accepts the upgrade. */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("websocket expected", { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Sends the event to every reader; returns how many sockets it was handed to. */
  publish(event: RoomEvent & { at?: number }): number {
    const text = JSON.stringify(event);
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
        sent++;
      } catch {
        // a closing socket
      }
    }
    return sent;
  }

  readers(): number {
    return this.ctx.getWebSockets().length;
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") ws.send("pong");
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, "bye");
    } catch {
      // already closed
    }
  }
}
