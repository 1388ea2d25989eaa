/**
 * The daily quotas in the user's UserHub, and the live doors (/ws, /ws/question/{qid}) over real
 * WebSockets in workerd.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { quotaLimit } from "../../app/lib/quotas";
import { userHub } from "../../app/models/core/hub.server";
import { BASE, type Me, post } from "./helpers/api";
import { openSocket } from "./helpers/sockets";
import { openQuestions, value } from "./helpers/db";
import { as } from "./helpers/users";

/** n open questions that `me` neither owns nor has answered, made for this test. */
const openQuestionsFor = (me: Me, n: number) =>
  openQuestions(
    me.id,
    Array.from({ length: n }, (_, i) => `Вопрос для проверки лимитов № ${i + 1}`),
  );

describe("daily quotas in the UserHub", () => {
  it("200 concurrent addans at an AAQ limit of L: exactly L accepted, the rest refused with 429, L rows, counter L", async () => {
    const me = await as("level4@demo.local"); // Профи: no captcha, AAQ limit 150
    const user = await env.DB.prepare("select lvl, vip from users where id = ?").bind(me.id).first<{ lvl: number; vip: number }>();
    const L = quotaLimit("AAQ", user!.lvl, user!.vip === 1);
    expect(L).toBeLessThan(200);
    const qids = await openQuestionsFor(me, 200);
    const before = await value("select count(*) v from answers where user_id = ?", me.id);

    const replies = await Promise.all(qids.map((qid) => post("addans", { qid, Body: `Ответ на вопрос ${qid}` }, me)));
    const ok = replies.filter((r) => r.json.status === 200);
    const refused = replies.filter((r) => r.json.status !== 200);
    expect(ok.length).toBe(L);
    expect(refused.length).toBe(200 - L);
    for (const r of refused) {
      expect(r.res.status).toBe(429);
      expect(r.json).toMatchObject({ status: 429, errid: 351, error: "Сегодня вы больше не можете отвечать на вопросы" });
    }
    expect((await value("select count(*) v from answers where user_id = ?", me.id)) - before).toBe(L);
    expect((await userHub(env, me.id).usage(Date.now(), { AAQ: L })).AAQ).toEqual({ used: L, limit: L });
    const limits = (await SELF.fetch(`${BASE}/api/v2/showlimits`, { headers: { cookie: me.cookie } }).then((r) => r.json())) as any;
    expect(limits.limits.AAQ).toEqual({ limit: L, used: L, left: 0 });
  });

  it("the Moscow day turns at 21:00 UTC: at 20:59:59.999 and at 21:00:00.000 the quota resets exactly once", async () => {
    const hub = userHub(env, 999_001);
    const before = Date.UTC(2026, 10, 22, 20, 59, 59, 999);
    const after = Date.UTC(2026, 10, 22, 21, 0, 0, 0);
    expect((await hub.take("ASK", 2, before - 3_600_000)).ok).toBe(true);
    expect((await hub.take("ASK", 2, before)).ok).toBe(true);
    expect((await hub.take("ASK", 2, before)).ok).toBe(false);
    const fresh = await hub.take("ASK", 2, after);
    expect(fresh).toMatchObject({ ok: true, used: 1 });
    expect((await hub.take("ASK", 2, after + 1)).ok).toBe(true);
    expect((await hub.take("ASK", 2, after + 2)).ok).toBe(false);
    // and 24 hours later once more, not before
    expect((await hub.take("ASK", 2, after + 86_400_000 - 1)).ok).toBe(false);
    expect((await hub.take("ASK", 2, after + 86_400_000)).ok).toBe(true);
  });

  it("a D1 write that fails after the slot was taken gives the slot back", async () => {
    const me = await as("level5@demo.local");
    const [qid] = await openQuestionsFor(me, 1);
    const hub = userHub(env, me.id);
    const used = (await hub.usage(Date.now(), { AAQ: 0 })).AAQ.used;
    await env.DB.prepare("create trigger fail_answer before insert on answers begin select raise(abort, 'disk full'); end").run();
    try {
      const r = await post("addans", { qid, Body: "Этот ответ не запишется" }, me);
      expect(r.res.status).toBe(500);
      expect(r.json.errid).toBe(999);
    } finally {
      await env.DB.prepare("drop trigger fail_answer").run();
    }
    expect((await hub.usage(Date.now(), { AAQ: 0 })).AAQ.used).toBe(used);
    expect(await value("select count(*) v from answers where qid = ?", qid)).toBe(0);
    // a refusal by the rules gives it back too: the owner may not answer his own question
    const own = await value("select id v from questions where user_id = ? and state = 'A' limit 1", me.id).catch(() => null);
    if (own) {
      expect((await post("addans", { qid: own, Body: "Сам себе" }, me)).json.status).not.toBe(200);
      expect((await hub.usage(Date.now(), { AAQ: 0 })).AAQ.used).toBe(used);
    }
    expect((await post("addans", { qid, Body: "А этот запишется" }, me)).json.status).toBe(200);
    expect((await hub.usage(Date.now(), { AAQ: 0 })).AAQ.used).toBe(used + 1);
  });

  it("ASK spent: canask says 0, addqst is refused with 141 and 429, nothing is written, the ask page says so", async () => {
    const me = await as("user@demo.local");
    const user = await env.DB.prepare("select lvl, vip from users where id = ?").bind(me.id).first<{ lvl: number; vip: number }>();
    const limit = quotaLimit("ASK", user!.lvl, user!.vip === 1);
    const hub = userHub(env, me.id);
    while ((await hub.take("ASK", limit, Date.now())).ok);
    const canask = (await SELF.fetch(`${BASE}/api/v2/canask`, { headers: { cookie: me.cookie } }).then((r) => r.json())) as any;
    expect(canask).toMatchObject({ status: 200, canask: 0, limits: { ASK: { limit, used: limit, left: 0 } } });

    const questions = await value("select count(*) v from questions");
    const points = await value("select points v from users where id = ?", me.id);
    const cat = await value(
      "select id v from categories where parent_id is null and readonly = 0 and id not in (601, 2024) and id not in (select parent_id from categories where parent_id is not null) limit 1",
    );
    const r = await post("addqst", { qtext: "Можно ли задать ещё один вопрос сегодня?", cid: cat }, me);
    expect(r.res.status).toBe(429);
    expect(r.json).toMatchObject({ status: 429, errid: 141, error: "Сегодня вы больше не можете задавать вопросы" });
    expect(await value("select count(*) v from questions")).toBe(questions);
    expect(await value("select points v from users where id = ?", me.id)).toBe(points);

    const page = await SELF.fetch(`${BASE}/ask`, { headers: { cookie: me.cookie } });
    expect(await page.text()).toContain("Сегодня вы больше не можете задавать вопросы");
  });
});

