import { DurableObject } from "cloudflare:workers";
import { acceptUpgrade, admissionOf, answerPing, broadcast, closeBack } from "./sockets";

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
  /**
   * The worker has checked the Origin and the question; this accepts the upgrade within the caps
   * the worker sends (per address and overall), or refuses it with 429.
   */
  async fetch(request: Request): Promise<Response> {
    return acceptUpgrade(this.ctx, request, admissionOf(request));
  }

  /** Sends the event to every reader; returns how many sockets it was handed to. */
  publish(event: RoomEvent & { at?: number }): number {
    return broadcast(this.ctx, JSON.stringify(event));
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    answerPing(ws, message);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    closeBack(ws, code);
  }
}
