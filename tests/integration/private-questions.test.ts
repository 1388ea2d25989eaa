import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, type Me, page, post } from "./helpers/api";
import { fingerprint, value } from "./helpers/db";
import { as } from "./helpers/users";

const BRAND = 1;

/** Everything the private-question calls may write. */
const snapshot = () =>
  fingerprint({
    pq: "select count(*) from private_questions",
    pq_hidden: "select sum(hidden) from private_questions",
    waiting: "select sum(waiting_brand_reply) from private_questions",
    pa: "select count(*) from private_answers",
    pa_comcnt: "select sum(comcnt) from private_answers",
    cmts: "select count(*) from comments",
    notes: "select count(*) from notifications",
    points: "select sum(points) from users",
    direct: "select sum(direct_count) from users",
    brand: "select qst || '/' || ans from brands where id = 1",
    tagged: "select count(*) from questions where brand_id is not null",
  });

let pqid = 0;
let aid = 0;

describe("private questions to a brand's experts", () => {
  it("askbrand is free of points, counts in the DIQ quota, replies pqid and notifies the brand's experts in the same batch", async () => {
    const me = await as("user@demo.local");
    const expert = await as("expert@demo.local");
    const pointsBefore = await value("select points v from users where id = ?", me.id);
    const directBefore = await value("select direct_count v from users where id = ?", me.id);
    const limitsBefore = (await get("canask", {}, me)).json.limits;
    const { res, json } = await post("askbrand", { bid: BRAND, qtext: "Есть ли гарантия на наушники?", Body: "Купил месяц назад" }, me);
    expect(res.status).toBe(200);
    expect(typeof json.pqid).toBe("number");
    pqid = json.pqid;
    const row = await env.DB.prepare("select brand_id, user_id, qtext, qcomment, hidden, waiting_brand_reply from private_questions where id = ?")
      .bind(pqid)
      .first();
    expect(row).toEqual({
      brand_id: BRAND,
      user_id: me.id,
      qtext: "Есть ли гарантия на наушники?",
      qcomment: "Купил месяц назад",
      hidden: 0,
      waiting_brand_reply: 1,
    });
    expect(await value("select points v from users where id = ?", me.id)).toBe(pointsBefore);
    expect(
      await value("select count(*) v from points_ledger where user_id = ? and ref_type is null and reason = 'ask' and added >= ?", me.id, Date.now() - 60_000),
    ).toBe(0);
    expect(await value("select direct_count v from users where id = ?", me.id)).toBe(directBefore + 1);
    const limitsAfter = (await get("canask", {}, me)).json.limits;
    expect(limitsAfter.DIQ.used).toBe(limitsBefore.DIQ.used + 1);
    expect(limitsAfter.ASK.used).toBe(limitsBefore.ASK.used);
    const notes = await env.DB.prepare("select user_id, actor_id, pqid from notifications where kind = 'direct' order by user_id").all();
    expect(notes.results).toEqual([
      { user_id: expert.id, actor_id: me.id, pqid },
      { user_id: 7, actor_id: me.id, pqid },
    ]);
    // the expert sees it in his notification list
    const bulk = (await get("show_bulk", {}, expert, "notify")).json as { bulk: Record<string, unknown>[] };
    expect(bulk.bulk.find((i) => i.a === "direct")).toMatchObject({ pqid, uid: me.id, urlname: "tehnomir" });
  });

  it("an unknown brand, the brand's own member, a guest and a banned user are refused and nothing is written", async () => {
    const me = await as("user@demo.local");
    const expert = await as("expert@demo.local");
    const banned = await as("banned@demo.local");
    const snap = await snapshot();
    const cases: [Record<string, string | number>, Me | undefined, number, number][] = [
      [{ bid: 999, qtext: "Вопрос?" }, me, 404, 470],
      [{ bid: "abc", qtext: "Вопрос?" }, me, 404, 470],
      [{ bid: BRAND, qtext: "Вопрос?" }, expert, 400, 471],
      [{ bid: BRAND, qtext: "" }, me, 400, 130],
      [{ bid: BRAND, qtext: "Вопрос?" }, undefined, 401, 101],
      [{ bid: BRAND, qtext: "Вопрос?" }, banned, 403, 110],
    ];
    for (const [body, who, status, errid] of cases) {
      const { res, json } = await post("askbrand", body, who);
      expect({ body, status: res.status, errid: json.errid }).toEqual({ body, status, errid });
    }
    expect((await post("askbrand", { bid: 999, qtext: "Вопрос?" }, me)).json.error).toBe("Бренд не найден");
    expect(await snapshot()).toEqual(snap);
  });

  it("a non-expert's anspersonal is refused and nothing is written", async () => {
    const me = await as("user@demo.local");
    const guru = await as("guru@demo.local");
    const snap = await snapshot();
    const own = await post("anspersonal", { pqid, Body: "Сам себе отвечу" }, me);
    expect({ status: own.res.status, errid: own.json.errid }).toEqual({ status: 403, errid: 474 });
    expect(own.json.error).toBe("Отвечать на личные вопросы бренду могут только его эксперты");
    // a stranger is told nothing about it
    const other = await post("anspersonal", { pqid, Body: "Я не эксперт" }, guru);
    expect({ status: other.res.status, errid: other.json.errid }).toEqual({ status: 404, errid: 472 });
    const missing = await post("anspersonal", { pqid: 999999, Body: "Ответ" }, await as("expert@demo.local"));
    expect(missing.json.errid).toBe(472);
    expect(await snapshot()).toEqual(snap);
  });

  it("the expert sees canreply 1 while it waits; after his answer waiting_brand_reply is 0 and canreply 0", async () => {
    const me = await as("user@demo.local");
    const expert = await as("expert@demo.local");
    const before = (await get("qst2brand", { pqid }, expert)).json;
    expect(before.question).toMatchObject({ pqid, waiting_brand_reply: 1, canreply: 1, has_brand_answer: 0, owner: 0 });
    expect((await get("qst2brand", { pqid }, me)).json.question).toMatchObject({ waiting_brand_reply: 1, canreply: 0, owner: 1 });
    const ansBefore = await value("select ans v from brands where id = ?", BRAND);

    const { res, json } = await post(
      "anspersonal",
      { pqid, Body: "Да, гарантия год. Подробности: https://tehnomir.example/warranty?x=1", source: "сайт" },
      expert,
    );
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ pqid, waiting_brand_reply: 0, canreply: 0 });
    aid = json.aid;
    expect(await value("select waiting_brand_reply v from private_questions where id = ?", pqid)).toBe(0);
    expect(await value("select ans v from brands where id = ?", BRAND)).toBe(ansBefore + 1);
    const after = (await get("qst2brand", { pqid }, expert)).json;
    expect(after.question).toMatchObject({ waiting_brand_reply: 0, canreply: 0, has_brand_answer: 1 });
    expect(after.answers).toHaveLength(1);
    expect(after.answers[0]).toMatchObject({ aid, usrid: expert.id, source: "сайт", comcnt: 0 });
    // the asker hears of the answer
    expect(
      await env.DB.prepare("select user_id, actor_id, pqid from notifications where kind = 'answer' and pqid = ?")
        .bind(pqid)
        .all()
        .then((r) => r.results),
    ).toEqual([{ user_id: me.id, actor_id: expert.id, pqid }]);
  });

  it("links in an expert's answer are wrapped for tracking with the brand", async () => {
    const text = await value<string>("select text v from private_answers where id = ?", aid);
    // stored as HTML: the '&' of the address is written &amp; in the attribute
    expect(text).toContain('href="/301?url=https%3A%2F%2Ftehnomir.example%2Fwarranty%3Fx%3D1&amp;brand=tehnomir"');
    expect(text).toContain('rel="nofollow ugc"');
    expect(text).toContain('data-linkbrand="tehnomir"');
    // an ordinary user's link is not
    const q = await value<string>("select qcomment v from private_questions where id = ?", pqid);
    expect(q).not.toContain("brand=");
  });

  it("a second anspersonal is refused and changes nothing", async () => {
    const admin = await as("brandadmin@demo.local");
    const expert = await as("expert@demo.local");
    const snap = await snapshot();
    for (const who of [expert, admin]) {
      const again = await post("anspersonal", { pqid, Body: "Ещё один ответ" }, who);
      expect({ status: again.res.status, errid: again.json.errid }).toEqual({ status: 409, errid: 475 });
    }
    expect(await snapshot()).toEqual(snap);
  });

  it("comments on the expert's answer raise its comment count and nest under their parent", async () => {
    const me = await as("user@demo.local");
    const expert = await as("expert@demo.local");
    const first = await post("addcmtpersonal", { refid: aid, Body: "А если чек потерян?" }, me);
    expect(first.res.status).toBe(200);
    const reply = await post("addcmtpersonal", { refid: aid, cmid: first.json.cmid, Body: "Подойдёт выписка: https://bank.example/" }, expert);
    expect(reply.res.status).toBe(200);
    expect(await value("select comcnt v from private_answers where id = ?", aid)).toBe(2);
    const rows = await env.DB.prepare("select id, pqid, ref_type, ref_id, parent_id, depth, comcnt from comments where pqid = ? order by id").bind(pqid).all();
    expect(rows.results).toEqual([
      { id: first.json.cmid, pqid, ref_type: "P", ref_id: aid, parent_id: null, depth: 0, comcnt: 1 },
      { id: reply.json.cmid, pqid, ref_type: "P", ref_id: aid, parent_id: first.json.cmid, depth: 1, comcnt: 0 },
    ]);
    // the member's link is wrapped, the read shows the nesting
    expect(await value<string>("select text v from comments where id = ?", reply.json.cmid)).toContain("&amp;brand=tehnomir");
    const read = (await get("qst2brand", { pqid }, me)).json;
    expect(read.answers[0].comcnt).toBe(2);
    // the same comment shape as every other read
    expect(read.answers[0].comments[0]).toMatchObject({
      cmid: first.json.cmid,
      cmtext: "А если чек потерян?",
      usrid: me.id,
      type: "P",
      refid: aid,
      parent: 0,
      hidden: 0,
      isclosed: 0,
      comcnt: 1,
      comments: [{ cmid: reply.json.cmid, type: "C", refid: first.json.cmid, parent: first.json.cmid, usrid: expert.id }],
    });
    // the other side is notified
    expect(await value("select count(*) v from notifications where kind = 'comment' and pqid = ? and user_id = ?", pqid, expert.id)).toBe(1);
    expect(await value("select count(*) v from notifications where kind = 'comment' and pqid = ? and user_id = ?", pqid, me.id)).toBe(1);

    // a stranger may not comment, nor reply under a comment of another answer
    const snap = await snapshot();
    const guru = await as("guru@demo.local");
    expect((await post("addcmtpersonal", { refid: aid, Body: "Я тоже хочу" }, guru)).json.errid).toBe(472);
    expect((await post("addcmtpersonal", { refid: aid, cmid: 1, Body: "Не туда" }, me)).json.errid).toBe(482);
    expect((await post("addcmtpersonal", { refid: 999999, Body: "Нет ответа" }, me)).json.errid).toBe(480);
    expect(await snapshot()).toEqual(snap);
  });

  it("the private page: 404 for guests and strangers, waiting for the expert, answered with its comments, one comment in context", async () => {
    const me = await as("user@demo.local");
    const guru = await as("guru@demo.local");
    const admin = await as("brandadmin@demo.local");
    expect((await page(`/private/${pqid}`)).status).toBe(404);
    expect((await page(`/private/${pqid}`, guru)).status).toBe(404);
    expect((await page(`/private/999999`, me)).status).toBe(404);
    expect((await page(`/private/abc`, me)).status).toBe(404);

    const answered = await page(`/private/${pqid}`, me);
    expect(answered.status).toBe(200);
    expect(answered.html).toContain("Есть ли гарантия на наушники?");
    expect(answered.html).toContain('data-testid="private-answer"');
    expect(answered.html).toContain("А если чек потерян?");
    expect(answered.html).not.toContain('data-testid="waiting-expert"');
    expect(answered.html).not.toContain('data-testid="anspersonal-form"');
    // a member of the brand sees it too
    expect((await page(`/private/${pqid}`, admin)).status).toBe(200);

    const cmid = await value("select max(id) v from comments where pqid = ?", pqid);
    const inContext = await page(`/private/${pqid}/cid-${cmid}`, me);
    expect(inContext.status).toBe(200);
    expect(inContext.html).toMatch(new RegExp(`id="cmt-${cmid}"[^>]*>\\s*<div class="comment-hl"`));

    // a fresh question waits for the expert, who gets the answer form
    const asked = await post("askbrand", { bid: BRAND, qtext: "Работаете ли вы в выходные?" }, me);
    const waiting = await page(`/private/${asked.json.pqid}`, me);
    expect(waiting.status).toBe(200);
    expect(waiting.html).toContain('data-testid="waiting-expert"');
    expect(waiting.html).not.toContain('data-testid="anspersonal-form"');
    const forExpert = await page(`/private/${asked.json.pqid}`, await as("expert@demo.local"));
    expect(forExpert.html).toContain('data-testid="anspersonal-form"');
  });

  it("hideqpersonal: a brand member hides one the brand will not answer while it waits; the asker's own from the list", async () => {
    const me = await as("user@demo.local");
    const expert = await as("expert@demo.local");
    const admin = await as("brandadmin@demo.local");
    const asked = await post("askbrand", { bid: BRAND, qtext: "Продаёте ли вы подержанные телефоны?" }, me);
    const declined = asked.json.pqid as number;
    // the expert is offered it on the page while it waits; the asker sees his own hide
    expect((await page(`/private/${declined}`, expert)).html).toContain("Не отвечать и скрыть");
    expect((await page(`/private/${declined}`, me)).html).not.toContain("Не отвечать и скрыть");
    const byAdmin = await post("hideqpersonal", { pqid: declined, tag: "" }, admin);
    expect(byAdmin.json).toEqual({ status: 200, pqid: declined, hidden: 1 });
    expect(await value("select hidden v from private_questions where id = ?", declined)).toBe(1);
    expect((await get("qst2brand", { pqid: declined }, me)).json.errid).toBe(473);
    expect((await post("hideqpersonal", { pqid: declined }, expert)).json.errid).toBe(473);
    // an answered one stays: the brand has answered it (the question of the tests above)
    const snap = await snapshot();
    const byExpert = await post("hideqpersonal", { pqid, tag: "" }, expert);
    expect({ status: byExpert.res.status, errid: byExpert.json.errid }).toEqual({ status: 409, errid: 475 });
    expect((await page(`/private/${pqid}`, expert)).html).not.toContain("Не отвечать и скрыть");
    expect((await post("hideqpersonal", { pqid }, await as("guru@demo.local"))).json.errid).toBe(472);
    expect(await snapshot()).toEqual(snap);

    const hidden = await post("hideqpersonal", { pqid, tag: String(BRAND) }, me);
    expect(hidden.json).toEqual({ status: 200, pqid, hidden: 1 });
    expect(await value("select hidden v from private_questions where id = ?", pqid)).toBe(1);
    expect((await post("hideqpersonal", { pqid }, me)).json.errid).toBe(473);

    const deleted = await page(`/private/${pqid}`, me);
    expect(deleted.status).toBe(404);
    expect(deleted.html).toContain("Вопрос удален");
    expect((await page(`/private/${pqid}`, await as("guru@demo.local"))).status).toBe(404);
    expect((await get("qst2brand", { pqid }, me)).json.errid).toBe(473);
    // no more answers or comments on it
    expect((await post("addcmtpersonal", { refid: aid, Body: "Ещё вопрос" }, me)).json.errid).toBe(473);
  });

  it("hideqnopersonal: the owner of a public question with a brand tag takes the tag off; others may not", async () => {
    const me = await as("znatok@demo.local");
    const asked = await post("addqst", { qtext: "Какой ноутбук ТехноМира лучше для учёбы?", cid: "1", subcid: "100", brand_tags: String(BRAND) }, me);
    expect(asked.json.status).toBe(200);
    const qid = asked.json.qid as number;
    expect(await env.DB.prepare("select brand_id, brand_tags from questions where id = ?").bind(qid).first()).toEqual({ brand_id: BRAND, brand_tags: "[1]" });
    expect((await post("addqst", { qtext: "Неизвестный бренд?", cid: "1", subcid: "100", brand_tags: "999" }, me)).json.errid).toBe(470);

    const snap = await snapshot();
    expect((await post("hideqnopersonal", { qid, tag: String(BRAND) }, await as("guru@demo.local"))).json.errid).toBe(485);
    expect((await post("hideqnopersonal", { qid, tag: "999" }, me)).json.errid).toBe(487);
    expect(await snapshot()).toEqual(snap);

    const hidden = await post("hideqnopersonal", { qid, tag: "tehnomir" }, me);
    expect(hidden.json).toEqual({ status: 200, qid, brand_tags: [] });
    expect(await env.DB.prepare("select brand_id, brand_tags from questions where id = ?").bind(qid).first()).toEqual({ brand_id: null, brand_tags: null });
    expect((await post("hideqnopersonal", { qid }, me)).json.errid).toBe(487);
  });

  it("a premoderated brand holds a direct question for premoderation: nothing is asked until its admin approves it", async () => {
    const me = await as("vip@demo.local");
    await env.DB.prepare("update brands set premoderated = 1 where id = ?").bind(BRAND).run();
    try {
      const snap = await snapshot();
      const { res, json } = await post("askbrand", { bid: BRAND, qtext: "Вопрос на премодерации?" }, me);
      expect(res.status).toBe(200);
      expect(json).toMatchObject({ status: 200, on_moderation: 1 });
      expect(await snapshot()).toEqual(snap);
      expect(await env.DB.prepare("select type, brand_id, modstatus, text from premod_items where id = ?").bind(json.premod_id).first()).toEqual({
        type: "D",
        brand_id: BRAND,
        modstatus: "N",
        text: "Вопрос на премодерации?",
      });
      // the brand's admin approves it: askbrand is replayed as the asker, the expert is notified
      const admin = await as("brandadmin@demo.local");
      const approved = await post("premod_approve", { id: json.premod_id }, admin);
      expect(approved.json.status).toBe(200);
      const item = await env.DB.prepare("select modstatus, pqid from premod_items where id = ?")
        .bind(json.premod_id)
        .first<{ modstatus: string; pqid: number }>();
      expect(item?.modstatus).toBe("A");
      expect(await env.DB.prepare("select user_id, brand_id, qtext from private_questions where id = ?").bind(item!.pqid).first()).toEqual({
        user_id: me.id,
        brand_id: BRAND,
        qtext: "Вопрос на премодерации?",
      });
      expect(await value("select count(*) v from notifications where kind = 'direct' and user_id = 6 and pqid = ?", item!.pqid)).toBe(1);
      expect((await post("premod_approve", { id: json.premod_id }, admin)).json.status).not.toBe(200);
    } finally {
      await env.DB.prepare("update brands set premoderated = 0 where id = ?").bind(BRAND).run();
    }
  });
});
