/**
 * The answer form's writer, told to the question's room so that its readers see how many people
 * are writing an answer. Nothing is opened until the first keystroke: then a socket of the
 * writer's own (/ws/question/{qid}) carries WRITING at most every WRITING_EVERY_MS while he types.
 * The room counts him until 30 s pass without one; `done` (he posted, or the form went away)
 * closes the socket, which ends his count at once, as leaving the page does.
 */
import { connectLive, WRITING, WRITING_EVERY_MS } from "../../lib/live-socket";
import { liveUrl } from "./live-url";

export function answerWriting(qid: number): { typed(): void; done(): void } {
  let stop: (() => void) | null = null;
  let send: ((text: string) => void) | null = null;
  let keyAt = 0;
  let toldAt = 0;
  const tell = () => {
    const now = Date.now();
    if (!send || now - toldAt < WRITING_EVERY_MS || now - keyAt >= 30_000) return;
    send(WRITING);
    toldAt = now;
  };
  return {
    typed() {
      keyAt = Date.now();
      stop ??= connectLive(liveUrl(`/ws/question/${qid}`), {
        onMessage() {},
        onOpen(s) {
          send = s;
          toldAt = 0;
          tell();
        },
      });
      tell();
    },
    done() {
      stop?.();
      stop = send = null;
      keyAt = toldAt = 0;
    },
  };
}
