import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SHOWCASE } from "../../db/seed/seed";
import { askQuestion, AskInput } from "../../app/models/questions/ask.server";
import { DomainError } from "../../app/lib/errors";
import { type Fields, get, page, post } from "./helpers/api";
import { countRows, expectPointsMatchLedger, fingerprint, one } from "./helpers/db";
import { newUser, signIn } from "./helpers/users";

/** A fresh user with exactly `points` points (the ledger agrees). */
const userWith = (points: number) => newUser("Спрашивающий", { points });

/** Everything an ask may write, to show a refused call wrote nothing. */
const snapshot = async (userId?: number) => ({
  ...(await fingerprint({
    questions: "select count(*) from questions",
    options: "select count(*) from poll_options",
    watches: "select count(*) from watches",
    ledger: "select count(*) from points_ledger",
    qcount: "select sum(qcount) from categories",
  })),
  user: userId ? await one("select points, questions_count, watchcnt from users where id = ?", userId) : null,
});

describe("asking a question (addqst)", () => {
  it("a signed-in user asks in a subcategory: one batch writes the question, the watch, the counters and takes 5 points", async () => {
    const me = await signIn("user@demo.local");
    const before = await one<Record<string, number>>("select points, questions_count, watchcnt from users where id = 1");
    const cats = await env.DB.prepare("select id, qcount from categories where id in (1, 100) order by id").all<{ id: number; qcount: number }>();
    const { status, json } = await post(
      "addqst",
      {
        qtext: "  Как выбрать   первый ноутбук для учёбы?  ",
        Body: "Бюджет до 50 тысяч, смотрю сайт https://example.com <script>alert(1)</script>",
        cid: "1",
        subcid: "100",
      },
      me,
    );
    expect(status).toBe(200);
    expect(json).toEqual({ status: 200, qid: expect.any(Number), redirect: `/question/${json.qid}` });
    const q = await one<Record<string, any>>("select * from questions where id = ?", json.qid);
    expect(q).toMatchObject({
      user_id: 1,
      category_id: 100,
      top_category_id: 1,
      qtext: "Как выбрать первый ноутбук для учёбы?",
      state: "A",
      hidden: 0,
      anscnt: 0,
      poll_type: null,
      cancomment: 1,
    });
    expect(q!.added).toBe(q!.state_changed_at);
    expect(q!.updated_at).toBe(q!.added);
    expect(q!.qcomment).toContain('href="/301?url=');
    expect(q!.qcomment).not.toContain("<script");
    expect(await one("select answers, comments, mail from watches where qid = ? and user_id = 1", json.qid)).toEqual({ answers: 1, comments: 1, mail: 1 });
    expect(await one("select points, questions_count, watchcnt from users where id = 1")).toEqual({
      points: before!.points - 5,
      questions_count: before!.questions_count + 1,
      watchcnt: before!.watchcnt + 1,
    });
    expect(await one("select delta, reason, ref_type, ref_id from points_ledger where user_id = 1 order by id desc limit 1")).toEqual({
      delta: -5,
      reason: "ask",
      ref_type: "Q",
      ref_id: json.qid,
    });
    const after = await env.DB.prepare("select id, qcount from categories where id in (1, 100) order by id").all<{ id: number; qcount: number }>();
    expect(after.results.map((c) => c.qcount)).toEqual(cats.results.map((c) => c.qcount + 1));
    await expectPointsMatchLedger(1);
  });

  it("a question in a category without subcategories counts once in it", async () => {
    const me = await userWith(50);
    const before = await one<{ qcount: number }>("select qcount from categories where id = 25");
    const { json } = await post("addqst", { qtext: "Как здесь начисляются баллы за ответы?", cid: "25" }, me);
    expect(json.status).toBe(200);
    expect(await one("select category_id, top_category_id from questions where id = ?", json.qid)).toEqual({ category_id: 25, top_category_id: 25 });
    expect(await one("select qcount from categories where id = 25")).toEqual({ qcount: before!.qcount + 1 });
  });

  it("a poll drops the empty options, keeps their order, and honours cancmt=0 and watch=0", async () => {
    const me = await userWith(40);
    const { json } = await post(
      "addqst",
      {
        qtext: "Какое время года вы любите больше всего?",
        cid: "1",
        subcid: "101",
        poll: "C",
        poll_options: ["Зима", "", "  Лето ", "Осень"],
        cancmt: "0",
        watch: "0",
      },
      me,
    );
    expect(json.status).toBe(200);
    expect(await one("select poll_type, cancomment, total_voted from questions where id = ?", json.qid)).toEqual({
      poll_type: "C",
      cancomment: 0,
      total_voted: 0,
    });
    const opts = await env.DB.prepare("select position, text, votes from poll_options where qid = ? order by position").bind(json.qid).all();
    expect(opts.results).toEqual([
      { position: 0, text: "Зима", votes: 0 },
      { position: 1, text: "Лето", votes: 0 },
      { position: 2, text: "Осень", votes: 0 },
    ]);
    expect(await one("select count(*) n from watches where qid = ?", json.qid)).toEqual({ n: 0 });
    expect(await one("select points, watchcnt, questions_count from users where id = ?", me.id)).toEqual({ points: 35, watchcnt: 0, questions_count: 1 });
  });

  it("a poll with one non-empty option, with 17 options or with a too long option is refused and nothing is written", async () => {
    const me = await userWith(60);
    const before = await snapshot(me.id);
    const base = { qtext: "Что выбрать на ужин?", cid: "25", poll: "S" };
    expect((await post("addqst", { ...base, poll_options: ["Пиццу", "", " "] }, me)).json).toEqual({
      status: 400,
      errid: 137,
      error: "В опросе должно быть не меньше двух вариантов ответа",
    });
    const many = Array.from({ length: 17 }, (_, i) => `Вариант ${i + 1}`);
    expect((await post("addqst", { ...base, poll_options: many }, me)).json).toMatchObject({ status: 400, errid: 138 });
    expect((await post("addqst", { ...base, poll_options: ["Пиццу", "я".repeat(121)] }, me)).json).toMatchObject({ status: 400, errid: 139 });
    expect(await snapshot(me.id)).toEqual(before);
    // sixteen options are fine
    expect((await post("addqst", { ...base, poll_options: many.slice(0, 16) }, me)).json.status).toBe(200);
  });

  it("bad titles, explanations and categories are refused with their errids and nothing is written", async () => {
    const me = await userWith(60);
    const before = await snapshot(me.id);
    const ok = { qtext: "Нормальный вопрос?", cid: "1", subcid: "100" };
    const cases: [Fields, number, number][] = [
      [{ ...ok, qtext: "   " }, 130, 400],
      [{ cid: "1", subcid: "100" }, 130, 400],
      [{ ...ok, qtext: "в".repeat(121) }, 131, 400],
      [{ ...ok, Body: "п".repeat(3801) }, 132, 400],
      [{ qtext: "Без категории?" }, 133, 400],
      [{ ...ok, cid: "777777", subcid: "" }, 133, 400],
      [{ ...ok, subcid: "" }, 134, 400],
      [{ ...ok, subcid: "106" }, 135, 400],
      [{ ...ok, cid: "21", subcid: "" }, 136, 403],
      [{ ...ok, cid: "601", subcid: "" }, 136, 403],
      [{ ...ok, cid: "2024", subcid: "" }, 136, 403],
      [{ ...ok, cid: "22", subcid: "" }, 136, 403],
      [{ ...ok, cid: "23", subcid: "" }, 136, 403],
    ];
    for (const [fields, errid, status] of cases) {
      const r = await post("addqst", fields, me);
      expect([r.status, r.json.errid], JSON.stringify(fields).slice(0, 80)).toEqual([status, errid]);
      expect(typeof r.json.error).toBe("string");
    }
    expect(await snapshot(me.id)).toEqual(before);
    // 120 characters and 3800 characters are still fine
    expect((await post("addqst", { ...ok, qtext: `${"в".repeat(119)}?`, Body: "п".repeat(3800) }, me)).json.status).toBe(200);
  });

  it("a user with 3 points cannot ask and nothing is written", async () => {
    const me = await userWith(3);
    const before = await snapshot(me.id);
    const { status, json } = await post("addqst", { qtext: "Можно ли задать вопрос без баллов?", cid: "25" }, me);
    expect(status).toBe(403);
    expect(json).toEqual({ status: 403, errid: 140, error: "Недостаточно баллов: чтобы задать вопрос, нужно 5 баллов" });
    expect(await snapshot(me.id)).toEqual(before);
  });

  it("concurrent asks never spend more points than the user has", async () => {
    const me = await userWith(12);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => post("addqst", { qtext: `Одновременный вопрос номер ${i}?`, cid: "25" }, me)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBe(2);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.json.errid).toBe(140);
    expect(await one("select points, questions_count from users where id = ?", me.id)).toEqual({ points: 2, questions_count: 2 });
    expect(await one("select count(*) n from questions where user_id = ?", me.id)).toEqual({ n: 2 });
    await expectPointsMatchLedger(me.id);
  });

  it("the points guard inside the batch refuses an ask that passed the first check when the points ran out meanwhile", async () => {
    const me = await userWith(7);
    const session = {
      id: 0,
      salt: "",
      token: "",
      expiresAt: 0,
      user: {
        id: me.id,
        nick: "x",
        lvl: 1,
        points: 7,
        vip: false,
        banned: false,
        type: "",
        permissions: [],
        createdAt: 0,
        welcomeBonus: true,
        lastVisitDay: 0,
      },
    };
    const input = AskInput.parse({ qtext: "Гонка за баллами?", cid: "25" });
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => askQuestion(env, session, input, Date.now())));
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
    for (const r of results) if (r.status === "rejected") expect([r.reason instanceof DomainError, (r.reason as DomainError).errid]).toEqual([true, 140]);
    expect(await one("select points, questions_count from users where id = ?", me.id)).toEqual({ points: 2, questions_count: 1 });
    await expectPointsMatchLedger(me.id);
  });

  it("a guest is asked to sign in and a banned user is refused, nothing written", async () => {
    const before = await snapshot();
    const guest = await post("addqst", { qtext: "Вопрос гостя?", cid: "25" }, null);
    expect({ status: guest.status, json: guest.json }).toEqual({
      status: 401,
      json: { status: 401, errid: 101, error: "Войдите на сайт, чтобы продолжить" },
    });
    const banned = await signIn("banned@demo.local");
    const r = await post("addqst", { qtext: "Вопрос нарушителя?", cid: "25" }, banned);
    expect([r.status, r.json.errid]).toEqual([403, 110]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("canask", () => {
  it("says 0 to a guest, a banned user and a user with fewer than 5 points, 1 otherwise", async () => {
    expect((await get("canask", {}, null)).json).toEqual({ status: 200, canask: 0, points: 0, limits: {}, personal: 0 });
    expect((await get("canask", { cid: "1" }, await signIn("banned@demo.local"))).json).toMatchObject({ canask: 0 });
    const limits = { ASK: { limit: 5, used: 0, left: 5 }, AAQ: { limit: 60, used: 0, left: 60 } }; // level Ученик
    expect((await get("canask", {}, await userWith(4))).json).toMatchObject({ status: 200, canask: 0, points: 4, limits, personal: 0 });
    expect((await get("canask", {}, await userWith(5))).json).toMatchObject({ status: 200, canask: 1, points: 5, limits, personal: 0 });
  });
});

describe("canask with a category (cid)", () => {
  it("says 0 in a category closed to questions, personal 1 where a brand's experts take personal questions, and 305 for an unknown one", async () => {
    const me = await newUser("Выбирающий");
    expect((await get("canask", {}, me)).json).toMatchObject({ status: 200, canask: 1, personal: 0 });
    // a subcategory of «Компьютеры, Связь», where the demo brand answers, and the category itself
    expect((await get("canask", { cid: "100" }, me)).json).toMatchObject({ status: 200, canask: 1, personal: 1 });
    expect((await get("canask", { cid: "1" }, me)).json).toMatchObject({ status: 200, canask: 1, personal: 1 });
    expect((await get("canask", { cid: "25" }, me)).json).toMatchObject({ status: 200, canask: 1, personal: 0 });
    // the gold fund and the leaders' section take no questions
    expect((await get("canask", { cid: "22" }, me)).json).toMatchObject({ status: 200, canask: 0 });
    expect((await get("canask", { cid: "23" }, me)).json).toMatchObject({ status: 200, canask: 0 });
    expect((await get("canask", { cid: "999999" }, me)).json).toMatchObject({ status: 404, errid: 305 });
  });
});

describe("the daily question limit", () => {
  it("a new account may ask 5 questions a day, and canask, showlimits and the ask page say so", async () => {
    const me = await newUser("Новенький");
    expect(await one("select points, lvl from users where id = ?", me.id)).toEqual({ points: 100, lvl: 2 });
    expect((await get("canask", {}, me)).json.limits.ASK).toEqual({ limit: 5, used: 0, left: 5 });
    expect((await get("showlimits", {}, me)).json.limits.ASK).toEqual({ limit: 5, used: 0, left: 5 });
    expect((await page("/ask", me)).html).toContain("Сегодня можно задать ещё: 5.");
    for (let i = 1; i <= 5; i++) expect((await post("addqst", { qtext: `Пятый вопрос за день, номер ${i}?`, cid: "25" }, me)).status).toBe(200);
    const sixth = await post("addqst", { qtext: "Шестой вопрос за день?", cid: "25" }, me);
    expect([sixth.status, sixth.json.errid]).toEqual([429, 141]);
    expect((await get("canask", {}, me)).json).toMatchObject({ canask: 0, limits: { ASK: { limit: 5, used: 5, left: 0 } } });
  });

  it("showlimits carries every code: the quotas with their limits, and the codes nothing limits here as limit 0", async () => {
    const me = await newUser("Лимиты");
    const { limits } = (await get("showlimits", {}, me)).json;
    expect(Object.keys(limits).sort()).toEqual(
      ["ASK", "DIQ", "AAQ", "CMA", "VBA", "OPV", "QAM", "IMQ", "VIQ", "GSR", "ADA", "CMD", "UDA", "UDQ", "ADQ", "ABA", "BAN"].sort(),
    );
    for (const code of ["ADA", "CMD", "UDA", "UDQ", "ADQ", "ABA", "BAN"]) expect(limits[code]).toEqual({ limit: 0, used: 0, left: 0 });
    expect(limits.AAQ).toEqual({ limit: 60, used: 0, left: 60 });
    expect((await get("showlimits", {}, null)).json.limits).toEqual({});
  });

  it("the question that costs a Знаток his level keeps the day's limit he started it with", async () => {
    const me = await userWith(252);
    await env.DB.prepare("update users set lvl = 3 where id = ?").bind(me.id).run();
    expect((await get("canask", {}, me)).json.limits.ASK).toEqual({ limit: 20, used: 0, left: 20 });
    expect((await post("addqst", { qtext: "Вопрос, который стоит уровня?", cid: "25" }, me)).status).toBe(200);
    expect(await one("select points, lvl from users where id = ?", me.id)).toEqual({ points: 247, lvl: 2 });
    expect((await get("canask", {}, me)).json.limits.ASK).toEqual({ limit: 20, used: 1, left: 19 });
    expect((await get("showlimits", {}, me)).json.limits.ASK).toEqual({ limit: 20, used: 1, left: 19 });
    expect((await page("/ask", me)).html).toContain("Сегодня можно задать ещё: 19.");
    expect((await post("addqst", { qtext: "И ещё один вопрос в тот же день?", cid: "25" }, me)).status).toBe(200);
  });
});

describe("supplements (updqst)", () => {
  it("the owner supplements his open question", async () => {
    const me = await signIn("user@demo.local");
    const qid = SHOWCASE.unansweredQuestionId;
    const { status, json } = await post("updqst", { qid: String(qid), Body: "Телефон на Android, компьютер с Windows <b>10</b>" }, me);
    expect(status).toBe(200);
    expect(json).toEqual({ status: 200, added: expect.any(Number), atext: "Телефон на Android, компьютер с Windows <b>10</b>" });
    const row = await one("select text, added from supplements where qid = ? order by id desc limit 1", qid);
    expect(row).toEqual({ text: json.atext, added: json.added });
    expect(await one("select updated_at from questions where id = ?", qid)).toEqual({ updated_at: json.added });
  });

  it("the owner's page offers «Дополнить» on his open question, and not once he has closed it to supplements (noadd)", async () => {
    const me = await newUser("Дополняющий");
    const open = (await post("addqst", { qtext: "Вопрос, к которому будут дополнения?", cid: "25" }, me)).json.qid as number;
    const closed = (await post("addqst", { qtext: "Вопрос без дополнений?", cid: "25" }, me)).json.qid as number;
    await env.DB.prepare("update questions set noadd = 1 where id = ?").bind(closed).run();
    const form = async (qid: number) => (await page(`/question/${qid}`, me)).html.includes('<otv-island name="supplement-form"');
    expect(await form(open)).toBe(true);
    expect(await form(closed)).toBe(false);
    expect((await post("updqst", { qid: String(closed), Body: "Нельзя" }, me)).json).toMatchObject({ status: 403, errid: 146 });
  });

  it("a supplement by a non-owner, on a closed question, with noadd, empty or too long is refused and nothing is written", async () => {
    const me = await signIn("user@demo.local");
    const other = await signIn("znatok@demo.local");
    const mine = (await post("addqst", { qtext: "Вопрос для дополнений?", cid: "25" }, me)).json.qid as number;
    const before = await countRows("supplements");
    const r1 = await post("updqst", { qid: String(mine), Body: "Чужое дополнение" }, other);
    expect([r1.status, r1.json.errid]).toEqual([403, 144]);
    await env.DB.prepare("update questions set state = 'R' where id = ?").bind(mine).run();
    expect((await post("updqst", { qid: String(mine), Body: "Поздно" }, me)).json).toMatchObject({ status: 409, errid: 145 });
    await env.DB.prepare("update questions set state = 'A', noadd = 1 where id = ?").bind(mine).run();
    expect((await post("updqst", { qid: String(mine), Body: "Нельзя" }, me)).json).toMatchObject({ status: 403, errid: 146 });
    await env.DB.prepare("update questions set noadd = 0 where id = ?").bind(mine).run();
    expect((await post("updqst", { qid: String(mine), Body: "   " }, me)).json).toMatchObject({ status: 400, errid: 142 });
    expect((await post("updqst", { qid: String(mine), Body: "д".repeat(3801) }, me)).json).toMatchObject({ status: 400, errid: 143 });
    expect((await post("updqst", { qid: String(SHOWCASE.deletedQuestionId), Body: "Текст" }, me)).json).toMatchObject({ status: 404, errid: 181 });
    expect((await post("updqst", { qid: String(SHOWCASE.missingQuestionId), Body: "Текст" }, me)).json).toMatchObject({ status: 404, errid: 181 });
    expect((await post("updqst", { qid: String(mine), Body: "Текст" }, null)).json).toMatchObject({ status: 401, errid: 101 });
    expect(await countRows("supplements")).toBe(before);
  });
});

describe("the owner deletes his question (delqst)", () => {
  it("the questions tile counts what the list shows: a delete by the owner and a moderator's drop lower it, a restore raises it", async () => {
    const me = await userWith(30);
    const moder = await signIn("moder@demo.local");
    const tile = async () => (await page(`/profile/id${me.id}`, me)).html.match(/data-tile="questions"><a[^>]*><b>(\d+)<\/b>/)![1];
    const ask = async (qtext: string) => (await post("addqst", { qtext, cid: "25" }, me)).json.qid as number;
    const [kept, deleted, dropped] = [
      await ask("Вопрос, который останется?"),
      await ask("Вопрос, который я удалю сам?"),
      await ask("Вопрос, который удалит модератор?"),
    ];
    expect(await tile()).toBe("3");
    expect((await post("delqst", { qid: String(deleted) }, me)).status).toBe(200);
    expect(await tile()).toBe("2");
    expect((await post("delqst", { qid: String(deleted) }, me)).status).toBe(404);
    expect(await tile()).toBe("2");
    expect((await post("a_qstdrop", { id: String(dropped) }, moder)).json.status).toBe(200);
    expect(await tile()).toBe("1");
    expect((await post("a_qstrestore", { id: String(dropped) }, moder)).json.status).toBe(200);
    expect(await tile()).toBe("2");
    expect(await one("select count(*) n from questions where user_id = ? and state <> 'D'", me.id)).toEqual({ n: 2 });
    expect(kept).toBeGreaterThan(0);
  });

  it("a deleted unanswered question refunds 5 points exactly once", async () => {
    const me = await userWith(30);
    const qid = (await post("addqst", { qtext: "Вопрос, который я удалю?", cid: "1", subcid: "102" }, me)).json.qid as number;
    const cats = await env.DB.prepare("select qcount from categories where id in (1, 102) order by id").all<{ qcount: number }>();
    expect(await one("select points, questions_count from users where id = ?", me.id)).toEqual({ points: 25, questions_count: 1 });

    const { status, json } = await post("delqst", { qid: String(qid) }, me);
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 200, qid, refunded: 5 });
    expect(await one("select state, hidden, deleted_by, state_before_delete from questions where id = ?", qid)).toEqual({
      state: "D",
      hidden: 1,
      deleted_by: "author",
      state_before_delete: "A",
    });
    expect(await one("select points, questions_count from users where id = ?", me.id)).toEqual({ points: 30, questions_count: 0 });
    const after = await env.DB.prepare("select qcount from categories where id in (1, 102) order by id").all<{ qcount: number }>();
    expect(after.results.map((c) => c.qcount)).toEqual(cats.results.map((c) => c.qcount - 1));

    const again = await post("delqst", { qid: String(qid) }, me);
    expect([again.status, again.json.errid]).toEqual([404, 181]);
    expect(await one("select points from users where id = ?", me.id)).toEqual({ points: 30 });
    expect(await one("select count(*) n from points_ledger where user_id = ? and reason = 'ask_refund'", me.id)).toEqual({ n: 1 });
    await expectPointsMatchLedger(me.id);
  });

  it("a guest's cached index page drops a question its owner deleted at once", async () => {
    const me = await userWith(30);
    const qid = (await post("addqst", { qtext: "Вопрос, который исчезнет с главной?", cid: "25" }, me)).json.qid as number;
    await page("/");
    const cached = await page("/");
    expect(cached.res.headers.get("x-page-cache")).toBe("hit");
    expect(cached.html).toContain(`href="/question/${qid}"`);
    expect((await post("delqst", { qid: String(qid) }, me)).status).toBe(200);
    const after = await page("/");
    expect(after.res.headers.get("x-page-cache")).not.toBe("hit");
    expect(after.html).not.toContain(`href="/question/${qid}"`);
  });

  it("concurrent deletes refund once", async () => {
    const me = await userWith(20);
    const qid = (await post("addqst", { qtext: "Вопрос для гонки удалений?", cid: "25" }, me)).json.qid as number;
    const results = await Promise.all(Array.from({ length: 8 }, () => post("delqst", { qid: String(qid) }, me)));
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(await one("select points from users where id = ?", me.id)).toEqual({ points: 20 });
    await expectPointsMatchLedger(me.id);
  });

  it("an answered question is deleted without a refund", async () => {
    const me = await userWith(30);
    const qid = (await post("addqst", { qtext: "Вопрос с ответом?", cid: "25" }, me)).json.qid as number;
    await env.DB.batch([
      env.DB.prepare("insert into answers (qid, user_id, text, added) values (?, 2, ?, ?)").bind(qid, "Ответ", Date.now()),
      env.DB.prepare("update questions set anscnt = 1 where id = ?").bind(qid),
    ]);
    const { json } = await post("delqst", { qid: String(qid) }, me);
    expect(json).toMatchObject({ status: 200, refunded: 0 });
    expect(await one("select state from questions where id = ?", qid)).toEqual({ state: "D" });
    expect(await one("select points from users where id = ?", me.id)).toEqual({ points: 25 });
    await expectPointsMatchLedger(me.id);
  });

  it("someone else's question cannot be deleted and a guest must sign in", async () => {
    const other = await signIn("znatok@demo.local");
    const qid = SHOWCASE.unansweredQuestionId;
    const r = await post("delqst", { qid: String(qid) }, other);
    expect([r.status, r.json.errid]).toEqual([403, 149]);
    expect((await post("delqst", { qid: String(qid) }, null)).json.errid).toBe(101);
    expect(await one("select state, hidden from questions where id = ?", qid)).toEqual({ state: "A", hidden: 0 });
  });
});

describe("following a question (startwatch, dropwatch, stopnotify)", () => {
  it("a user follows and unfollows a question; doing either twice is refused and counts stay right", async () => {
    const me = await signIn("znatok@demo.local");
    const qid = String(SHOWCASE.openQuestionId);
    const w0 = (await one<{ watchcnt: number }>("select watchcnt from users where id = 2"))!.watchcnt;
    expect((await post("startwatch", { qid }, me)).json).toEqual({ status: 200, watch: 1 });
    expect(await one("select answers, comments, mail from watches where qid = ? and user_id = 2", qid)).toEqual({ answers: 1, comments: 1, mail: 1 });
    expect(await one("select watchcnt from users where id = 2")).toEqual({ watchcnt: w0 + 1 });
    expect((await post("startwatch", { qid }, me)).json).toMatchObject({ status: 409, errid: 147 });
    expect(await one("select watchcnt from users where id = 2")).toEqual({ watchcnt: w0 + 1 });

    expect((await post("stopnotify", { id: qid, type: "Q" }, me)).json).toEqual({ status: 200, type: "Q" });
    expect(await one("select answers, comments, mail from watches where qid = ? and user_id = 2", qid)).toEqual({ answers: 0, comments: 1, mail: 0 });
    expect((await post("stopnotify", { id: qid, type: "C" }, me)).json.status).toBe(200);
    expect(await one("select answers, comments, mail from watches where qid = ? and user_id = 2", qid)).toEqual({ answers: 0, comments: 0, mail: 0 });
    expect((await post("stopnotify", { id: qid, type: "X" }, me)).json).toMatchObject({ status: 400, errid: 150 });

    expect((await post("dropwatch", { qid }, me)).json).toEqual({ status: 200, watch: 0 });
    expect(await one("select count(*) n from watches where qid = ? and user_id = 2", qid)).toEqual({ n: 0 });
    expect(await one("select watchcnt from users where id = 2")).toEqual({ watchcnt: w0 });
    expect((await post("dropwatch", { qid }, me)).json).toMatchObject({ status: 409, errid: 148 });
    expect((await post("stopnotify", { id: qid, type: "Q" }, me)).json).toMatchObject({ status: 409, errid: 148 });
    expect(await one("select watchcnt from users where id = 2")).toEqual({ watchcnt: w0 });
  });

  it("fifty concurrent follows leave one row and one increment", async () => {
    const me = await signIn("guru@demo.local");
    const qid = String(SHOWCASE.votingQuestionId);
    await env.DB.prepare("delete from watches where qid = ? and user_id = 3").bind(qid).run();
    const w0 = (await one<{ watchcnt: number }>("select watchcnt from users where id = 3"))!.watchcnt;
    const results = await Promise.all(Array.from({ length: 50 }, () => post("startwatch", { qid }, me)));
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(await one("select count(*) n from watches where qid = ? and user_id = 3", qid)).toEqual({ n: 1 });
    expect(await one("select watchcnt from users where id = 3")).toEqual({ watchcnt: w0 + 1 });
  });

  it("a guest cannot follow and nobody follows a deleted question", async () => {
    const before = await countRows("watches");
    expect((await post("startwatch", { qid: String(SHOWCASE.openQuestionId) }, null)).json).toMatchObject({ status: 401, errid: 101 });
    expect((await post("stopnotify", { id: String(SHOWCASE.openQuestionId), type: "Q" }, null)).json).toMatchObject({ status: 401, errid: 101 });
    const me = await signIn("vip@demo.local");
    expect((await post("startwatch", { qid: String(SHOWCASE.deletedQuestionId) }, me)).json).toMatchObject({ status: 404, errid: 181 });
    expect((await post("startwatch", { qid: "abc" }, me)).json).toMatchObject({ status: 404, errid: 181 });
    expect(await countRows("watches")).toBe(before);
  });
});
