import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type Me, post } from "./helpers/api";
import { fingerprint, one, value } from "./helpers/db";
import { signIn } from "./helpers/users";
import { captchaCode } from "../../app/models/core/captcha.server";
import { SHOWCASE } from "../../db/seed/seed";

/** Everything addcmt may touch, to show that a refusal changed nothing. */
const snapshot = async () =>
  JSON.stringify(
    await fingerprint({
      comments: "select count(*) from comments",
      lastComment: "select max(id) from comments",
      replies: "select sum(comcnt) from comments",
      answerComments: "select sum(comcnt) from answers",
      questionComments: "select sum(comcnt) from questions",
    }),
  );

describe("comments (addcmt)", () => {
  it("a user comments an answer: the comment is stored sanitised at depth 0 and the answer's comcnt rises", async () => {
    const masha = await signIn("user@demo.local");
    const aid = SHOWCASE.contextAnswerId;
    const before = await one<{ comcnt: number }>("select comcnt from answers where id = ?", aid);
    const { res, json } = await post("addcmt", { type: "A", refid: String(aid), Body: "Согласна! <script>alert(1)</script> см. https://example.org" }, masha);
    expect(res.status).toBe(200);
    expect(json).toEqual({ status: 200, id: expect.any(Number) });
    const row = await one("select qid, ref_type, ref_id, parent_id, depth, user_id, text from comments where id = ?", json.id);
    expect(row).toMatchObject({ qid: SHOWCASE.resolvedQuestionId, ref_type: "A", ref_id: aid, parent_id: null, depth: 0, user_id: masha.id });
    expect(row!.text).not.toContain("<script");
    expect(row!.text).toContain('rel="nofollow ugc"');
    expect((await one<{ comcnt: number }>("select comcnt from answers where id = ?", aid))!.comcnt).toBe(before!.comcnt + 1);
  });

  it("replies nest: each reply is one level deeper and raises its parent's comcnt", async () => {
    const petr = await signIn("znatok@demo.local");
    const aid = SHOWCASE.contextAnswerId;
    const parent = await one<{ depth: number; comcnt: number }>("select depth, comcnt from comments where id = ?", SHOWCASE.contextCommentId);
    const answerBefore = (await one<{ comcnt: number }>("select comcnt from answers where id = ?", aid))!.comcnt;
    const r1 = await post("addcmt", { type: "A", refid: String(aid), cmid: String(SHOWCASE.contextCommentId), Body: "Ответ на комментарий" }, petr);
    expect(r1.json.status).toBe(200);
    const r2 = await post("addcmt", { type: "A", refid: String(aid), cmid: String(r1.json.id), Body: "И ещё глубже" }, petr);
    expect(r2.json.status).toBe(200);
    expect(await one("select parent_id, depth, comcnt from comments where id = ?", r1.json.id)).toEqual({
      parent_id: SHOWCASE.contextCommentId,
      depth: parent!.depth + 1,
      comcnt: 1,
    });
    expect(await one("select parent_id, depth, comcnt from comments where id = ?", r2.json.id)).toEqual({
      parent_id: r1.json.id,
      depth: parent!.depth + 2,
      comcnt: 0,
    });
    expect((await one<{ comcnt: number }>("select comcnt from comments where id = ?", SHOWCASE.contextCommentId))!.comcnt).toBe(parent!.comcnt + 1);
    expect((await one<{ comcnt: number }>("select comcnt from answers where id = ?", aid))!.comcnt).toBe(answerBefore + 2);
  });

  it("a comment on a question raises the question's comcnt", async () => {
    const petr = await signIn("znatok@demo.local");
    const qid = SHOWCASE.pollSingleQuestionId;
    const before = (await one<{ comcnt: number }>("select comcnt from questions where id = ?", qid))!.comcnt;
    const { json } = await post("addcmt", { type: "Q", refid: String(qid), Body: "Интересный опрос" }, petr);
    expect(json.status).toBe(200);
    expect(await one("select qid, ref_type, ref_id, depth from comments where id = ?", json.id)).toEqual({ qid, ref_type: "Q", ref_id: qid, depth: 0 });
    expect((await one<{ comcnt: number }>("select comcnt from questions where id = ?", qid))!.comcnt).toBe(before + 1);
  });

  it("a user below Знаток cannot comment a question asked less than an hour ago, but its owner and a Знаток can", async () => {
    const masha = await signIn("user@demo.local"); // 180 points, Ученик
    const petr = await signIn("znatok@demo.local");
    const before = await snapshot();
    const refused = await post("addcmt", { type: "Q", refid: String(SHOWCASE.openQuestionId), Body: "Мне тоже интересно" }, masha);
    expect(refused.res.status).toBe(403);
    expect(refused.json).toMatchObject({ status: 403, errid: 166 });
    // the refusal speaks of commenting, not of best answers and likes
    expect(refused.json.error).toMatch(/^Комментировать вопрос в первый час/);
    expect(refused.json.error).not.toContain("лучшие ответы");
    expect(await snapshot()).toBe(before);
    // her own fresh question
    expect((await post("addcmt", { type: "Q", refid: String(SHOWCASE.unansweredQuestionId), Body: "Уточняю вопрос" }, masha)).json.status).toBe(200);
    // a Знаток on the fresh question
    expect((await post("addcmt", { type: "Q", refid: String(SHOWCASE.openQuestionId), Body: "Проверьте кулер" }, petr)).json.status).toBe(200);
    // the rule is about the question, not its answers
    const aid = (await one<{ id: number }>("select id from answers where qid = ? and hidden = 0 limit 1", SHOWCASE.openQuestionId))!.id;
    expect((await post("addcmt", { type: "A", refid: String(aid), Body: "Согласна" }, masha)).json.status).toBe(200);
  });

  it("refusals carry their errids and change nothing in D1", async () => {
    const masha = await signIn("user@demo.local");
    const banned = await signIn("banned@demo.local");
    const aid = SHOWCASE.contextAnswerId;
    const before = await snapshot();
    const expectRefusal = async (body: Record<string, string>, status: number, errid: number, me: Me | null = masha) => {
      const { res, json } = await post("addcmt", body, me ?? undefined);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(json, JSON.stringify(body)).toMatchObject({ status, errid, error: expect.any(String) });
    };
    await expectRefusal({ type: "A", refid: String(aid), Body: "Гость" }, 401, 101, null);
    await expectRefusal({ type: "A", refid: String(aid), Body: "Нарушитель" }, 403, 110, banned);
    await expectRefusal({ type: "A", refid: String(aid), Body: "   " }, 400, 200);
    await expectRefusal({ type: "A", refid: String(aid) }, 400, 200);
    await expectRefusal({ type: "A", refid: String(aid), Body: "я".repeat(801) }, 400, 201);
    await expectRefusal({ type: "X", refid: String(aid), Body: "Текст" }, 400, 202);
    await expectRefusal({ type: "A", refid: "999999999", Body: "Текст" }, 404, 203);
    await expectRefusal({ type: "Q", refid: String(SHOWCASE.missingQuestionId), Body: "Текст" }, 404, 181);
    await expectRefusal({ type: "Q", refid: String(SHOWCASE.deletedQuestionId), Body: "Текст" }, 404, 181);
    const deletedQAnswer = (await one<{ id: number }>("select id from answers where qid = ? limit 1", SHOWCASE.deletedQuestionId))!.id;
    await expectRefusal({ type: "A", refid: String(deletedQAnswer), Body: "Текст" }, 404, 181);
    await expectRefusal({ type: "A", refid: String(aid), cmid: "999999999", Body: "Текст" }, 404, 204);
    // a parent from another answer
    await expectRefusal({ type: "A", refid: String(SHOWCASE.bigThreadAnswerId), cmid: String(SHOWCASE.contextCommentId), Body: "Текст" }, 400, 205);
    // a deleted parent (the big thread has one deleted comment)
    const hiddenCmt = (await one<{ id: number }>("select id from comments where hidden = 1 and ref_type = 'A' and ref_id = ?", SHOWCASE.bigThreadAnswerId))!.id;
    await expectRefusal({ type: "A", refid: String(SHOWCASE.bigThreadAnswerId), cmid: String(hiddenCmt), Body: "Текст" }, 404, 204);
    expect(await snapshot()).toBe(before);
  });

  it("800 characters are accepted and the 801st is refused", async () => {
    const masha = await signIn("guru@demo.local");
    const ok = await post("addcmt", { type: "A", refid: String(SHOWCASE.contextAnswerId), Body: "ё".repeat(800) }, masha);
    expect(ok.json.status).toBe(200);
    expect(await value("select length(text) v from comments where id = ?", ok.json.id)).toBe(800);
  });

  it("a thread stops at 20 levels", async () => {
    const masha = await signIn("vip@demo.local");
    const aid = SHOWCASE.contextAnswerId;
    const { json } = await post("addcmt", { type: "A", refid: String(aid), Body: "Корень" }, masha);
    // pretend the new comment sits at the 20th level (depth 19)
    await env.DB.prepare("update comments set depth = 19 where id = ?").bind(json.id).run();
    const before = await snapshot();
    const { res, json: refused } = await post("addcmt", { type: "A", refid: String(aid), cmid: String(json.id), Body: "Слишком глубоко" }, masha);
    expect(res.status).toBe(409);
    expect(refused.errid).toBe(206);
    expect(await snapshot()).toBe(before);
    await env.DB.prepare("update comments set depth = 18 where id = ?").bind(json.id).run();
    const ok = await post("addcmt", { type: "A", refid: String(aid), cmid: String(json.id), Body: "Ещё можно" }, masha);
    expect(ok.json.status).toBe(200);
    expect(await value("select depth v from comments where id = ?", ok.json.id)).toBe(19);
  });

  it("when the asker turned comments off nobody can comment the question or its answers", async () => {
    const petr = await signIn("znatok@demo.local");
    const qid = SHOWCASE.resolvedQuestionId;
    await env.DB.prepare("update questions set cancomment = 0 where id = ?").bind(qid).run();
    const before = await snapshot();
    const q = await post("addcmt", { type: "Q", refid: String(qid), Body: "Текст" }, petr);
    expect(q.json).toMatchObject({ status: 403, errid: 207 });
    const a = await post("addcmt", { type: "A", refid: String(SHOWCASE.contextAnswerId), Body: "Текст" }, petr);
    expect(a.json).toMatchObject({ status: 403, errid: 207 });
    expect(await snapshot()).toBe(before);
    await env.DB.prepare("update questions set cancomment = 1 where id = ?").bind(qid).run();
  });

  it("a write without the session's salt and token is refused", async () => {
    const masha = await signIn("user@demo.local");
    const before = await snapshot();
    const { json } = await post("addcmt", { type: "A", refid: String(SHOWCASE.contextAnswerId), Body: "Текст" }, { ...masha, token: "forged" });
    expect(json.errid).toBe(103);
    expect(await snapshot()).toBe(before);
  });

  it("the fifth comment within ten minutes needs a captcha (237); with the right code it goes through", async () => {
    const moder = await signIn("level3@demo.local"); // Знаток: below Профи, so the burst rule applies
    const aid = String(SHOWCASE.bigThreadAnswerId);
    for (let i = 1; i <= 4; i++) expect((await post("addcmt", { type: "A", refid: aid, Body: `Комментарий ${i}` }, moder)).json.status).toBe(200);
    const before = await snapshot();
    const refused = await post("addcmt", { type: "A", refid: aid, Body: "Пятый" }, moder);
    expect(refused.res.status).toBe(400);
    expect(refused.json).toMatchObject({ status: 400, errid: 237, error: "Введите капчу" });
    expect(await snapshot()).toBe(before);
    const captchaId = (await one<{ id: string }>("select id from captchas where user_id = ? and used_at is null order by expires_at desc limit 1", moder.id))!
      .id;
    const wrong = await post("addcmt", { type: "A", refid: aid, Body: "Пятый", captcha_id: captchaId, captcha_val: "не тот" }, moder);
    expect(wrong.json.errid).toBe(237);
    expect(await snapshot()).toBe(before);
    const fresh = (await one<{ id: string }>("select id from captchas where user_id = ? and used_at is null order by expires_at desc limit 1", moder.id))!.id;
    const ok = await post("addcmt", { type: "A", refid: aid, Body: "Пятый", captcha_id: fresh, captcha_val: await captchaCode(env, fresh) }, moder);
    expect(ok.json).toEqual({ status: 200, id: expect.any(Number) });
  });

  it("trusted writers (Профи and up, VIP) are not asked for a captcha: their bursts are bounded by the daily quota", async () => {
    const moder = await signIn("moder@demo.local");
    const aid = String(SHOWCASE.bigThreadAnswerId);
    for (let i = 1; i <= 6; i++) expect((await post("addcmt", { type: "A", refid: aid, Body: `Без капчи ${i}` }, moder)).json.status).toBe(200);
  });
});
