/**
 * A new answer reaches the question's readers with what they need to draw it (the answers-live
 * island renders the server's AnswerItem from the event, no read of its own).
 */
import { env, SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { BASE, post } from "./helpers/api";
import { openQuestions } from "./helpers/db";
import { as } from "./helpers/users";
import { answerHtml } from "../../app/islands/lib/answer-html";
import { fromLive } from "../../app/islands/lib/answer-view";

it("a reader of the question receives the new answer with its stored text and its author", async () => {
  const answerer = await as("level6@demo.local");
  const [qid] = await openQuestions(answerer.id, ["Вопрос для живого ответа"]);

  const res = await SELF.fetch(`${BASE}/ws/question/${qid}`, { headers: { upgrade: "websocket", origin: BASE } });
  const ws = res.webSocket!;
  ws.accept();
  const message = new Promise<any>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("no message")), 3000);
    ws.addEventListener("message", (e) => {
      clearTimeout(t);
      resolve(JSON.parse(String(e.data)));
    });
  });

  const a = await post("addans", { qid, Body: "Живой ответ <script>alert(1)</script> и ссылка https://example.org", source: "Опыт" }, answerer);
  expect(a.json.status).toBe(200);
  const m = await message;
  const stored = await env.DB.prepare("select text, source, added from answers where id = ?")
    .bind(a.json.id)
    .first<{ text: string; source: string; added: number }>();
  const author = await env.DB.prepare("select id, nick, lvl, points, filin from users where id = ?")
    .bind(answerer.id)
    .first<{ id: number; nick: string; lvl: number; points: number; filin: string | null }>();
  expect(m).toMatchObject({ type: "answer", qid, aid: a.json.id });
  expect(m.answer).toEqual({
    text: stored!.text,
    source: stored!.source,
    added: stored!.added,
    author: { id: author!.id, nick: author!.nick, lvl: author!.lvl, points: author!.points, filin: author!.filin, moder: 0 },
  });
  expect(m.answer.text).not.toContain("<script>");
  ws.close();
});

it("a moderator's new answer reaches the readers marked, and the live list draws the «Модератор» label next to his nick", async () => {
  const moder = await as("moder@demo.local");
  const [qid] = await openQuestions(moder.id, ["Вопрос для живого ответа модератора"]);
  const ws = (await SELF.fetch(`${BASE}/ws/question/${qid}`, { headers: { upgrade: "websocket", origin: BASE } })).webSocket!;
  ws.accept();
  const message = new Promise<any>((resolve) => ws.addEventListener("message", (e) => resolve(JSON.parse(String(e.data)))));

  const a = await post("addans", { qid, Body: "Ответ модератора вживую" }, moder);
  expect(a.json.status).toBe(200);
  const m = await message;
  expect(m.answer.author).toMatchObject({ id: moder.id, nick: "Модератор Олег", moder: 1 });
  const html = answerHtml(fromLive(qid, m.aid, m.answer), { now: Date.now(), showRating: false, guest: true });
  expect(html).toContain(`href="/profile/id${moder.id}">Модератор Олег</a><span class="staff-label" data-testid="staff-label">Модератор</span>`);
  ws.close();
});
