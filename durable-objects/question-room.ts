import { DurableObject } from "cloudflare:workers";
import { acceptUpgrade, admissionOf, answerPing, broadcast, closeBack, tagValue } from "./sockets";

/** What readers of a question receive: which thing changed; the page fetches the rendered piece. */
export type RoomEvent =
  | { type: "answer"; qid: number; aid: number; anscnt?: number }
  | { type: "comment"; qid: number; cmid: number; reftype: "Q" | "A"; refid: number }
  | { type: "vote"; qid: number; aid: number | null }
  | { type: "poll"; qid: number; total_voted: number; options: { optid: number; votes: number }[] }
  | { type: "state"; qid: number; state: string };

/** How many other people are writing an answer right now (sent to each socket, its own user left out). */
export type WritersEvent = { type: "writers"; n: number };

/** The text a writer's page sends on a keystroke (at most every few seconds). */
export const WRITING = "writing";
/** How long a writer counts after the last keystroke his page told of (LIVE_WRITING_MS overrides it for the tests). */
export const WRITING_MS = 30_000;

/** When the socket's page last told of a keystroke in the answer form, or null. */
function writingAt(ws: WebSocket): number | null {
  const a = ws.deserializeAttachment() as { writingAt?: number } | null;
  return typeof a?.writingAt === "number" ? a.writingAt : null;
}

/**
 * One object per question (`idFromName(String(qid))`): everyone reading the question holds a
 * hibernatable WebSocket here, and `publish` pushes a change to all of them. The content lives in
 * D1; the object keeps on each socket only who it belongs to (its tags) and when its page last
 * told of a keystroke in the answer form, so hibernation and restarts lose nothing.
 *
 * Writers: a signed-in reader's page opens a socket of its own at his first keystroke and sends
 * WRITING at most every few seconds while he types. He counts until WRITING_MS pass without one
 * (an alarm), he posts or leaves (the socket closes). Readers get only the count of people (a
 * user with two tabs is one), never who; a guest's socket cannot count as a writer.
 */
export class QuestionRoom extends DurableObject<Env> {
  /** the writers the readers were last told of (their ids, sorted), "" for none */
  private told = "";

  /**
   * The worker has checked the Origin and the question; this accepts the upgrade within the caps
   * the worker sends (per address and overall), or refuses it with 429. A reader who comes while
   * others write is told their number at once.
   */
  async fetch(request: Request): Promise<Response> {
    const admission = admissionOf(request);
    const n = this.othersWriting(this.writers(), tagValue(admission.tags, "uid"));
    return acceptUpgrade(this.ctx, request, admission, n > 0 ? JSON.stringify({ type: "writers", n } satisfies WritersEvent) : undefined);
  }

  /** Sends the event to every reader; returns how many sockets it was handed to. */
  publish(event: RoomEvent & { at?: number }): number {
    return broadcast(this.ctx, JSON.stringify(event));
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === WRITING) return this.wrote(ws);
    answerPing(ws, message);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    closeBack(ws, code);
    if (writingAt(ws) !== null) await this.tell(ws);
  }

  /** The oldest writer's time is up. */
  async alarm(): Promise<void> {
    await this.tell();
  }

  private windowMs(): number {
    return Number(this.env.LIVE_WRITING_MS) || WRITING_MS;
  }

  /** Each user writing now, with the newest keystroke one of his sockets told of (`leaving` left out). */
  private writers(leaving?: WebSocket): Map<string, number> {
    const now = Date.now();
    const out = new Map<string, number>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === leaving) continue;
      const uid = tagValue(this.ctx.getTags(ws), "uid");
      const at = writingAt(ws);
      if (uid !== null && at !== null && now - at < this.windowMs()) out.set(uid, Math.max(out.get(uid) ?? 0, at));
    }
    return out;
  }

  private othersWriting(writers: Map<string, number>, uid: string | null): number {
    return writers.size - (uid !== null && writers.has(uid) ? 1 : 0);
  }

  private async wrote(ws: WebSocket): Promise<void> {
    // a guest writes no answers
    if (tagValue(this.ctx.getTags(ws), "uid") === null) return;
    ws.serializeAttachment({ writingAt: Date.now() });
    await this.tell();
  }

  /** Tells every reader how many others write, when the writers changed, and wakes when the oldest one's time is up. */
  private async tell(leaving?: WebSocket): Promise<void> {
    const writers = this.writers(leaving);
    const ids = [...writers.keys()].sort().join(",");
    if (ids !== this.told) {
      this.told = ids;
      for (const ws of this.ctx.getWebSockets()) {
        if (ws === leaving) continue;
        const n = this.othersWriting(writers, tagValue(this.ctx.getTags(ws), "uid"));
        try {
          ws.send(JSON.stringify({ type: "writers", n } satisfies WritersEvent));
        } catch {
          // a closing socket
        }
      }
    }
    if (writers.size > 0) await this.ctx.storage.setAlarm(Math.min(...writers.values()) + this.windowMs());
    else await this.ctx.storage.deleteAlarm();
  }
}
