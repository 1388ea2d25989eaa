import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { moscowWeek } from "../../app/lib/leaders";
import { advanceQuestions } from "../../app/models/questions/lifecycle.server";
import { leadersBlock } from "../../app/models/users/leaders.server";
import { mulberry32 } from "../../db/seed/seed";
import { type Fields, get, type Me, page, post } from "./helpers/api";
import { all, exec, one, value } from "./helpers/db";
import { signIn } from "./helpers/users";

const WEEK_SQL = (col: string) => `((${col} - 334800000) / 604800000)`;

/** A top-level category of the seed that users can ask in. */
const aCategory = () => value<string>("select urlname v from categories where parent_id is null and hidden = 0 and special is null order by id limit 1");

/** The leaders shown on a page, in order: their nicks (podium first, then the numbered list). */
const leadersOn = (html: string) => [...html.matchAll(/data-testid="leader"[\s\S]*?href="\/profile\/id(\d+)"/g)].map((m) => Number(m[1]));

describe("the leaders page's addresses", () => {
  it("every nomination and period has its page, titled by them; 'all' alone is points for all time", async () => {
    const cat = await aCategory();
    const pages: [string, string][] = [
      ["/top", "Лидеры по баллам за неделю"],
      ["/top/", "Лидеры по баллам за неделю"],
      ["/top/all", "Лидеры по баллам за всё время"],
      ["/top/all/", "Лидеры по баллам за всё время"],
      ["/top/points", "Лидеры по баллам за неделю"],
      ["/top/points/week/", "Лидеры по баллам за неделю"],
      ["/top/points/all/", "Лидеры по баллам за всё время"],
      ["/top/anscnt/week/", "Лидеры по ответам за неделю"],
      ["/top/anscnt/all/", "Лидеры по ответам за всё время"],
      ["/top/bestanscnt/week/", "Лидеры по лучшим ответам за неделю"],
      ["/top/bestanscnt/all", "Лидеры по лучшим ответам за всё время"],
      [`/top/points/week/${cat}/`, "Лидеры по баллам за неделю"],
    ];
    for (const [path, title] of pages) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain(`<h1 data-testid="leaders-title">${title}`);
      expect(html, path).toContain("Период");
      expect(html, path).toContain("Номинация");
    }
  });

  it("the category filter is offered only for the week's points", async () => {
    // the filters column, not the footer (whose link to the categories list is on every page)
    const filters = async (path: string) => /data-testid="leaders-filters"[\s\S]*?<\/aside>/.exec((await page(path)).html)?.[0] ?? "";
    expect(await filters("/top/points/week/")).toContain("Все категории");
    for (const path of ["/top/points/all/", "/top/anscnt/week/", "/top/bestanscnt/all/"]) expect(await filters(path), path).not.toContain("Все категории");
  });

  it("an unknown nomination, period or category, a category anywhere but the week's points, extra segments and an offset past the list are 404", async () => {
    const cat = await aCategory();
    for (const path of [
      "/top/foo",
      "/top/week",
      "/top/points/month/",
      "/top/all/week",
      "/top/POINTS/week/",
      `/top/anscnt/week/${cat}/`,
      `/top/bestanscnt/week/${cat}/`,
      `/top/points/all/${cat}/`,
      "/top/points/week/no-such-category/",
      `/top/points/week/${cat}/extra/`,
      "/top/points/week/?p=99",
      "/top/points/week/?p=5000",
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
    const bad = await page("/top/anscnt/all/?p=abc");
    expect(bad.status).toBe(302);
    expect(bad.location).toBe("/top/anscnt/all/");
  });
});

describe("usrrating", () => {
  it("refuses an unknown nomination, a category outside the week's points, an unknown category and bad paging, each with its errid and text", async () => {
    const cat = await aCategory();
    const cases: [Record<string, string | number>, number][] = [
      [{ type: "karma" }, 560],
      [{ type: "anscnt", cat }, 561],
      [{ type: "points", all: 1, cat }, 561],
      [{ cat: "no-such-category" }, 305],
      [{ n: 21 }, 301],
      [{ n: 0 }, 301],
      [{ p: -1 }, 300],
      [{ p: 5000 }, 312],
      [{ all: 2 }, 400],
    ];
    for (const [params, errid] of cases) {
      const { status, json } = await get("usrrating", params);
      expect(json.status, JSON.stringify(params)).toBe(status);
      if (errid === 400) {
        expect(status).toBe(400);
        continue;
      }
      expect(json.errid, JSON.stringify(params)).toBe(errid);
      expect(json.error).toMatch(/[а-яё]/i);
      expect(status).toBeLessThan(500);
    }
  });

  it("the leaders block's sample (points, p 0, n 8) gives the week's 8 best by points, as the ledger adds them up", async () => {
    const week = moscowWeek(Date.now());
    const expected = await all<{ user_id: number; s: number }>(
      `select l.user_id, sum(delta) s from points_ledger l join users u on u.id = l.user_id where u.ban_permanent = 0 and l.reason <> 'start' and ${WEEK_SQL("l.added")} = ? group by l.user_id having s > 0 order by s desc, l.user_id desc limit 8`,
      week,
    );
    expect(expected.length).toBeGreaterThan(0);
    const { json } = await get("usrrating", { type: "points", p: 0, n: 8 });
    expect(json.status).toBe(200);
    expect(json.rating.map((r: { id: number; difpoints: number; place: number }) => [r.id, r.difpoints, r.place])).toEqual(
      expected.map((e, i) => [e.user_id, e.s, i + 1]),
    );
    // each row carries the spec's fields of a rating entry
    for (const r of json.rating) {
      expect(r).toMatchObject({ usrid: r.id, nick: expect.any(String), lvl: expect.any(Number), points: expect.any(Number), difpoints: expect.any(Number) });
      expect(r).toHaveProperty("filin");
      expect(r).toHaveProperty("difanscnt");
      expect(r).toHaveProperty("difbestanscnt");
    }
  });

  it("the leaders block holds the same 8 as the call, linking to the full list; a category's block to the category's", async () => {
    const { json } = await get("usrrating", { type: "points", p: 0, n: 8 });
    const site = await leadersBlock(env, null, Date.now());
    expect(site.rows.map((r) => r.id)).toEqual(json.rating.map((r: { id: number }) => r.id));
    expect(site.more).toBe("/top/points/week/");
    const cat = await one<{ id: number; urlname: string }>(
      "select id, urlname from categories where parent_id is null and hidden = 0 and special is null order by id limit 1",
    );
    const inCat = await leadersBlock(env, cat!, Date.now());
    const byCall = await get("usrrating", { type: "points", n: 8, cat: cat!.urlname });
    expect(inCat.rows.map((r) => r.id)).toEqual(byCall.json.rating.map((r: { id: number }) => r.id));
    expect(inCat.more).toBe(`/top/points/week/${cat!.urlname}/`);
  });

  it("the home page's and a category's left column show the week's leaders block, linking to the full lists", async () => {
    const me = await signIn("vip@demo.local");
    const site = await leadersBlock(env, null, Date.now());
    expect(site.rows.length).toBeGreaterThan(0);
    const home = await page("/", me);
    const block = /data-testid="leaders-block"[\s\S]*?<\/section>/.exec(home.html)?.[0] ?? "";
    expect(block).toContain(site.rows[0].nick);
    const cat = await one<{ id: number; urlname: string }>(
      "select id, urlname from categories where parent_id is null and hidden = 0 and special is null order by id limit 1",
    );
    const inCat = await leadersBlock(env, cat!, Date.now());
    const list = await page(`/${cat!.urlname}/`, me);
    if (inCat.rows.length > 0) expect(list.html).toContain('data-testid="leaders-block"');
    else expect(list.html).toContain('href="/top/points/week/"');
  });

  it("all=1 ranks by the users' own counters: points, answers, best answers", async () => {
    for (const [type, col] of [
      ["points", "points"],
      ["anscnt", "answers_count"],
      ["bestanscnt", "best_count"],
    ]) {
      const expected = await all<{ id: number; v: number }>(
        `select id, ${col} v from users where ${col} > 0 and ban_permanent = 0 order by ${col} desc, id desc limit 20`,
      );
      const { json } = await get("usrrating", { type, all: 1 });
      expect(
        json.rating.map((r: { id: number; value: number }) => [r.id, r.value]),
        type,
      ).toEqual(expected.map((e) => [e.id, e.v]));
    }
  });
});

// before the weekly figures: taking the table away and back (a rename) must leave its triggers counting right
describe("a rating that cannot be read", () => {
  it("when the rating cannot be read, the page and the call say 'В данный момент рейтинг недоступен. Попробуйте зайти попозже.'", async () => {
    // a signed-in reader's page is never a cached copy
    const reader = await signIn("user@demo.local");
    await exec("alter table leaders_week rename to leaders_week_away");
    try {
      const p = await page("/top/points/week/", reader);
      expect(p.status).toBe(503);
      expect(p.html).toContain("В данный момент рейтинг недоступен. Попробуйте зайти попозже.");
      expect(p.res.headers.get("cache-control")).toContain("no-store");
      const { status, json } = await get("usrrating", { type: "points" });
      expect(status).toBe(503);
      expect(json).toMatchObject({ status: 503, errid: 562, error: "В данный момент рейтинг недоступен. Попробуйте зайти попозже." });
    } finally {
      await exec("alter table leaders_week_away rename to leaders_week");
    }
    expect((await page("/top/points/week/", reader)).status).toBe(200);
  });
});

describe("the weekly figures", () => {
  it("after 600 random writes (answers, questions, likes, votes, best answers, moderators' drops and restores, the lifecycle cron) the rolled-up table equals the ledger and the answer tables", async () => {
    const emails = ["user@demo.local", "znatok@demo.local", "guru@demo.local", "vip@demo.local", "expert@demo.local", "brandadmin@demo.local"];
    const users = await Promise.all(emails.map((email) => signIn(email)));
    const moder = await signIn("moder@demo.local");
    const rnd = mulberry32(13);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
    const ids = async (q: string) => (await all<{ id: number }>(q)).map((r) => r.id);
    const call = async (me: Me, name: string, fields: Fields) => (await post(name, fields, me)).json as { status: number };
    const open = await ids("select id from questions where state = 'A' and poll_type is null and hidden = 0");
    const voting = await ids("select id from questions where state = 'V'");
    const polls = await ids("select id from questions where state = 'A' and poll_type is not null");
    const options = await all<{ id: number; qid: number }>("select id, qid from poll_options");
    const recentAnswers = () => ids("select id from answers order by id desc limit 150");
    let answers = await recentAnswers();
    const statuses = new Map<number, number>();

    const actions: ((me: Me) => Promise<unknown>)[] = [
      (me) => call(me, "addans", { qid: String(pick(open)), Body: "Случайный ответ для проверки лидеров." }),
      (me) => call(me, "addans", { qid: String(pick(open)), Body: "Ещё один случайный ответ для проверки лидеров." }),
      (me) => call(me, "addqst", { qtext: "Проверка лидеров: случайный вопрос?", subcid: "100" }),
      (me) => call(me, pick(["thanks", "unthanks"]), { aid: String(pick(answers)) }),
      (me) => call(me, "selectbest", { aid: String(pick(answers)) }),
      async (me) => {
        const qid = pick(voting);
        const aid = await value<number>("select id v from answers where qid = ? and hidden = 0 limit 1", qid).catch(() => 0);
        return call(me, pick(["votefor", "voteagainst"]), { qid: String(qid), aid: String(aid) });
      },
      (me) => {
        const qid = pick(polls);
        return call(me, "votepoll", {
          qid: String(qid),
          vote: options
            .filter((o) => o.qid === qid)
            .map((o) => String(o.id))
            .slice(0, 1),
        });
      },
      () => call(moder, pick(["a_ansdrop", "a_ansrestore"]), { id: String(pick(answers)) }),
      async () => call(moder, pick(["a_qstdrop", "a_qstrestore"]), { id: String(pick(open)) }),
    ];
    for (let i = 0; i < 600; i += 6) {
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          const r = (await pick(actions)(pick(users))) as { status: number } | null;
          if (r) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        }),
      );
      if (i % 120 === 0) answers = await recentAnswers();
    }
    // the cron moves questions on (choosing best answers) as it would days later
    await advanceQuestions(env, Date.now() + 8 * 86_400_000);
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect(statuses.get(500)).toBeUndefined();
    expect(await value("select count(*) v from answers where best_at is not null")).toBeGreaterThan(0);

    // what the ledger and the answer tables say, week by week, with the rolled-up rows beside it
    const truth = `
      select week, cat, user_id, sum(points) points, sum(anscnt) anscnt, sum(bestanscnt) bestanscnt from (
        select ${WEEK_SQL("l.added")} week, 0 cat, l.user_id, l.delta points, 0 anscnt, 0 bestanscnt from points_ledger l where l.reason <> 'start'
        union all
        select ${WEEK_SQL("l.added")}, c.cat, l.user_id, l.delta, 0, 0 from points_ledger l
          join (select id qid, category_id cat from questions union select id, top_category_id from questions) c
            on c.qid = case l.ref_type when 'Q' then l.ref_id when 'A' then (select qid from answers where id = l.ref_id) end
          where l.reason <> 'start' and l.ref_type in ('Q', 'A')
        union all
        select ${WEEK_SQL("added")}, 0, user_id, 0, 1, 0 from answers where hidden = 0
        union all
        select ${WEEK_SQL("best_at")}, 0, user_id, 0, 0, 1 from answers where hidden = 0 and best = 1 and best_at is not null
      ) group by week, cat, user_id`;
    const diff = await all(
      `select t.*, r.points r_points, r.anscnt r_anscnt, r.bestanscnt r_best from (${truth}) t
         left join leaders_week r on r.week = t.week and r.cat = t.cat and r.user_id = t.user_id
       where coalesce(r.points, 0) <> t.points or coalesce(r.anscnt, 0) <> t.anscnt or coalesce(r.bestanscnt, 0) <> t.bestanscnt
       union all
       select r.week, r.cat, r.user_id, 0, 0, 0, r.points, r.anscnt, r.bestanscnt from leaders_week r
       where (r.points <> 0 or r.anscnt <> 0 or r.bestanscnt <> 0)
         and not exists (select 1 from (${truth}) t where t.week = r.week and t.cat = r.cat and t.user_id = r.user_id)`,
    );
    expect(diff).toEqual([]);
    expect(await value("select count(*) v from leaders_week where week = ? and bestanscnt > 0", moscowWeek(Date.now()))).toBeGreaterThan(0);
  }, 900_000);
});

