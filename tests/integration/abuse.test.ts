import { describe, expect, it } from "vitest";
import { get, page, post, postForm } from "./helpers/api";
import { one, value } from "./helpers/db";
import { as } from "./helpers/users";
import { SHOWCASE } from "../../db/seed/seed";

const reportCount = () => value("select count(*) v from abuse_reports");

/** A live answer in an ordinary category by someone other than `notBy`. */
async function answerOfOther(notBy: number) {
  return (await one<{ id: number; qid: number; user_id: number }>(
    `select a.id, a.qid, a.user_id from answers a join questions q on q.id = a.qid
     where a.user_id <> ? and a.hidden = 0 and q.hidden = 0 and q.state <> 'D' and q.category_id <> 601 and q.top_category_id <> 601
     order by a.id limit 1`,
    notBy,
  ))!;
}

describe("abuse reports", () => {
  it("a user cannot report his own question, and nothing is stored", async () => {
    const me = await as("user@demo.local");
    const before = await reportCount();
    const { res, json } = await post("abuse", { report: "spam", qid: SHOWCASE.unansweredQuestionId }, me);
    expect(res.status).toBe(400);
    expect(json).toMatchObject({ errid: 445, error: "Нельзя пожаловаться на своё сообщение" });
    expect(await reportCount()).toBe(before);
  });

  it("a report of someone else's answer is stored once and shows in the moderators' count and queue", async () => {
    const me = await as("user@demo.local");
    const moder = await as("moder@demo.local");
    const a = await answerOfOther(me.id);
    const countBefore = (await get("mod_count", {}, moder)).json;

    const { res, json } = await post("abuse", { report: "spam", aid: a.id }, me);
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ status: 200, id: expect.any(Number) });
    expect(await one("select reporter_id, target_type, target_id, qid, reason, text, status from abuse_reports where id = ?", json.id)).toEqual({
      reporter_id: me.id,
      target_type: "A",
      target_id: a.id,
      qid: a.qid,
      reason: "spam",
      text: "",
      status: "N",
    });

    const count = (await get("mod_count", {}, moder)).json;
    expect(count).toMatchObject({ status: 200, A: countBefore.A + 1, count: countBefore.count + 1 });
    const queue = (await get("mod_queue", { type: "A" }, moder)).json;
    expect(queue.status).toBe(200);
    const item = queue.items.find((i: { id: number }) => i.id === a.id);
    expect(item).toMatchObject({ type: "A", qid: a.qid, usrid: a.user_id, reports: 1, reasons: { spam: 1, offense: 0, other: 0 }, url: `/answer/${a.id}` });

    // a second report of the same answer by the same user is refused and writes nothing
    const before = await reportCount();
    const again = await post("abuse", { report: "offense", aid: a.id }, me);
    expect(again.res.status).toBe(409);
    expect(again.json).toMatchObject({ errid: 446 });
    expect(await reportCount()).toBe(before);

    // another reporter adds to the same queue item
    const guru = await as("guru@demo.local");
    if (a.user_id !== guru.id) {
      expect((await post("abuse", { report: "other", text: "  Копия чужого ответа  ", aid: a.id }, guru)).json.status).toBe(200);
      const q2 = (await get("mod_queue", { type: "A" }, moder)).json;
      expect(q2.items.find((i: { id: number }) => i.id === a.id)).toMatchObject({
        reports: 2,
        reasons: { spam: 1, offense: 0, other: 1 },
        texts: ["Копия чужого ответа"],
      });
    }
  });

  it("a missing reason, a short 'other' text, two ids or a non-positive id are refused with 400 and store nothing", async () => {
    const me = await as("znatok@demo.local");
    const a = await answerOfOther(me.id);
    const before = await reportCount();
    const cases: [Record<string, string | number>, number][] = [
      [{ aid: a.id }, 441],
      [{ report: "nonsense", aid: a.id }, 441],
      [{ report: "other", aid: a.id }, 442],
      [{ report: "other", text: "  ab  ", aid: a.id }, 442],
      [{ text: "ok", aid: a.id }, 442],
      [{ report: "spam", aid: a.id, qid: a.qid }, 443],
      [{ report: "spam" }, 443],
      [{ report: "spam", qid: 0 }, 443],
      [{ report: "spam", qid: -1 }, 443],
      [{ report: "spam", cid: "abc" }, 443],
      [{ report: "other", text: "х".repeat(1001), aid: a.id }, 448],
    ];
    for (const [body, errid] of cases) {
      const { res, json } = await post("abuse", body, me);
      expect({ body, status: res.status, errid: json.errid }).toEqual({ body, status: 400, errid });
    }
    expect(await reportCount()).toBe(before);

    // typing a text without a reason counts as 'other'
    const c = (await one<{ id: number }>(
      "select c.id from comments c join questions q on q.id = c.qid where c.user_id <> ? and c.hidden = 0 and q.hidden = 0 and q.top_category_id <> 601 order by c.id limit 1",
      me.id,
    ))!;
    const ok = await post("abuse", { text: "Грубость в комментарии", cid: c.id }, me);
    expect(ok.json.status).toBe(200);
    expect(await one("select target_type, reason, text from abuse_reports where id = ?", ok.json.id)).toEqual({
      target_type: "C",
      reason: "other",
      text: "Грубость в комментарии",
    });
  });

  it("items in category 601, deleted or unknown items and guests are refused", async () => {
    const me = await as("guru@demo.local");
    const before = await reportCount();
    const q601 = await one<{ id: number }>(
      "select id from questions where (category_id = 601 or top_category_id = 601) and user_id <> ? and hidden = 0 limit 1",
      me.id,
    );
    if (q601) {
      const r = await post("abuse", { report: "spam", qid: q601.id }, me);
      expect(r.res.status).toBe(403);
      expect(r.json.errid).toBe(447);
    }
    const deleted = await post("abuse", { report: "spam", qid: SHOWCASE.deletedQuestionId }, me);
    expect(deleted.json).toMatchObject({ status: 404, errid: 444 });
    expect((await post("abuse", { report: "spam", qid: SHOWCASE.missingQuestionId }, me)).json.errid).toBe(444);
    expect((await post("abuse", { report: "spam", qid: 1 })).json.errid).toBe(101);
    expect(await reportCount()).toBe(before);
  });

  it("non-moderators get 403 from mod_queue and mod_count; a brand admin counts only his brand's categories", async () => {
    const user = await as("user@demo.local");
    for (const name of ["mod_queue", "mod_count"]) {
      const { res, json } = await get(name, name === "mod_queue" ? { type: "Q" } : {}, user);
      expect(res.status).toBe(403);
      expect(json.errid).toBe(440);
    }
    expect((await get("mod_count", {}, null)).json.errid).toBe(101);
    expect((await get("mod_queue", { type: "X" }, await as("moder@demo.local"))).json.errid).toBe(449);

    // brand 1 owns category 1 (and its subcategories)
    const admin = await as("brandadmin@demo.local");
    const reporter = await as("vip@demo.local");
    const inside = (await one<{ id: number }>(
      "select id from questions where top_category_id = (select category_id from brands where id = 1) and user_id <> ? and hidden = 0 and state <> 'D' order by id limit 1",
      reporter.id,
    ))!;
    const outside = (await one<{ id: number }>(
      "select id from questions where top_category_id <> (select category_id from brands where id = 1) and top_category_id <> 601 and category_id <> 601 and user_id <> ? and hidden = 0 and state <> 'D' order by id limit 1",
      reporter.id,
    ))!;
    const before = (await get("mod_count", {}, admin)).json;
    expect(before.status).toBe(200);
    expect((await post("abuse", { report: "spam", qid: outside.id }, reporter)).json.status).toBe(200);
    expect((await get("mod_count", {}, admin)).json.Q).toBe(before.Q);
    expect((await post("abuse", { report: "spam", qid: inside.id }, reporter)).json.status).toBe(200);
    expect((await get("mod_count", {}, admin)).json.Q).toBe(before.Q + 1);
    const queue = (await get("mod_queue", { type: "Q" }, admin)).json;
    expect(queue.items.map((i: { id: number }) => i.id)).toContain(inside.id);
    expect(queue.items.map((i: { id: number }) => i.id)).not.toContain(outside.id);
  });

  it("without JavaScript: the question page links to the report page, whose form sends the report and shows the thanks", async () => {
    const me = await as("znatok@demo.local");
    const q = (await one<{ id: number }>(
      "select id from questions where user_id <> ? and hidden = 0 and state = 'R' and category_id <> 601 and top_category_id <> 601 and id not in (select target_id from abuse_reports where target_type = 'Q') order by id limit 1",
      me.id,
    ))!;
    const questionPage = await page(`/question/${q.id}`, me);
    expect(questionPage.html).toContain(`href="/abuse/Q/${q.id}"`);
    expect(questionPage.html).toContain("Пожаловаться");
    // the asker gets no report link on his own question
    const owner = await one<{ email: string }>("select email from users where id = (select user_id from questions where id = ?)", q.id);
    if (owner!.email.endsWith("@demo.local")) {
      const own = await page(`/question/${q.id}`, await as(owner!.email));
      expect(own.html).not.toContain(`href="/abuse/Q/${q.id}"`);
    }

    const form = await page(`/abuse/Q/${q.id}`, me);
    expect(form.res.status).toBe(200);
    expect(form.html).toContain(`action="/do/abuse?return=${encodeURIComponent(`/abuse/Q/${q.id}`)}"`);
    expect(form.html).toContain("Оскорбительные высказывания");

    const { res: sent } = await postForm("abuse", { qid: String(q.id), report: "offense" }, `/abuse/Q/${q.id}`, me);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/abuse/Q/${q.id}?sent=1`);
    const thanks = await page(`/abuse/Q/${q.id}?sent=1`, me);
    expect(thanks.html).toContain("Спасибо! Ваше сообщение отправлено модераторам");
    expect(await one("select reason from abuse_reports where reporter_id = ? and target_type = 'Q' and target_id = ?", me.id, q.id)).toEqual({
      reason: "offense",
    });
    // coming back later: already reported, no form
    const later = await page(`/abuse/Q/${q.id}`, me);
    expect(later.html).toContain("Вы уже пожаловались на это сообщение");
    expect(later.html).not.toContain('action="/do/abuse');

    // guests sign in first
    const guest = await page(`/abuse/Q/${q.id}`, null);
    expect(guest.res.status).toBe(302);
    expect(guest.res.headers.get("location")).toContain("/login?return=");
    expect((await page(`/abuse/X/${q.id}`, me)).res.status).toBe(404);
  });

  it("signed-in readers get report links on others' answers and comments, never on their own, and guests get none", async () => {
    const qid = SHOWCASE.resolvedQuestionId;
    const c = (await one<{ id: number; user_id: number }>(
      "select id, user_id from comments where qid = ? and hidden = 0 and ref_type = 'A' and ref_id = ? order by id limit 1",
      qid,
      SHOWCASE.contextAnswerId,
    ))!;
    const a = (await one<{ user_id: number }>("select user_id from answers where id = ?", SHOWCASE.contextAnswerId))!;
    // a demo reader who wrote neither (demo users have the ids 1–8 in this order)
    const emails = ["moder@demo.local", "guru@demo.local", "vip@demo.local", "znatok@demo.local"];
    const ids = [5, 3, 4, 2];
    const reader = await as(emails[ids.findIndex((id) => id !== c.user_id && id !== a.user_id)]);
    // the answer's own page (the question page opens at its first answers, and this one may be further down)
    const answerPage = `/answer/${SHOWCASE.contextAnswerId}`;
    const html = (await page(answerPage, reader)).html;
    expect(html).toContain(`href="/abuse/C/${c.id}"`);
    const author = await one<{ email: string }>("select email from users where id = ?", c.user_id);
    const own = (await page(answerPage, await as(author!.email))).html;
    expect(own).toContain("/abuse/");
    expect(own).not.toContain(`href="/abuse/C/${c.id}"`);
    const guest = (await page(answerPage, null)).html;
    expect(guest).not.toContain("/abuse/");
    // the question page: the question and every answer it shows that is not the reader's
    const questionHtml = (await page(`/question/${qid}`, reader)).html;
    expect(questionHtml).toContain(`href="/abuse/Q/${qid}"`);
    const shown = [...questionHtml.matchAll(/id="answer-(\d+)"/g)].map((m) => Number(m[1]));
    expect(shown.length).toBeGreaterThan(0);
    for (const aid of shown) {
      const by = await one<{ user_id: number }>("select user_id from answers where id = ?", aid);
      if (by!.user_id !== reader.id) expect(questionHtml).toContain(`href="/abuse/A/${aid}"`);
    }
  });
});
