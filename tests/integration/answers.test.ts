import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, page, post } from "./helpers/api";
import { fingerprint, one, openQuestions, points, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";
import { captchaCode } from "../../app/models/core/captcha.server";
import { captchaSvg } from "../../app/models/core/captcha-picture.server";
import { loader as captchaLoader } from "../../app/routes/captcha.$id";
import { SHOWCASE } from "../../db/seed/seed";

/** A fingerprint of everything the answers calls may touch. */
const snapshot = () =>
  fingerprint({
    answers: "select count(*) from answers",
    anscnt: "select sum(anscnt) from questions",
    acount: "select sum(answers_count) from users",
    bcount: "select sum(best_count) from users",
    ledger: "select count(*) from points_ledger",
    points: "select sum(points) from users",
    reactions: "select count(*) from answer_reactions",
    canth: "select sum(canth_status) from answers",
    states: "select group_concat(state) from questions",
    best: "select count(*) from answers where best = 1",
    texts: "select group_concat(text) from answers where id > 0",
  });

const Q7 = SHOWCASE.unansweredQuestionId; // open, no answers, asked by user@demo.local (id 1)

describe("answering a question (addans)", () => {
  it("a signed-in user answers an open question: the answer, anscnt, answers_count and +2 points in one go", async () => {
    const guru = await as("guru@demo.local");
    const before = await points(guru.id, { withLedger: true });
    const count = await value("select answers_count v from users where id = ?", guru.id);
    const { res, json } = await post(
      "addans",
      { qid: Q7, Body: "Подключите телефон кабелем <script>alert(1)</script> и смотрите https://example.com/help", source: "Опыт" },
      guru,
    );
    expect(res.status).toBe(200);
    expect(json).toEqual({ status: 200, id: expect.any(Number) });
    const row = await one("select qid, user_id, text, source, vip, best, canth_status from answers where id = ?", json.id);
    expect(row).toMatchObject({ qid: Q7, user_id: guru.id, source: "Опыт", vip: 0, best: 0, canth_status: 0 });
    expect(row!.text).not.toContain("<script>");
    expect(row!.text).toContain('href="/301?url=https%3A%2F%2Fexample.com%2Fhelp" rel="nofollow ugc"');
    expect(await value("select anscnt v from questions where id = ?", Q7)).toBe(1);
    expect(await value("select answers_count v from users where id = ?", guru.id)).toBe(count + 1);
    const after = await points(guru.id, { withLedger: true });
    expect(after.points).toBe(before.points + 2);
    expect(after.ledger).toBe(after.points);
    expect(await one("select delta, reason from points_ledger where user_id = ? order by id desc limit 1", guru.id)).toEqual({ delta: 2, reason: "answer" });
  });

  it("a user may answer a question only once, and a refusal changes nothing", async () => {
    const guru = await as("guru@demo.local");
    const before = await snapshot();
    const { res, json } = await post("addans", { qid: Q7, Body: "Ещё один ответ" }, guru);
    expect(res.status).toBe(409);
    expect(json).toMatchObject({ status: 409, errid: 164, error: "Вы уже ответили на этот вопрос" });
    expect(await snapshot()).toEqual(before);
  });

  it("an owner cannot answer his own question", async () => {
    const owner = await as("user@demo.local");
    const before = await snapshot();
    const { res, json } = await post("addans", { qid: Q7, Body: "Отвечу сама себе" }, owner);
    expect(res.status).toBe(403);
    expect(json.errid).toBe(163);
    expect(await snapshot()).toEqual(before);
  });

  it("a guest is asked to sign in and a banned user may not answer", async () => {
    const before = await snapshot();
    const guest = await post("addans", { qid: Q7, Body: "Ответ гостя" });
    expect(guest.res.status).toBe(401);
    expect(guest.json.errid).toBe(101);
    const banned = await post("addans", { qid: Q7, Body: "Ответ нарушителя" }, await as("banned@demo.local"));
    expect(banned.res.status).toBe(403);
    expect(banned.json.errid).toBe(110);
    expect(await snapshot()).toEqual(before);
  });

  it("a deleted or missing question is 181, a question on voting or resolved takes no answers (165)", async () => {
    const u = await newUser("Отвечающий");
    const before = await snapshot();
    for (const qid of [SHOWCASE.deletedQuestionId, SHOWCASE.missingQuestionId]) {
      const { res, json } = await post("addans", { qid, Body: "Ответ" }, u);
      expect(res.status).toBe(404);
      expect(json).toMatchObject({ errid: 181, error: "Вопрос не найден или удален" });
    }
    for (const qid of [SHOWCASE.votingQuestionId, SHOWCASE.resolvedQuestionId]) {
      const { res, json } = await post("addans", { qid, Body: "Ответ" }, u);
      expect(res.status).toBe(409);
      expect(json.errid).toBe(165);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the answer text is required and at most 3800 characters, the source at most 50", async () => {
    const u = await newUser("Отвечающий");
    const before = await snapshot();
    expect((await post("addans", { qid: Q7 }, u)).json).toMatchObject({ status: 400, errid: 160 });
    expect((await post("addans", { qid: Q7, Body: "   " }, u)).json).toMatchObject({ status: 400, errid: 160, error: "Введите текст ответа" });
    expect((await post("addans", { qid: Q7, Body: "я".repeat(3801) }, u)).json).toMatchObject({ status: 400, errid: 161 });
    expect((await post("addans", { qid: Q7, Body: "Ответ", source: "и".repeat(51) }, u)).json).toMatchObject({ status: 400, errid: 162 });
    expect((await post("addans", { qid: "abc", Body: "Ответ" }, u)).json).toMatchObject({ status: 400, errid: 180 });
    expect(await snapshot()).toEqual(before);
    // exactly 3800 characters is fine
    expect((await post("addans", { qid: Q7, Body: "я".repeat(3800), source: "и".repeat(50) }, u)).json.status).toBe(200);
  });

  it("a VIP earns double points for an answer, and so does anyone on a leader question", async () => {
    const vip = await as("vip@demo.local");
    const before = await points(vip.id, { withLedger: true });
    const { json } = await post("addans", { qid: Q7, Body: "Ответ VIP" }, vip);
    expect(json.status).toBe(200);
    expect(await value("select vip v from answers where id = ?", json.id)).toBe(1);
    expect((await points(vip.id, { withLedger: true })).points).toBe(before.points + 4);
    expect((await points(vip.id, { withLedger: true })).ledger).toBe(before.points + 4);

    await env.DB.prepare("update questions set lead_until = ? where id = ?")
      .bind(Date.now() + 3_600_000, SHOWCASE.openQuestionId)
      .run();
    const u = await newUser("Отвечающий");
    const r = await post("addans", { qid: SHOWCASE.openQuestionId, Body: "Ответ на лидерский вопрос" }, u);
    expect(r.json.status).toBe(200);
    expect(await points(u.id, { withLedger: true })).toEqual({ points: 104, ledger: 104 });
  });

  it("ten identical answers sent at once leave one answer, one anscnt step and one payment", async () => {
    const u = await newUser("Отвечающий");
    const anscnt = await value("select anscnt v from questions where id = ?", Q7);
    const replies = await Promise.all(Array.from({ length: 10 }, () => post("addans", { qid: Q7, Body: "Одновременный ответ" }, u)));
    expect(replies.filter((r) => r.json.status === 200)).toHaveLength(1);
    // ten at once are a burst too: those beyond the four free places may be asked for the captcha
    expect(replies.filter((r) => r.json.errid === 164 || r.json.errid === 237)).toHaveLength(9);
    expect(await value("select count(*) v from answers where qid = ? and user_id = ?", Q7, u.id)).toBe(1);
    expect(await value("select anscnt v from questions where id = ?", Q7)).toBe(anscnt + 1);
    expect(await points(u.id, { withLedger: true })).toEqual({ points: 102, ledger: 102 });
  });
});

describe("editing an answer (editans)", () => {
  it("the author edits his answer; anyone else is refused and nothing changes", async () => {
    const guru = await as("guru@demo.local");
    const aid = await value("select id v from answers where qid = ? and user_id = ?", Q7, guru.id);
    const { json } = await post("editans", { qid: Q7, update: aid, Body: "Исправленный <b>ответ</b>", source: "Справка" }, guru);
    expect(json).toEqual({ status: 200, id: aid });
    expect(await one("select text, source, edited_at is not null edited from answers where id = ?", aid)).toEqual({
      text: "Исправленный <b>ответ</b>",
      source: "Справка",
      edited: 1,
    });

    const before = await snapshot();
    const other = await post("editans", { qid: Q7, update: aid, Body: "Чужая правка" }, await as("vip@demo.local"));
    expect(other.res.status).toBe(403);
    expect(other.json.errid).toBe(168);
    const wrongQuestion = await post("editans", { qid: SHOWCASE.openQuestionId, update: aid, Body: "Правка" }, guru);
    expect(wrongQuestion.json).toMatchObject({ status: 404, errid: 167 });
    expect((await post("editans", { qid: Q7, update: aid, Body: "я".repeat(3801) }, guru)).json.errid).toBe(161);
    expect((await post("editans", { qid: Q7, update: aid, Body: "Гость" })).json.errid).toBe(101);
    expect(await snapshot()).toEqual(before);
  });

  it("an answer of a deleted question cannot be edited", async () => {
    const row = await one<{ id: number; user_id: number }>("select id, user_id from answers where qid = ? limit 1", SHOWCASE.deletedQuestionId);
    await env.DB.prepare("update users set email = 'deleted-author@test.local' where id = ?").bind(row!.user_id).run();
    const author = await as("deleted-author@test.local");
    const { json } = await post("editans", { qid: SHOWCASE.deletedQuestionId, update: row!.id, Body: "Правка" }, author);
    expect(json).toMatchObject({ status: 404, errid: 181 });
  });
});

describe("the asker's reactions (thanks, unthanks, notimportant, unnotimportant)", () => {
  it("an answer the asker did not like is folded under its note on the page, for every reader, and unfolds when he takes it back", async () => {
    const asker = await newUser("Недовольный");
    const author = await newUser("Отвечающий");
    const qid = (await post("addqst", { qtext: "Вопрос с ответом, который не понравится?", cid: "25" }, asker)).json.qid as number;
    const aid = (await post("addans", { qid: String(qid), Body: "Ответ, который свернут" }, author)).json.id as number;
    const folded = async (who?: typeof asker) => {
      const html = (await page(`/question/${qid}`, who)).html;
      const article = html.slice(html.indexOf(`id="answer-${aid}"`));
      expect(article).toContain("Ответ, который свернут");
      return /<details class="answer-collapsed"[^>]*><summary>Автору вопроса не понравился этот ответ/.test(article.slice(0, article.indexOf("</article>")));
    };
    expect(await folded()).toBe(false);
    expect((await post("notimportant", { aid: String(aid) }, asker)).json.status).toBe(200);
    expect(await folded()).toBe(true);
    expect(await folded(author)).toBe(true);
    expect(await folded(asker)).toBe(true);
    expect((await post("unnotimportant", { aid: String(aid) }, asker)).json.status).toBe(200);
    expect(await folded()).toBe(false);
  });

  it("the asker thanks an answer: canth_status 1, a reaction row and +5 points for the author", async () => {
    const guru = await as("guru@demo.local");
    const aid = await value("select id v from answers where qid = ? and user_id = ?", Q7, guru.id);
    const before = await points(guru.id, { withLedger: true });
    const { json } = await post("thanks", { aid }, await as("user@demo.local"));
    expect(json).toEqual({ status: 200, canth: 0, canth_status: 1 });
    expect(await value("select canth_status v from answers where id = ?", aid)).toBe(1);
    expect(await one("select kind, user_id from answer_reactions where answer_id = ?", aid)).toEqual({ kind: "thanks", user_id: 1 });
    const after = await points(guru.id, { withLedger: true });
    expect(after.points).toBe(before.points + 5);
    expect(after.ledger).toBe(after.points);
    expect(await one("select delta, reason, ref_type, ref_id from points_ledger where user_id = ? order by id desc limit 1", guru.id)).toEqual({
      delta: 5,
      reason: "liked",
      ref_type: "A",
      ref_id: aid,
    });
  });

  it("a second thanks is 253, a hide of a liked answer 174, and someone else's thanks 169, all changing nothing", async () => {
    const guru = await as("guru@demo.local");
    const aid = await value("select id v from answers where qid = ? and user_id = ?", Q7, guru.id);
    const before = await snapshot();
    const again = await post("thanks", { aid }, await as("user@demo.local"));
    expect(again.res.status).toBe(409);
    expect(again.json).toMatchObject({ errid: 253, error: "Вы уже отметили этот ответ" });
    expect((await post("notimportant", { aid }, await as("user@demo.local"))).json.errid).toBe(174);
    expect((await post("unnotimportant", { aid }, await as("user@demo.local"))).json.errid).toBe(175);
    const stranger = await post("thanks", { aid }, await as("znatok@demo.local"));
    expect(stranger.res.status).toBe(403);
    expect(stranger.json.errid).toBe(169);
    expect((await post("thanks", { aid: 99_999_999 }, await as("user@demo.local"))).json).toMatchObject({ status: 404, errid: 167 });
    expect(await snapshot()).toEqual(before);
  });

  it("unthanks takes the like and the 5 points back, and points stay equal to the ledger sum", async () => {
    const guru = await as("guru@demo.local");
    const owner = await as("user@demo.local");
    const aid = await value("select id v from answers where qid = ? and user_id = ?", Q7, guru.id);
    const before = await points(guru.id, { withLedger: true });
    const { json } = await post("unthanks", { aid }, owner);
    expect(json).toEqual({ status: 200, canth: 1, canth_status: 0 });
    expect(await value("select canth_status v from answers where id = ?", aid)).toBe(0);
    expect(await value("select count(*) v from answer_reactions where answer_id = ?", aid)).toBe(0);
    const after = await points(guru.id, { withLedger: true });
    expect(after).toEqual({ points: before.points - 5, ledger: before.points - 5 });
    expect(await one("select delta, reason from points_ledger where user_id = ? order by id desc limit 1", guru.id)).toEqual({ delta: -5, reason: "unliked" });
    expect((await post("unthanks", { aid }, owner)).json).toMatchObject({ status: 409, errid: 175 });
    // a round trip again, this time sent twice at once each way
    const likes = await Promise.all([post("thanks", { aid }, owner), post("thanks", { aid }, owner)]);
    expect(likes.map((r) => r.json.status).sort()).toEqual([200, 409]);
    const unlikes = await Promise.all([post("unthanks", { aid }, owner), post("unthanks", { aid }, owner)]);
    expect(unlikes.map((r) => r.json.status).sort()).toEqual([200, 409]);
    expect(await points(guru.id, { withLedger: true })).toEqual({ points: before.points - 5, ledger: before.points - 5 });
  });

  it("notimportant hides an answer without points, and unnotimportant brings it back", async () => {
    const guru = await as("guru@demo.local");
    const owner = await as("user@demo.local");
    const aid = await value("select id v from answers where qid = ? and user_id = ?", Q7, guru.id);
    const before = await points(guru.id, { withLedger: true });
    expect((await post("notimportant", { aid }, owner)).json).toEqual({ status: 200, canth: 0, canth_status: -1 });
    expect(await one("select kind from answer_reactions where answer_id = ?", aid)).toEqual({ kind: "notimportant" });
    expect(await value("select canth_status v from answers where id = ?", aid)).toBe(-1);
    const snap = await snapshot();
    expect((await post("notimportant", { aid }, owner)).json.errid).toBe(173);
    expect((await post("thanks", { aid }, owner)).json.errid).toBe(174);
    expect((await post("unthanks", { aid }, owner)).json.errid).toBe(175);
    expect(await snapshot()).toEqual(snap);
    expect((await post("unnotimportant", { aid }, owner)).json).toEqual({ status: 200, canth: 1, canth_status: 0 });
    expect(await value("select count(*) v from answer_reactions where answer_id = ?", aid)).toBe(0);
    expect(await points(guru.id, { withLedger: true })).toEqual(before);
  });
});

describe("choosing the best answer (selectbest)", () => {
  const POLL = SHOWCASE.pollSingleQuestionId; // open, 2 hours old, asked by znatok@demo.local (320 points)

  it("only the owner may choose, and an owner below level Знаток gets 166", async () => {
    const guru = await as("guru@demo.local");
    const aid = await value("select id v from answers where qid = ? and user_id = ?", Q7, guru.id);
    const before = await snapshot();
    const low = await post("selectbest", { aid }, await as("user@demo.local"));
    expect(low.res.status).toBe(403);
    expect(low.json.errid).toBe(166);
    expect(low.json.error).toContain("Знаток");
    const stranger = await post("selectbest", { aid }, await as("znatok@demo.local"));
    expect(stranger.json).toMatchObject({ status: 403, errid: 169 });
    expect(await snapshot()).toEqual(before);
  });

  it("the owner chooses the best answer: the question is resolved, the answer best, the author's best_count +1", async () => {
    const guru = await as("guru@demo.local");
    const owner = await as("znatok@demo.local");
    const ans = await post("addans", { qid: POLL, Body: "Мой голос за первый вариант" }, guru);
    expect(ans.json.status).toBe(200);
    const best = await value("select best_count v from users where id = ?", guru.id);
    const { json } = await post("selectbest", { aid: ans.json.id }, owner);
    expect(json).toEqual({ status: 200, dpoints: 0 });
    const q = await one<{ state: string; best_answer_id: number; state_changed_at: number }>(
      "select state, best_answer_id, state_changed_at from questions where id = ?",
      POLL,
    );
    expect(q).toMatchObject({ state: "R", best_answer_id: ans.json.id });
    expect(q!.state_changed_at).toBeGreaterThan(Date.now() - 60_000);
    expect(await value("select best v from answers where id = ?", ans.json.id)).toBe(1);
    expect(await value("select best_count v from users where id = ?", guru.id)).toBe(best + 1);
  });

  it("a second selection is refused and changes nothing", async () => {
    const u = await newUser("Отвечающий");
    // an answer that came in before the question was resolved
    await env.DB.prepare("insert into answers (qid, user_id, text, added) values (?, ?, 'Поздний ответ', ?)").bind(POLL, u.id, Date.now()).run();
    const aid = await value("select id v from answers where qid = ? and user_id = ?", POLL, u.id);
    const before = await snapshot();
    const { res, json } = await post("selectbest", { aid }, await as("znatok@demo.local"));
    expect(res.status).toBe(409);
    expect(json.errid).toBe(170);
    expect(await snapshot()).toEqual(before);
  });

  it("a question older than 4 days has no best-answer choice (172)", async () => {
    // question 2 is on voting, 5 days old, asked by the Знаток of the level users (level3@demo.local)
    const owner = await as("level3@demo.local");
    const aid = await value("select id v from answers where qid = ? and hidden = 0 limit 1", SHOWCASE.votingQuestionId);
    const before = await snapshot();
    const { res, json } = await post("selectbest", { aid }, owner);
    expect(res.status).toBe(409);
    expect(json.errid).toBe(172);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the captcha for bursts of answers", () => {
  it("the 5th answer within 10 minutes needs a captcha, and with the right code it passes", async () => {
    const u = await newUser("Отвечающий");
    const open = (
      await env.DB.prepare(
        "select id from questions where state = 'A' and hidden = 0 and user_id <> ? and id not in (select qid from answers where user_id = ?) order by id limit 6",
      )
        .bind(u.id, u.id)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    expect(open.length).toBe(6);
    for (const qid of open.slice(0, 4)) expect((await post("addans", { qid, Body: `Ответ на ${qid}` }, u)).json.status).toBe(200);

    const before = await snapshot();
    const refused = await post("addans", { qid: open[4], Body: "Пятый ответ" }, u);
    expect(refused.res.status).toBe(400);
    expect(refused.json).toMatchObject({ status: 400, errid: 237, error: "Введите капчу" });
    expect(await snapshot()).toEqual(before);
    // the refusal hands out a fresh captcha (see the next test); 'Не вижу код' asks for another one
    const id: string = (await post("captcha_new", {}, u)).json.captcha_id;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const row = await one<{ answer_hash: string; user_id: number; expires_at: number; used_at: number | null }>("select * from captchas where id = ?", id);
    expect(row).toMatchObject({ user_id: u.id, used_at: null });
    expect(row!.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expires_at - Date.now()).toBeGreaterThan(9 * 60_000);

    const code = await captchaCode(env, id);
    expect(code).toMatch(/^\d{5}$/);
    expect(row!.answer_hash).not.toContain(code);
    expect((await post("check_captcha", { captcha_id: id, code }, u)).json).toEqual({ status: 200, ok: 1 });
    const passed = await post("addans", { qid: open[4], Body: "Пятый ответ", captcha_id: id, captcha_val: code }, u);
    expect(passed.json).toEqual({ status: 200, id: expect.any(Number) });
    expect(await value("select used_at is not null v from captchas where id = ?", id)).toBe(1);

    // single use: the same captcha does not pass the 6th answer
    const replay = await post("addans", { qid: open[5], Body: "Шестой ответ", captcha_id: id, captcha_val: code }, u);
    expect(replay.json.errid).toBe(237);
  });

  it("twenty answers sent at once by a newcomer: four go through, the other sixteen are asked for the captcha", async () => {
    const u = await newUser("Торопыга");
    const qids = await openQuestions(
      u.id,
      Array.from({ length: 20 }, (_, i) => `Вопрос для спешащего № ${i + 1}?`),
    );
    const replies = await Promise.all(qids.map((qid) => post("addans", { qid, Body: `Быстрый ответ на ${qid}` }, u)));
    expect(replies.filter((r) => r.json.status === 200)).toHaveLength(4);
    expect(replies.filter((r) => r.json.errid === 237)).toHaveLength(16);
    expect(await value("select count(*) v from answers where user_id = ?", u.id)).toBe(4);
  });

  it("a captcha refusal (237) carries the id of a freshly made captcha", async () => {
    // needs errorEnvelope (app/lib/errors.ts) to spread a DomainError's `data` into the envelope
    const u = await newUser("Отвечающий");
    const { res, json } = await post("check_captcha", { captcha_id: "0".repeat(32), code: "12345" }, u);
    expect(res.status).toBe(400);
    expect(json).toMatchObject({ status: 400, errid: 237, captcha_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await one("select user_id, used_at from captchas where id = ?", json.captcha_id)).toEqual({ user_id: u.id, used_at: null });
  });

  it("a wrong code is refused and burns the captcha, so each captcha allows one guess", async () => {
    const u = await newUser("Отвечающий");
    const { json } = await post("captcha_new", {}, u);
    const id: string = json.captcha_id;
    const code = await captchaCode(env, id);
    const wrong = String((Number(code) + 1) % 100000).padStart(5, "0");
    const r = await post("check_captcha", { captcha_id: id, code: wrong }, u);
    expect(r.res.status).toBe(400);
    expect(r.json).toMatchObject({ errid: 237 });
    expect((await post("check_captcha", { captcha_id: id, code }, u)).json.errid).toBe(237);
    // someone else's captcha is not valid for me
    const mine = (await post("captcha_new", {}, u)).json.captcha_id as string;
    expect((await post("check_captcha", { captcha_id: mine, code: await captchaCode(env, mine) }, await as("vip@demo.local"))).json.errid).toBe(237);
  });

  it("the captcha picture is a self-made SVG of a live captcha, never cached, and 404 once used", async () => {
    const u = await newUser("Отвечающий");
    const id = (await post("captcha_new", {}, u)).json.captcha_id as string;
    const call = (cid: string) =>
      captchaLoader({ params: { id: `${cid}.svg` }, context: { cloudflare: { env } }, request: new Request(`${BASE}/captcha/${cid}.svg`) } as never);
    const res = await call(id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toContain("<text");
    expect(svg).not.toContain(await captchaCode(env, id));
    expect((await call("0".repeat(32))).status).toBe(404);
    await env.DB.prepare("update captchas set used_at = ? where id = ?").bind(Date.now(), id).run();
    expect((await call(id)).status).toBe(404);
  });

  it("every code draws differently and the picture is deterministic for a seeded noise", () => {
    let seed = 1;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const a = captchaSvg("01234", rand);
    seed = 1;
    expect(captchaSvg("01234", rand)).toBe(a);
    seed = 1;
    expect(captchaSvg("56789", rand)).not.toBe(a);
  });
});
