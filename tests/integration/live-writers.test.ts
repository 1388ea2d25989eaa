/**
 * "N человек пишут ответ": a question's room counts the people writing an answer (signed-in
 * readers who may answer it, whose page told of a keystroke), tells every reader the number of others (never who),
 * and drops a writer when he leaves (his socket closes) or when his time is up without another
 * keystroke (LIVE_WRITING_MS, 4 s in these tests instead of 30 s: the test waits for the room's
 * message, not for the clock).
 */
import { describe, expect, it } from "vitest";
import { WRITING } from "../../app/lib/live-socket";
import { WRITING as ROOM_WRITING } from "../../durable-objects/question-room";
import { post } from "./helpers/api";
import { value } from "./helpers/db";
import { ask } from "./helpers/payments";
import { openSocket, type TestSocket } from "./helpers/sockets";
import { newUser } from "./helpers/users";

const someQuestion = () => value("select id v from questions where state = 'A' and hidden = 0 order by id limit 1");

/** The socket's messages up to its answer to a ping: what the room sent it before. */
async function heardBeforePong(s: TestSocket): Promise<unknown[]> {
  s.ws!.send("ping");
  const heard: unknown[] = [];
  for (let m = await s.next(5000); m !== "pong"; m = await s.next(5000)) heard.push(m);
  return heard;
}

describe("how many people are writing an answer", () => {
  it("the page and the room agree on what a writer's page sends", () => {
    expect(WRITING).toBe(ROOM_WRITING);
  });

  it("readers are told the number of others writing, a second tab of the same writer counts once, a newcomer hears it at once, and a writer who leaves is dropped", async () => {
    const qid = await someQuestion();
    const path = `/ws/question/${qid}`;
    const [anna, boris] = [await newUser("Анна"), await newUser("Борис")];
    const guest = await openSocket(path);
    const annaReads = await openSocket(path, { me: anna });
    const annaWrites = await openSocket(path, { me: anna });
    const borisWrites = await openSocket(path, { me: boris });

    annaWrites.ws!.send(WRITING);
    expect(await guest.next(5000)).toEqual({ type: "writers", n: 1 });
    // Anna's own pages hear of nobody else; Boris hears of Anna
    expect(await annaReads.next(5000)).toEqual({ type: "writers", n: 0 });
    expect(await borisWrites.next(5000)).toEqual({ type: "writers", n: 1 });

    // the same writer in a second tab is still one person: nothing new is told
    annaReads.ws!.send(WRITING);
    expect(await heardBeforePong(guest)).toEqual([]);

    borisWrites.ws!.send(WRITING);
    expect(await guest.next(5000)).toEqual({ type: "writers", n: 2 });
    expect(await annaReads.next(5000)).toEqual({ type: "writers", n: 1 });

    // a reader who comes now is told at once, before anything else
    const late = await openSocket(path);
    expect(await late.next(5000)).toEqual({ type: "writers", n: 2 });

    // Boris leaves (or posts: his page closes the writer's socket)
    borisWrites.ws!.close(1000);
    expect(await guest.next(5000)).toEqual({ type: "writers", n: 1 });
    expect(await late.next(5000)).toEqual({ type: "writers", n: 1 });
    for (const s of [guest, annaReads, annaWrites, late]) s.ws!.close(1000);
  });

  it("a writer with no keystroke for the window is dropped by the room's alarm", async () => {
    const qid = await someQuestion();
    const path = `/ws/question/${qid}`;
    const writer = await newUser("Молчун");
    const guest = await openSocket(path);
    const writes = await openSocket(path, { me: writer });
    writes.ws!.send(WRITING);
    expect(await guest.next(5000)).toEqual({ type: "writers", n: 1 });
    // no keystroke after that: the room tells everyone he stopped, with his socket still open
    expect(await guest.next(10_000)).toEqual({ type: "writers", n: 0 });
    expect(await writes.next(5000)).toEqual({ type: "writers", n: 0 });
    for (const s of [guest, writes]) s.ws!.close(1000);
  });

  it("a reader who may not answer cannot count as a writer: the asker himself, and one who answered already", async () => {
    const asker = await newUser("Спрашивающий", { points: 100 });
    const qid = await ask(asker, "Какой чай лучше заваривать по утрам?");
    const path = `/ws/question/${qid}`;
    const answerer = await newUser("Ответивший");
    expect((await post("addans", { qid: String(qid), Body: "Зелёный, и не кипятком." }, answerer)).json.status).toBe(200);
    const reader = await openSocket(path);
    for (const me of [asker, answerer]) {
      const s = await openSocket(path, { me });
      s.ws!.send(WRITING);
      expect(await heardBeforePong(s)).toEqual([]);
      s.ws!.close(1000);
    }
    expect(await heardBeforePong(reader)).toEqual([]);
    reader.ws!.close(1000);
  });

  it("a guest's socket cannot count as a writer", async () => {
    const qid = await someQuestion();
    const path = `/ws/question/${qid}`;
    const reader = await openSocket(path);
    const guest = await openSocket(path);
    guest.ws!.send(WRITING);
    expect(await heardBeforePong(guest)).toEqual([]);
    expect(await heardBeforePong(reader)).toEqual([]);
    for (const s of [reader, guest]) s.ws!.close(1000);
  });
});
