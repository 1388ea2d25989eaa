import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, type Me, page, post, postForm } from "./helpers/api";
import { fingerprint, one, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";
import { SHOWCASE } from "../../db/seed/seed";

/** A newly registered user flagged by a moderator: every write of his waits for premoderation. */
const flaggedUser = () => newUser("Новичок", { premoderated: true });

/** Everything a live write would change. */
const snapshot = (userId: number) =>
  fingerprint(
    {
      questions: "select count(*) from questions",
      answers: "select count(*) from answers",
      comments: "select count(*) from comments",
      ledger: "select count(*) from points_ledger",
      notes: "select count(*) from notifications",
      watches: "select count(*) from watches",
      anscnt: "select sum(anscnt) from questions",
      qcomcnt: "select sum(comcnt) from questions",
      acomcnt: "select sum(comcnt) from answers",
      points: "select points from users where id = ?1",
      qc: "select questions_count from users where id = ?1",
      ac: "select answers_count from users where id = ?1",
    },
    userId,
  );

const premodState = () =>
  fingerprint({
    items: "select count(*) from premod_items",
    log: "select count(*) from mod_log",
    notes: "select count(*) from notifications",
    statuses: "select group_concat(modstatus) from premod_items",
  });

/** An open question the user neither asked nor answered, outside category 601. */
async function openQuestion(userId: number, extra = "1 = 1") {
  return (await one<{ id: number; user_id: number; category_id: number; top_category_id: number }>(
    `select id, user_id, category_id, top_category_id from questions q where state = 'A' and hidden = 0 and user_id <> ? and cancomment = 1
       and top_category_id <> 601 and not exists (select 1 from answers a where a.qid = q.id and a.user_id = ?) and ${extra} order by id limit 1`,
    userId,
    userId,
  ))!;
}

const items: Record<string, number> = {};
let author: Me;
let question: Awaited<ReturnType<typeof openQuestion>>;

describe("premoderation", () => {
  it("a flagged user's question, answer and comments reply on_moderation and write only premod rows", async () => {
    author = await flaggedUser();
    question = await openQuestion(author.id);
    const answered = (await one<{ id: number; qid: number }>(
      "select a.id, a.qid from answers a join questions q on q.id = a.qid where q.hidden = 0 and a.hidden = 0 and q.cancomment = 1 and q.top_category_id <> 601 order by a.id limit 1",
    ))!;
    const before = await snapshot(author.id);
    const asksBefore = (await get("canask", {}, author)).json as {
      limits: { ASK: { used: number } };
    };

    const ask = await post(
      "addqst",
      { qtext: "Можно ли здесь рекламировать свой магазин", cid: question.top_category_id, subcid: question.category_id, Body: "" },
      author,
    );
    expect(ask.res.status).toBe(200);
    expect(ask.json).toEqual({ status: 200, on_moderation: 1, premod_id: expect.any(Number) });
    items.Q = ask.json.premod_id;

    const ans = await post("addans", { qid: question.id, Body: "Мой ответ с <b>рекламой</b>", source: "" }, author);
    expect(ans.json).toEqual({ status: 200, on_moderation: 1, premod_id: expect.any(Number) });
    items.A = ans.json.premod_id;

    const cq = await post("addcmt", { type: "Q", refid: answered.qid, Body: "Комментарий к вопросу" }, author);
    expect(cq.json).toMatchObject({ status: 200, on_moderation: 1 });
    items.CQ = cq.json.premod_id;
    const ca = await post("addcmt", { type: "A", refid: answered.id, Body: "Комментарий к ответу" }, author);
    expect(ca.json).toMatchObject({ status: 200, on_moderation: 1 });
    items.CA = ca.json.premod_id;

    // nothing live, no points, no notifications, no counters
    expect(await snapshot(author.id)).toEqual(before);
    const rows = await env.DB.prepare("select id, type, modstatus, qid, aid, category_id, text from premod_items where user_id = ? order by id")
      .bind(author.id)
      .all();
    expect(rows.results).toEqual([
      { id: items.Q, type: "Q", modstatus: "N", qid: null, aid: null, category_id: question.category_id, text: "Можно ли здесь рекламировать свой магазин" },
      { id: items.A, type: "A", modstatus: "N", qid: question.id, aid: null, category_id: question.category_id, text: "Мой ответ с рекламой" },
      { id: items.CQ, type: "CQ", modstatus: "N", qid: answered.qid, aid: null, category_id: expect.any(Number), text: "Комментарий к вопросу" },
      { id: items.CA, type: "CA", modstatus: "N", qid: answered.qid, aid: answered.id, category_id: expect.any(Number), text: "Комментарий к ответу" },
    ]);
    // the daily quota slot is used
    const asksAfter = (await get("canask", {}, author)).json as {
      limits: { ASK: { used: number } };
    };
    expect(asksAfter.limits.ASK.used).toBe(asksBefore.limits.ASK.used + 1);

    // a second answer to the same question while the first one waits is refused
    const again = await post("addans", { qid: question.id, Body: "Ещё один ответ" }, author);
    expect(again.res.status).toBe(409);
    expect(again.json.errid).toBe(454);
  });

  it("the form door shows the 'Премодерация' notice after a held write", async () => {
    const back = `/question/${SHOWCASE.resolvedQuestionId}`;
    const { res } = await postForm("addcmt", { type: "Q", refid: SHOWCASE.resolvedQuestionId, Body: "Через форму" }, back, author);
    expect(res.status).toBe(302);
    const to = res.headers.get("location")!;
    expect(to).toBe(`/do/addcmt?premod=1&return=${encodeURIComponent(back)}`);
    const notice = await page(to, author);
    expect(notice.res.status).toBe(200);
    expect(notice.html).toContain("Премодерация");
    expect(notice.html).toContain("Текст ушел на модерацию. Решение о публикации будет принято в течении 12 часов");
    expect(notice.html).toContain(`href="${back}"`);
  });

  it("non-moderators cannot approve or decline, and nothing changes", async () => {
    const user = await as("user@demo.local");
    const before = await premodState();
    for (const [name, body] of [
      ["premod_approve", { id: items.A }],
      ["premod_decline", { id: items.A, text: "нет" }],
    ] as const) {
      const { res, json } = await post(name, body, user);
      expect(res.status).toBe(403);
      expect(json.errid).toBe(440);
    }
    // a brand admin outside his brand is refused too (the item's category is not the brand's unless it is)
    expect(await premodState()).toEqual(before);
    expect((await post("premod_approve", { id: items.A })).json.errid).toBe(101);
  });

  it("approval replays addans as the author exactly once: the answer, its points and the asker's notification", async () => {
    const moder = await as("moder@demo.local");
    const before = await snapshot(author.id);
    const ownerNotes = await value("select count(*) v from notifications where user_id = ? and kind = 'answer'", question.user_id);

    // two approvals at once: one wins, the other finds the item decided
    const [r1, r2] = await Promise.all([post("premod_approve", { id: items.A }, moder), post("premod_approve", { id: items.A }, moder)]);
    const ok = [r1, r2].filter((r) => r.json.status === 200);
    const refused = [r1, r2].filter((r) => r.json.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused.map((r) => r.json.errid)).toEqual([451]);
    const aid = ok[0].json.aid as number;
    expect(ok[0].json).toMatchObject({ status: 200, id: items.A, type: "A", modstatus: "A", qid: question.id, url: `/answer/${aid}` });

    expect(await one("select qid, user_id, text from answers where id = ?", aid)).toEqual({
      qid: question.id,
      user_id: author.id,
      text: "Мой ответ с <b>рекламой</b>",
    });
    const after = await snapshot(author.id);
    expect(after).toMatchObject({ answers: before!.answers + 1, anscnt: before!.anscnt + 1, ac: before!.ac + 1, points: before!.points + 2 });
    expect(await value("select count(*) v from notifications where user_id = ? and kind = 'answer'", question.user_id)).toBe(ownerNotes + 1);
    expect(await one("select modstatus, aid, decided_by from premod_items where id = ?", items.A)).toEqual({ modstatus: "A", aid, decided_by: moder.id });
    expect(
      await env.DB.prepare("select action, target_type, user_id from mod_log where target_type = 'P' and target_id = ?")
        .bind(items.A)
        .all()
        .then((r) => r.results),
    ).toEqual([{ action: "premod_approve", target_type: "P", user_id: author.id }]);

    // approving again is refused and changes nothing
    const third = await post("premod_approve", { id: items.A }, moder);
    expect(third.res.status).toBe(409);
    expect(third.json.errid).toBe(451);
    expect(await snapshot(author.id)).toEqual(after);

    // the live answer's edit is held as AE
    const edit = await post("editans", { qid: question.id, update: aid, Body: "Исправленный ответ", source: "" }, author);
    expect(edit.json).toMatchObject({ status: 200, on_moderation: 1 });
    items.AE = edit.json.premod_id;
    expect(await value<string>("select text v from answers where id = ?", aid)).toBe("Мой ответ с <b>рекламой</b>");
  });

  it("approval of a question replays addqst: it goes live in its category and costs 5 points", async () => {
    const moder = await as("moder@demo.local");
    const before = await snapshot(author.id);
    const r = await post("premod_approve", { id: items.Q }, moder);
    expect(r.json).toMatchObject({ status: 200, type: "Q", qid: expect.any(Number) });
    expect(await one("select user_id, qtext, category_id, state from questions where id = ?", r.json.qid)).toEqual({
      user_id: author.id,
      qtext: "Можно ли здесь рекламировать свой магазин",
      category_id: question.category_id,
      state: "A",
    });
    expect(await snapshot(author.id)).toMatchObject({ questions: before!.questions + 1, points: before!.points - 5, qc: before!.qc + 1 });
  });

  it("decline sets D with the text and notifies the author with it; a missing text is refused", async () => {
    const moder = await as("moder@demo.local");
    const before = await premodState();
    const empty = await post("premod_decline", { id: items.CQ, text: "   " }, moder);
    expect(empty.res.status).toBe(400);
    expect(empty.json.errid).toBe(452);
    expect(await premodState()).toEqual(before);

    const r = await post("premod_decline", { id: items.CQ, text: "Комментарий не по теме" }, moder);
    expect(r.json).toEqual({ status: 200, id: items.CQ, modstatus: "D" });
    expect(await one("select modstatus, declined_text, decided_by from premod_items where id = ?", items.CQ)).toEqual({
      modstatus: "D",
      declined_text: "Комментарий не по теме",
      decided_by: moder.id,
    });
    expect(await one("select kind, actor_id, declined_text, premod_type from notifications where user_id = ? order by id desc limit 1", author.id)).toEqual({
      kind: "premod_declined",
      actor_id: moder.id,
      declined_text: "Комментарий не по теме",
      premod_type: "cmt",
    });
    const bulk = (await get("show_bulk", {}, author, "notify")).json as {
      bulk: Record<string, unknown>[];
    };
    expect(bulk.bulk.find((i) => i.a === "premod_declined")).toMatchObject({
      declined_text: "Комментарий не по теме",
      premod_type: "cmt",
      premod_tab: "comments",
    });
    expect(await value("select count(*) v from mod_log where action = 'premod_decline' and target_id = ?", items.CQ)).toBe(1);
    // no comment went live
    expect(await value("select count(*) v from comments where user_id = ?", author.id)).toBe(0);

    const again = await post("premod_decline", { id: items.CQ, text: "Ещё раз" }, moder);
    expect(again.json.errid).toBe(451);
    expect(await value("select count(*) v from notifications where user_id = ? and kind = 'premod_declined'", author.id)).toBe(1);
  });

  it("the lists link each item by its status: declined to the form, approved to the live item, pending as plain text", async () => {
    const moder = await as("moder@demo.local");
    const top = await value<string>("select urlname v from categories where id = ?", question.top_category_id);
    const answers = await page(`/${top}/premoderation/answers`, moder);
    expect(answers.res.status).toBe(200);
    const aid = await value("select aid v from premod_items where id = ?", items.A);
    // approved answer: a link to the live answer
    expect(answers.html).toMatch(new RegExp(`data-premod-id="${items.A}" data-modstatus="A"[\\s\\S]*?<a href="/answer/${aid}">Мой ответ с рекламой</a>`));
    // pending edit: plain text, with the moderator's forms
    const pending = answers.html.match(new RegExp(`data-premod-id="${items.AE}"[\\s\\S]*?</li>`))![0];
    expect(pending).toContain('data-modstatus="N"');
    expect(pending).toContain('<p class="premod-text">Исправленный ответ</p>');
    expect(pending).toContain('action="/do/premod_approve');
    expect(pending).toContain('action="/do/premod_decline');

    const ctop = await value<string>(
      "select c.urlname v from categories c where c.id = (select coalesce(p.parent_id, p.id) from categories p where p.id = (select category_id from premod_items where id = ?))",
      items.CQ,
    );
    const comments = await page(`/${ctop}/premoderation/comments`, moder);
    const cq = await one<{ qid: number }>("select qid from premod_items where id = ?", items.CQ);
    expect(comments.html).toMatch(
      new RegExp(`data-premod-id="${items.CQ}" data-modstatus="D"[\\s\\S]*?<a href="/question/${cq!.qid}#comment-form">Комментарий к вопросу</a>`),
    );
    expect(comments.html).toContain("Причина отказа: Комментарий не по теме");

    // the author sees his own items without the forms; another user sees none of them
    const own = await page(`/${top}/premoderation/answers`, author);
    expect(own.html).toContain(`data-premod-id="${items.AE}"`);
    expect(own.html).not.toContain('action="/do/premod_approve');
    const other = await page(`/${top}/premoderation/answers`, await as("user@demo.local"));
    expect(other.html).not.toContain(`data-premod-id="${items.AE}"`);
    expect(other.html).toContain("Нет записей");

    expect((await page(`/${top}/premoderation/answers`, null)).res.status).toBe(302);
    expect((await page(`/${top}/premoderation/other`, moder)).res.status).toBe(404);
    expect((await page(`/no-such-place/premoderation/answers`, moder)).res.status).toBe(404);
  });

  it("a premoderated brand holds writes in its category; its admin decides them and nothing else", async () => {
    await env.DB.prepare("update brands set premoderated = 1 where id = ?").bind(SHOWCASE.brandId).run();
    const writer = await as("guru@demo.local");
    const brandCat = await value("select category_id v from brands where id = ?", SHOWCASE.brandId);
    const q = await openQuestion(writer.id, `top_category_id = ${brandCat}`);
    const admin = await as("brandadmin@demo.local");
    const premodBefore = (await get("mod_count", {}, admin)).json.premod as number;
    const held = await post("addans", { qid: q.id, Body: "Ответ в разделе бренда" }, writer);
    expect(held.json).toMatchObject({ status: 200, on_moderation: 1 });
    expect(await one("select brand_id, modstatus from premod_items where id = ?", held.json.premod_id)).toEqual({ brand_id: SHOWCASE.brandId, modstatus: "N" });

    const mc = (await get("mod_count", {}, admin)).json as Record<string, number>;
    expect(mc.premod).toBe(premodBefore + 1);
    const list = await page(`/${SHOWCASE.brandUrlname}/premoderation/answers`, admin);
    expect(list.res.status).toBe(200);
    expect(list.html).toContain(`data-premod-id="${held.json.premod_id}"`);
    expect(list.html).toContain('action="/do/premod_approve');

    // the flagged author's pending edit lies outside the brand: refused
    if (question.top_category_id !== brandCat) {
      const r = await post("premod_decline", { id: items.AE, text: "нет" }, admin);
      expect(r.json.errid).toBe(440);
      expect(await value<string>("select modstatus v from premod_items where id = ?", items.AE)).toBe("N");
    }
    const ok = await post("premod_approve", { id: held.json.premod_id }, admin);
    expect(ok.json).toMatchObject({ status: 200, aid: expect.any(Number) });
    expect(await value("select count(*) v from answers where qid = ? and user_id = ?", q.id, writer.id)).toBe(1);
    await env.DB.prepare("update brands set premoderated = 0 where id = ?").bind(SHOWCASE.brandId).run();
  });

  it("nobody decides on his own held item: a flagged brand admin can neither approve nor decline his answer, a moderator can", async () => {
    const admin = await as("brandadmin@demo.local");
    await env.DB.prepare("update users set premoderated = 1 where id = ?").bind(admin.id).run();
    const brandCat = await value("select category_id v from brands where id = ?", SHOWCASE.brandId);
    const q = await openQuestion(admin.id, `top_category_id = ${brandCat}`);
    const held = await post("addans", { qid: q.id, Body: "Мой собственный ответ в разделе бренда" }, admin);
    expect(held.json).toMatchObject({ status: 200, on_moderation: 1 });
    expect(await one("select brand_id, user_id from premod_items where id = ?", held.json.premod_id)).toEqual({
      brand_id: SHOWCASE.brandId,
      user_id: admin.id,
    });

    const before = await premodState();
    const answersBefore = await value("select count(*) v from answers where qid = ? and user_id = ?", q.id, admin.id);
    const approve = await post("premod_approve", { id: held.json.premod_id }, admin);
    expect(approve.status).toBe(403);
    expect(approve.json).toMatchObject({ errid: 455, error: "Нельзя принять решение по своему тексту" });
    const decline = await post("premod_decline", { id: held.json.premod_id, text: "передумал" }, admin);
    expect(decline.json.errid).toBe(455);
    const form = await postForm("premod_approve", { id: held.json.premod_id }, `/${SHOWCASE.brandUrlname}/premoderation/answers`, admin);
    expect(form.html).toContain("Нельзя принять решение по своему тексту");
    expect(await premodState()).toEqual(before);
    expect(await value("select count(*) v from answers where qid = ? and user_id = ?", q.id, admin.id)).toBe(answersBefore);

    const ok = await post("premod_approve", { id: held.json.premod_id }, await as("moder@demo.local"));
    expect(ok.json).toMatchObject({ status: 200, aid: expect.any(Number) });
    await env.DB.prepare("update users set premoderated = 0 where id = ?").bind(admin.id).run();
  });
});

describe("a supplement waits for premoderation as the question does", () => {
  it("a flagged asker's supplement is held, shows nowhere until approved, and is live once a moderator approves it", async () => {
    const asker = await newUser("Дополняющий", { points: 600 });
    const qid = Number((await post("addqst", { qtext: "Как выбрать зимние шины для города?", cid: "1", subcid: "100" }, asker)).json.qid);
    await env.DB.prepare("update users set premoderated = 1 where id = ?").bind(asker.id).run();
    const held = await post("updqst", { qid, Body: "Дополнение ДОПОЛНЕНИЕНАПРОВЕРКЕ: езжу только по городу" }, asker);
    expect(held.json).toMatchObject({ status: 200, on_moderation: 1 });
    expect(await value("select count(*) v from supplements where qid = ?", qid)).toBe(0);
    expect(await one("select type, qid, modstatus from premod_items where id = ?", held.json.premod_id)).toEqual({ type: "S", qid, modstatus: "N" });
    expect((await page(`/question/${qid}`)).html).not.toContain("ДОПОЛНЕНИЕНАПРОВЕРКЕ");
    expect(JSON.stringify((await get("question", { qid })).json.adds)).not.toContain("ДОПОЛНЕНИЕНАПРОВЕРКЕ");

    const moder = await as("moder@demo.local");
    const top = await value<string>("select urlname v from categories where id = 1");
    const list = (await page(`/${top}/premoderation/questions`, moder)).html;
    expect(list).toContain("Дополнение к вопросу");
    expect((await post("premod_approve", { id: held.json.premod_id }, moder)).json.status).toBe(200);
    expect(await value("select count(*) v from supplements where qid = ?", qid)).toBe(1);
    expect((await page(`/question/${qid}`)).html).toContain("ДОПОЛНЕНИЕНАПРОВЕРКЕ");
  });
});
