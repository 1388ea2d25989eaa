import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { page, postForm } from "./helpers/api";
import { all } from "./helpers/db";
import { as } from "./helpers/users";

// The asker's e-mail links on an answer: /answer/{aid}/thanks, /bad and /unwatch-comments.

/** Answers waiting for their asker's reaction, on open questions of askers who may like (Знаток and up, not banned). */
const askersAnswers = () =>
  all<{ aid: number; qid: number; email: string }>(
    `select a.id aid, a.qid qid, u.email email from answers a join questions q on q.id = a.qid join users u on u.id = q.user_id
     where a.user_id <> q.user_id and a.hidden = 0 and a.canth_status = 0 and q.state = 'A' and q.hidden = 0
       and u.points >= 250 and u.banned_until is null and u.ban_permanent = 0
     order by a.id limit 2`,
  );

describe("the answer's e-mail link pages", () => {
  it("a guest is sent to the sign-in page first", async () => {
    const { res } = await page("/answer/1/thanks");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?return=/);
  });

  it("/thanks asks first (a GET writes nothing), the button says thanks, then the page confirms it", async () => {
    const [{ aid, email }] = await askersAnswers();
    const asker = await as(email);
    const ask = await page(`/answer/${aid}/thanks`, asker.cookie);
    expect(ask.res.status).toBe(200);
    expect(ask.html).toContain("Сказать спасибо автору ответа?");
    expect(await env.DB.prepare("select canth_status v from answers where id = ?").bind(aid).first("v")).toBe(0);
    const { res } = await postForm("thanks", { aid }, `/answer/${aid}/thanks?done=1`, asker);
    expect(res.headers.get("location")).toBe(`/answer/${aid}/thanks?done=1`);
    expect(await env.DB.prepare("select canth_status v from answers where id = ?").bind(aid).first("v")).toBe(1);
    expect((await page(`/answer/${aid}/thanks?done=1`, asker.cookie)).html).toContain("Спасибо! Автор ответа получит 5 баллов");
  });

  it("/bad hides the answer after its button; /unwatch-comments stops the comment notifications", async () => {
    const [, { aid, qid, email }] = await askersAnswers();
    const asker = await as(email);
    expect((await page(`/answer/${aid}/bad`, asker.cookie)).html).toContain("Скрыть этот ответ?");
    await postForm("notimportant", { aid }, `/answer/${aid}/bad?done=1`, asker);
    expect(await env.DB.prepare("select canth_status v from answers where id = ?").bind(aid).first("v")).toBe(-1);
    expect((await page(`/answer/${aid}/bad?done=1`, asker.cookie)).html).toContain("Ответ скрыт");

    await env.DB.prepare("insert or ignore into watches (qid, user_id, added) values (?, ?, ?)").bind(qid, asker.id, Date.now()).run();
    await env.DB.prepare("update watches set comments = 1 where qid = ? and user_id = ?").bind(qid, asker.id).run();
    expect((await page(`/answer/${aid}/unwatch-comments`, asker.cookie)).html).toContain("Отписаться от уведомлений о комментариях?");
    await postForm("stopnotify", { id: qid, type: "C" }, `/question/${qid}/unwatch-comments?done=1`, asker);
    expect(await env.DB.prepare("select comments v from watches where qid = ? and user_id = ?").bind(qid, asker.id).first("v")).toBe(0);
  });
});
