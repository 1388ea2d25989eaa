import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { levelForPoints } from "../../app/lib/levels";
import { moscowDay } from "../../app/models/users/bonuses.server";
import { mulberry32 } from "../../db/seed/seed";
import { BASE, type Fields, type Me, post, workerFetch } from "./helpers/api";
import { all } from "./helpers/db";
import { newUser, signIn } from "./helpers/users";

const ACTIONS = 1000;

/** A named call by `me`; its reply. */
const call = async (me: Me, name: string, fields: Fields) =>
  (await post(name, fields, me)).json as { status: number; errid?: number; id?: number; qid?: number };

const ids = async (sql: string) => (await all<{ id: number }>(sql)).map((r) => r.id);

describe("points", () => {
  it("after 1,000 random actions every user's points equal his ledger and his level follows his points", async () => {
    const emails = [
      "user@demo.local",
      "znatok@demo.local",
      "guru@demo.local",
      "vip@demo.local",
      "moder@demo.local",
      "expert@demo.local",
      "brandadmin@demo.local",
      "banned@demo.local",
    ];
    const users = await Promise.all(emails.map((email) => signIn(email)));
    const rnd = mulberry32(42);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
    const open = await ids("select id from questions where state = 'A' and poll_type is null and hidden = 0");
    const polls = await ids("select id from questions where state = 'A' and poll_type is not null");
    const voting = await ids("select id from questions where state = 'V'");
    const answers = await ids("select id from answers order by id desc limit 200");
    const options = await env.DB.prepare("select id, qid from poll_options").all<{ id: number; qid: number }>();
    const statuses = new Map<number, number>();

    const actions: ((me: Me) => Promise<unknown>)[] = [
      (me) => call(me, "addans", { qid: String(pick(open)), Body: "Случайный ответ для проверки баллов." }),
      (me) => call(me, "addqst", { qtext: "Проверка баллов: случайный вопрос?", subcid: "100" }),
      (me) => {
        const qid = pick(polls);
        return call(me, "votepoll", {
          qid: String(qid),
          vote: options.results
            .filter((o) => o.qid === qid)
            .slice(0, 1)
            .map((o) => String(o.id)),
        });
      },
      (me) => call(me, pick(["mark", "unmark"]), { aid: String(pick(answers)) }),
      (me) => call(me, pick(["thanks", "unthanks", "notimportant", "unnotimportant"]), { aid: String(pick(answers)) }),
      async (me) => {
        const qid = pick(voting);
        const aid = await env.DB.prepare("select id from answers where qid = ? limit 1").bind(qid).first<number>("id");
        return call(me, pick(["votefor", "voteagainst"]), { qid: String(qid), aid: String(aid) });
      },
      (me) => call(me, "addcmt", { type: "A", refid: String(pick(answers)), Body: "Случайный комментарий." }),
      async (me) => {
        const mine = await env.DB.prepare("select id from questions where user_id = ? and state = 'A' order by id desc limit 1")
          .bind(me.id)
          .first<number>("id");
        return mine ? call(me, "delqst", { qid: String(mine) }) : null;
      },
      (me) => call(me, "selectbest", { aid: String(pick(answers)) }),
    ];

    const started = Date.now();
    for (let i = 0; i < ACTIONS; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const r = (await pick(actions)(pick(users))) as { status: number } | null;
          if (r) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        }),
      );
    }
    console.log(`${ACTIONS} actions in ${Date.now() - started} ms`, Object.fromEntries(statuses));
    // both successes and refusals happened, and nothing broke
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(statuses.get(500)).toBeUndefined();

    const mismatched = await env.DB.prepare(
      "select u.id, u.points, (select coalesce(sum(delta), 0) from points_ledger l where l.user_id = u.id) as ledger from users u where u.points != (select coalesce(sum(delta), 0) from points_ledger l where l.user_id = u.id)",
    ).all();
    expect(mismatched.results).toEqual([]);
    const rows = await env.DB.prepare("select points, lvl from users").all<{ points: number; lvl: number }>();
    for (const r of rows.results) expect(r.lvl).toBe(levelForPoints(r.points).id);
  }, 900_000);

  it("the first signed-in page view of a Moscow day earns one point, once", async () => {
    const me = await signIn("guru@demo.local");
    await env.DB.prepare("update users set last_visit_day = ? where id = ?")
      .bind(moscowDay(Date.now()) - 1, me.id)
      .run();
    const before = await env.DB.prepare("select points from users where id = ?").bind(me.id).first<number>("points");
    await Promise.all(Array.from({ length: 5 }, () => workerFetch(`${BASE}/categories/`, { headers: { cookie: me.cookie } }).then((r) => r.text())));
    expect(await env.DB.prepare("select points from users where id = ?").bind(me.id).first<number>("points")).toBe(before! + 1);
    expect(await env.DB.prepare("select count(*) n from points_ledger where user_id = ? and reason = 'visit'").bind(me.id).first("n")).toBe(1);
  });

  it("a newcomer who asks, answers, comments and votes within a week gets the welcome bonus of 25 once", async () => {
    const me = await newUser("Приветственный");
    const open = await ids("select id from questions where state = 'A' and poll_type is null and hidden = 0 limit 1");
    const poll = await env.DB.prepare("select q.id qid, o.id oid from questions q join poll_options o on o.qid = q.id where q.state = 'A' limit 1").first<{
      qid: number;
      oid: number;
    }>();
    expect((await call(me, "addqst", { qtext: "Мой первый вопрос?", subcid: "100" })).status).toBe(200);
    const answered = await call(me, "addans", { qid: String(open[0]), Body: "Мой первый ответ." });
    expect(answered.status).toBe(200);
    expect((await call(me, "addcmt", { type: "A", refid: String(answered.id), Body: "И комментарий." })).status).toBe(200);
    const bonusBefore = await env.DB.prepare("select count(*) n from points_ledger where user_id = ? and reason = 'welcome'").bind(me.id).first("n");
    expect(bonusBefore).toBe(0);
    expect((await call(me, "votepoll", { qid: String(poll!.qid), vote: String(poll!.oid) })).status).toBe(200);
    expect(await env.DB.prepare("select count(*) n from points_ledger where user_id = ? and reason = 'welcome'").bind(me.id).first("n")).toBe(1);
    // 100 start − 5 ask + 2 answer + 1 poll vote + 25 bonus
    expect(await env.DB.prepare("select points from users where id = ?").bind(me.id).first("points")).toBe(123);
  });
});