describe("live doors over WebSockets", () => {
  it("a cross-origin, origin-less or unauthenticated upgrade of /ws is refused", async () => {
    const me = await as("znatok@demo.local");
    expect((await openSocket("/ws", { me, origin: "http://evil.example" })).res.status).toBe(403);
    expect((await openSocket("/ws", { me, origin: null })).res.status).toBe(403);
    expect((await openSocket("/ws")).res.status).toBe(401);
    expect((await openSocket("/ws/question/1", { origin: "http://evil.example" })).res.status).toBe(403);
    expect((await openSocket("/ws/question/999999999")).res.status).toBe(404);
    expect((await SELF.fetch(`${BASE}/ws`, { headers: { origin: BASE, cookie: me.cookie } })).status).toBe(426);
  });

  it("/ws says hello with the unread counter and pushes a notification, also after the object hibernated", { timeout: 40_000 }, async () => {
    const me = await as("guru@demo.local");
    const hub = userHub(env, me.id);
    const unread = await hub.unread();
    const s = await openSocket("/ws", { me });
    expect(s.res.status).toBe(101);
    expect(await s.next()).toEqual({ type: "hello", unread });

    await hub.notified({ nid: 1, a: "answer" });
    expect(await s.next()).toEqual({ type: "notify", unread: unread + 1, item: { nid: 1, a: "answer" } });

    // idle for a while, the object hibernates: workerd evicts it from memory (a new instance answers
    // afterwards, with a new random id) while the socket stays open
    const first = await hub.incarnation();
    await new Promise((r) => setTimeout(r, 15_000));
    const woken = userHub(env, me.id);
    expect(await woken.incarnation()).not.toBe(first);
    await woken.notified({ nid: 2, a: "comment" });
    expect(await s.next()).toEqual({ type: "notify", unread: unread + 2, item: { nid: 2, a: "comment" } });
    s.ws!.close();
  });

  it("everyone reading a question receives a new answer and a comment as they happen", async () => {
    const answerer = await as("level6@demo.local");
    const [qid] = await openQuestionsFor(answerer, 1);
    const readers = await Promise.all([openSocket(`/ws/question/${qid}`), openSocket(`/ws/question/${qid}`, { me: await as("znatok@demo.local") })]);
    for (const r of readers) expect(r.res.status).toBe(101);

    const a = await post("addans", { qid, Body: "Живой ответ" }, answerer);
    expect(a.json.status).toBe(200);
    for (const r of readers) expect(await r.next()).toMatchObject({ type: "answer", qid, aid: a.json.id });

    const c = await post("addcmt", { type: "A", refid: a.json.id, Body: "Живой комментарий" }, answerer);
    expect(c.json.status).toBe(200);
    for (const r of readers) expect(await r.next()).toMatchObject({ type: "comment", qid, cmid: c.json.id, reftype: "A", refid: a.json.id });
    for (const r of readers) r.ws!.close();
  });

  it("poll readers receive the new counts of a vote", async () => {
    const poll = await value("select id v from questions where poll_type = 'S' and state = 'A' order by id limit 1");
    const voterId = await value(
      "select id v from users where email like 'level%@demo.local' and id not in (select user_id from poll_votes where qid = ?) and id <> (select user_id from questions where id = ?) order by id limit 1",
      poll,
      poll,
    );
    const email = (await env.DB.prepare("select email from users where id = ?").bind(voterId).first<{ email: string }>())!.email;
    const option = await value("select id v from poll_options where qid = ? order by position limit 1", poll);
    const votes = await value("select votes v from poll_options where id = ?", option);
    const reader = await openSocket(`/ws/question/${poll}`);
    expect((await post("votepoll", { qid: poll, vote: option }, await as(email))).json.status).toBe(200);
    const m = await reader.next();
    expect(m).toMatchObject({ type: "poll", qid: poll });
    expect(m.options.find((o: { optid: number }) => o.optid === option).votes).toBe(votes + 1);
    reader.ws!.close();
  });
});