describe("paging", () => {
  it("the first page shows 19 places (3 on the podium), then 20 a page; 'Показать ещё' is gone once 80 are shown", async () => {
    // 130 leaders of this week, each with his own figure, so that the order is known
    const now = Date.now();
    const first = (await value<number>("select max(id) v from users")) + 1;
    const stmts = [];
    for (let i = 0; i < 130; i++) {
      const id = first + i;
      stmts.push(
        env.DB.prepare("insert into users (id, nick, email, password_hash, points, created_at) values (?, ?, ?, 'x', ?, ?)").bind(
          id,
          `Лидер ${i}`,
          `leader${i}@test.local`,
          200_000 + i,
          now,
        ),
        env.DB.prepare("insert into points_ledger (user_id, delta, reason, added) values (?, ?, 'moder', ?)").bind(id, 200_000 + i, now),
      );
    }
    await env.DB.batch(stmts);
    // the expected places: the 130 above every seeded user, the highest first
    const expected = Array.from({ length: 99 }, (_, i) => first + 129 - i);

    // a signed-in reader's pages are never cached copies
    const reader = await signIn("user@demo.local");
    const p0 = await page("/top/points/week/", reader);
    expect((p0.html.match(/class="podium-place/g) ?? []).length).toBe(3);
    expect(leadersOn(p0.html)).toEqual(expected.slice(0, 19));
    expect(p0.html).toContain('<ol class="leaders-list" start="4"');
    expect(p0.html).toContain('href="/top/points/week/?p=19"');
    expect(p0.html).toContain("Показать ещё");

    const pages: [number, number | null][] = [
      [19, 39],
      [39, 59],
      [59, 79],
      [79, null],
    ];
    for (const [p, next] of pages) {
      const { status, html } = await page(`/top/points/week/?p=${p}`, reader);
      expect(status).toBe(200);
      expect(html).not.toContain("podium-place");
      expect(leadersOn(html), `p=${p}`).toEqual(expected.slice(p, p + 20));
      expect(html).toContain(`start="${p + 1}"`);
      if (next === null) {
        expect(html, `p=${p}`).not.toContain("Показать ещё");
      } else {
        expect(html, `p=${p}`).toContain(`href="/top/points/week/?p=${next}"`);
      }
    }

    // the call pages the same way and stops at the 99th place
    const { json } = await get("usrrating", { type: "points", p: 19, n: 20 });
    expect(json.rating.map((r: { id: number }) => r.id)).toEqual(expected.slice(19, 39));
    expect(json.rating[0].place).toBe(20);
    const end = await get("usrrating", { type: "points", p: 90, n: 20 });
    expect(end.json.rating.map((r: { id: number }) => r.id)).toEqual(expected.slice(90, 99));
    expect((await get("usrrating", { type: "points", p: 99 })).json.rating).toEqual([]);

    // all time: the same 130 by their points
    const allTime = await get("usrrating", { type: "points", all: 1, n: 5 });
    expect(allTime.json.rating.map((r: { id: number }) => r.id)).toEqual(expected.slice(0, 5));
    // a permanently banned user leaves both ratings
    await exec("update users set ban_permanent = 1 where id = ?", first + 129);
    expect((await get("usrrating", { type: "points", n: 1 })).json.rating[0].id).toBe(first + 128);
    expect((await get("usrrating", { type: "points", all: 1, n: 1 })).json.rating[0].id).toBe(first + 128);
  });
});
