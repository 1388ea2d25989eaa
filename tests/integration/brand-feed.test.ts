/**
 * The brand page's feed and followers tabs (`feed` with cid, `brand_who_follow`), deciding on a
 * brand's recommendations (kqapprove, kqdecline), the brand's premoderation pages for anyone but
 * its administrators, and the dossier's read of the moderation log.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dossierLogQuery } from "../../app/models/moderation/dossier.server";
import { get, page, post, postForm } from "./helpers/api";
import { all, exec, one, value } from "./helpers/db";
import { as, newUser } from "./helpers/users";

const BRAND = 1;
const URLNAME = "tehnomir";

type Json = Record<string, any>;
const rowsRead = (res: Response) => Number(res.headers.get("x-d1-rows-read"));

/** Inserts `n` public open questions tagged for the brand by user 2, one a minute, the newest `ago` ms before now; returns their ids, newest first. */
async function taggedQuestions(n: number, word: string, ago: number): Promise<number[]> {
  const end = Date.now() - ago;
  const rows = await env.DB.prepare(
    `insert into questions (user_id, category_id, top_category_id, qtext, state, added, state_changed_at, updated_at, brand_id)
     select 2, 100, 1, ?1 || ' ' || value, 'A', ?2 - value * 60000, ?2, ?2 - value * 60000, ?3 from json_each(?4) order by value returning id`,
  )
    .bind(word, end, BRAND, JSON.stringify(Array.from({ length: n }, (_, i) => i + 1)))
    .all<{ id: number }>();
  return rows.results.map((r) => r.id).sort((a, b) => b - a);
}

const feed = (params: Record<string, string | number>, who?: Parameters<typeof get>[2]) => get("feed", { cid: URLNAME, ...params }, who, "notify");

describe("the brand's feed", () => {
  it("a follower of the brand sees a new question to the brand in the brand's feed, on the page and from the feed call", async () => {
    const follower = await newUser("Подписчик бренда");
    const asker = await newUser("Спрашивающий");
    expect((await post("brand_follow", { cid: URLNAME }, follower)).json.status).toBe(200);
    const asked = await post("addqst", { qtext: "Когда ТехноМир выпустит новый роутер?", cid: "1", subcid: "100", brand_tags: String(BRAND) }, asker);
    expect(asked.json.status).toBe(200);
    const qid = asked.json.qid as number;

    // the default sub: updates — the question was asked
    const updates = await page(`/${URLNAME}/feed/updates`, follower);
    expect(updates.status).toBe(200);
    expect(updates.html).toContain('data-testid="brand-feed-updates"');
    expect(updates.html).toContain(`href="/question/${qid}"`);
    expect(updates.html).toContain("Когда ТехноМир выпустит новый роутер?");
    expect((await page(`/${URLNAME}/feed`, follower)).html).toContain(`href="/question/${qid}"`);
    const call = (await feed({}, follower)).json;
    expect(call.status).toBe(200);
    expect(call.sub).toBe("updates");
    expect(call.feed[0]).toMatchObject({ kind: "Q", qid, uid: asker.id });
    expect(typeof call.feed[0].timecell).toBe("string");

    // an answer moves it to the top of the questions sub and appears in updates
    const other = await taggedQuestions(1, "Старый вопрос бренду", 3_600_000);
    const answerer = await newUser("Отвечающий");
    const answered = await post("addans", { qid: other[0], Body: "Отвечаю на старый вопрос бренду", source: "" }, answerer);
    expect(answered.json.status).toBe(200);
    const questions = (await feed({ sub: "questions" }, follower)).json;
    expect(questions.feed[0]).toMatchObject({ id: other[0] });
    expect(questions.feed.map((i: Json) => i.id)).toContain(qid);
    const after = (await feed({ sub: "updates" })).json;
    expect(after.feed[0]).toMatchObject({ kind: "A", qid: other[0], uid: answerer.id });
    expect((await page(`/${URLNAME}/feed/questions`)).html).toContain('data-testid="brand-feed-questions"');
  });

  it("the users sub lists what the brand's experts and administrators asked and answered; strangers' writes stay out", async () => {
    const expert = await as("expert@demo.local");
    const stranger = await newUser("Посторонний");
    const open = await value<number>("select id v from questions where state = 'A' and hidden = 0 and user_id <> ? order by id desc limit 1", expert.id);
    expect((await post("addans", { qid: open, Body: "Ответ эксперта ТехноМира в ленте", source: "" }, expert)).json.status).toBe(200);
    const asked = await post("addqst", { qtext: "Вопрос постороннего без метки бренда?", cid: "1", subcid: "100" }, stranger);
    expect(asked.json.status).toBe(200);
    const users = (await feed({ sub: "users" })).json;
    expect(users.feed[0]).toMatchObject({ kind: "A", qid: open, uid: expert.id });
    expect(users.feed.map((i: Json) => i.uid)).not.toContain(stranger.id);
    const html = (await page(`/${URLNAME}/feed/users`)).html;
    expect(html).toContain('data-testid="brand-feed-users"');
    expect(html).toContain("Ответ эксперта ТехноМира в ленте");
  });

  it("the feed pages by 20 with p and by time, refuses an unknown brand or sub, and is open to guests", async () => {
    const ids = await taggedQuestions(45, "Листаем ленту бренда", 7_200_000);
    const first = (await feed({ sub: "questions" })).json;
    expect(first.feed).toHaveLength(20);
    expect(first.more).toBe(1);
    const seen = new Set<number>(first.feed.map((i: Json) => i.id));
    const second = (await feed({ sub: "questions", p: 20 })).json;
    expect(second.feed).toHaveLength(20);
    for (const i of second.feed) expect(seen.has(i.id)).toBe(false);
    // a time cursor continues after the last item shown
    const byTime = (await feed({ sub: "questions", time: first.lasttime })).json;
    expect(byTime.feed.map((i: Json) => i.id)).toContain(second.feed[0].id);
    // the page's own paging
    const reader = await as("user@demo.local");
    const pageOne = await page(`/${URLNAME}/feed/questions`, reader);
    expect(pageOne.html).toContain(`href="/${URLNAME}/feed/questions?p=20"`);
    const deep = await page(`/${URLNAME}/feed/questions?p=20`, reader);
    expect(deep.html).toContain(`href="/question/${second.feed[0].id}"`);
    expect(ids.length).toBe(45);
    expect((await feed({ sub: "nothing" })).json.errid).toBe(366);
    expect((await get("feed", { cid: "no-such-brand" }, undefined, "notify")).json.errid).toBe(470);
    expect((await feed({ p: 1020 })).json.errid).toBe(312);
  });

  it("a feed page reads a bounded number of rows however many questions the brand has", async () => {
    const measure = async () => {
      const out: Record<string, number> = {};
      for (const sub of ["questions", "users", "updates"]) {
        // the fewer of two reads: the first may also read the category tree into the isolate's cache
        const reads: number[] = [];
        for (let i = 0; i < 2; i++) {
          const res = await feed({ sub });
          expect(res.json.status).toBe(200);
          reads.push(rowsRead(res.res));
        }
        out[sub] = Math.min(...reads);
      }
      return out;
    };
    // questions to the brand, each answered by the brand's expert, older and older
    const grow = async (ago: number) => {
      const ids = await taggedQuestions(1500, "Ещё один старый вопрос бренду", ago);
      await exec(
        `insert into answers (qid, user_id, text, added, hidden, best) select value, 6, 'Старый ответ эксперта', (select added from questions where id = value) + 1000, 0, 0 from json_each(?)`,
        JSON.stringify(ids),
      );
    };
    await grow(86_400_000 * 30);
    const before = await measure();
    await grow(86_400_000 * 300);
    const after = await measure();
    // 1,500 more questions and answers in the brand's history cost a page nothing more
    expect(after).toEqual(before);
    // and a page stays small: one index range for the questions, a page's depth per member for the people,
    // the newest questions and the answers of the most recently active ones for the updates
    expect(after.questions).toBeLessThan(100);
    expect(after.users).toBeLessThan(1000);
    expect(after.updates).toBeLessThan(3000);
  });
});

describe("the brand's followers (brand_who_follow and the followers tab)", () => {
  it("lists the brand's followers newest first, 20 a page with p, with a follow button for each but the viewer himself", async () => {
    const followers: number[] = [];
    for (let i = 0; i < 23; i++) {
      const u = await newUser(`Фанат бренда ${i}`);
      expect((await post("brand_follow", { cid: String(BRAND) }, u)).json.status).toBe(200);
      followers.push(u.id);
    }
    const total = await value("select followers v from brands where id = ?", BRAND);
    const first = (await get("brand_who_follow", { urlname: URLNAME })).json;
    expect(first.status).toBe(200);
    expect(first.followers).toHaveLength(20);
    expect(first.more).toBe(1);
    expect(first.total).toBe(total);
    expect(first.followers[0]).toEqual({
      id: followers[22],
      nick: expect.stringMatching(/^Фанат бренда 22 /),
      lvl: expect.any(Number),
      fr: false,
      brand: null,
      brand_cid: null,
    });
    const second = (await get("brand_who_follow", { cid: URLNAME, p: 20 })).json;
    expect(second.followers.slice(0, 3).map((f: Json) => f.id)).toEqual([followers[2], followers[1], followers[0]]);
    expect((await get("brand_who_follow", { urlname: URLNAME, n: 21 })).json.errid).toBe(301);
    expect((await get("brand_who_follow", {})).json.errid).toBe(492);
    expect((await get("brand_who_follow", { urlname: "no-such-brand" })).json.errid).toBe(470);

    // fr: the viewer follows that follower
    const viewer = await as("user@demo.local");
    expect((await post("follow", { uid: followers[21] }, viewer)).json.status).toBe(200);
    const seen = (await get("brand_who_follow", { urlname: URLNAME }, viewer)).json.followers;
    expect(seen.find((f: Json) => f.id === followers[21]).fr).toBe(true);

    // the tab: everyone sees it; each follower but the viewer has a follow button
    const guest = await page(`/${URLNAME}/followers/users`);
    expect(guest.status).toBe(200);
    expect(guest.html).toContain('data-testid="brand-follower-list"');
    expect(guest.html).toContain(`href="/${URLNAME}/followers/users?p=20"`);
    const list = guest.html.slice(guest.html.indexOf('data-testid="brand-follower-list"'));
    expect(list.slice(0, list.indexOf("</ul>")).match(/data-testid="follow"/g)?.length).toBe(20);
    const me = await as("brandadmin@demo.local");
    const fan = await newUser("Последний фанат");
    await post("brand_follow", { cid: URLNAME }, fan);
    const own = (await page(`/${URLNAME}/followers/users`, fan)).html;
    const mine = own.slice(own.indexOf(`data-user-id="${fan.id}"`), own.indexOf("</li>", own.indexOf(`data-user-id="${fan.id}"`)));
    expect(mine).not.toContain('data-testid="follow"');
    expect((await page(`/${URLNAME}/followers/users`, me)).html).toContain(`data-user-id="${fan.id}"`);
  });
});

describe("deciding on a brand's recommendation", () => {
  async function recommended(qtext: string) {
    const admin = await as("brandadmin@demo.local");
    const [qid] = await taggedQuestions(1, qtext, 1000);
    const sent = await post("kqrecommend", { cid: URLNAME, qid: String(qid) }, admin);
    expect(sent.json.status).toBe(200);
    return { qid, id: sent.json.id as number, admin };
  }

  it("the brand administrator approves one from the recommended tab with a plain form; the state shows and the moderation log has its row", async () => {
    const { qid, id, admin } = await recommended("Рекомендуем к одобрению");
    const before = (await page(`/${URLNAME}/kquserlist/recommended`, admin)).html;
    expect(before).toContain("Ждёт согласования");
    expect(before).toContain(`action="/do/kqapprove?return=${encodeURIComponent(`/${URLNAME}/kquserlist/recommended`)}"`);
    const form = await postForm("kqapprove", { id }, `/${URLNAME}/kquserlist/recommended`, admin);
    expect(form.res.status).toBe(302);
    expect(form.res.headers.get("location")).toBe(`/${URLNAME}/kquserlist/recommended`);
    expect(await value<string>("select status v from brand_recommendations where id = ?", id)).toBe("A");
    expect(
      await one("select moder_id, action, target_type, target_id, user_id, qid, note from mod_log where action = 'kqapprove' and target_id = ?", id),
    ).toEqual({
      moder_id: admin.id,
      action: "kqapprove",
      target_type: "R",
      target_id: id,
      user_id: admin.id,
      qid,
      note: URLNAME,
    });
    const html = (await page(`/${URLNAME}/kquserlist/recommended`, admin)).html;
    const item = html.slice(html.indexOf(`data-qid="${qid}"`));
    expect(item.slice(0, item.indexOf("</li>"))).toContain("Одобрена");
    expect((await get("kquserlist", { cid: URLNAME }, admin)).json.items.find((i: Json) => i.qid === qid)).toMatchObject({ id, status: "A" });
  });

  it("a moderator who may move questions declines one through the call and sees the tab; a second decision is 526", async () => {
    const { id } = await recommended("Рекомендация на отклонение");
    const moder = await as("moder@demo.local");
    expect((await page(`/${URLNAME}/kquserlist/recommended`, moder)).status).toBe(200);
    const declined = await post("kqdecline", { id }, moder);
    expect(declined.json).toMatchObject({ status: 200, id });
    expect(await value<string>("select status v from brand_recommendations where id = ?", id)).toBe("D");
    expect(await value("select count(*) v from mod_log where action = 'kqdecline' and target_id = ? and moder_id = ?", id, moder.id)).toBe(1);
    const logged = await value("select count(*) v from mod_log");
    expect((await post("kqapprove", { id }, moder)).json.errid).toBe(526);
    expect(await value<string>("select status v from brand_recommendations where id = ?", id)).toBe("D");
    expect(await value("select count(*) v from mod_log")).toBe(logged);
  });

  it("anyone else is refused with an errid and nothing is written", async () => {
    const { id } = await recommended("Рекомендация, которую не тронут");
    const expert = await as("expert@demo.local");
    const stranger = await newUser("Чужой");
    const weak = await newUser("Без переноса");
    await exec(`update users set type = 'volonter', permissions = '["qstdrop"]' where id = ?`, weak.id);
    const rows = await all("select * from brand_recommendations order by id");
    const logged = await value("select count(*) v from mod_log");
    for (const [call, body, who, errid] of [
      ["kqapprove", { id }, expert, 527],
      ["kqdecline", { id }, stranger, 527],
      ["kqapprove", { id }, weak, 527],
      ["kqapprove", { id }, undefined, 101],
      ["kqdecline", { id: 999999 }, stranger, 525],
      ["kqapprove", { id: "не число" }, stranger, 525],
    ] as const) {
      expect((await post(call, body, who)).json.errid, `${call} ${errid}`).toBe(errid);
    }
    expect(await all("select * from brand_recommendations order by id")).toEqual(rows);
    expect(await value("select count(*) v from mod_log")).toBe(logged);
    for (const who of [expert, stranger, weak]) expect((await page(`/${URLNAME}/kquserlist/recommended`, who)).status).toBe(404);
  });
});

describe("the brand's premoderation pages", () => {
  it("are 404 to anyone but the brand's administrators and the moderators, a guest too, before any redirect", async () => {
    const admin = await as("brandadmin@demo.local");
    const moder = await as("moder@demo.local");
    const user = await as("user@demo.local");
    for (const path of ["premoderation", "premoderation/questions", "premoderation/answers", "premoderation/comments"]) {
      for (const who of [undefined, user]) {
        const r = await page(`/${URLNAME}/${path}`, who);
        expect(r.status, `${path} ${who ? "user" : "guest"}`).toBe(404);
        expect(r.location).toBeNull();
      }
    }
    expect((await page(`/${URLNAME}/premoderation`, admin)).location).toBe(`/${URLNAME}/premoderation/questions`);
    for (const kind of ["questions", "answers", "comments"]) {
      expect((await page(`/${URLNAME}/premoderation/${kind}`, admin)).status).toBe(200);
      expect((await page(`/${URLNAME}/premoderation/${kind}`, moder)).status).toBe(200);
    }
  });
});

describe("the dossier's moderation history", () => {
  it("is read through mod_log_user_idx with no sort", async () => {
    const { sql, params } = dossierLogQuery(env, 2).toSQL();
    const details = (await all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, ...params)).map((p) => p.detail);
    expect(details[0]).toMatch(/^SEARCH \w+ USING INDEX mod_log_user_idx \(user_id=\?\)/);
    expect(details.join("\n")).not.toMatch(/TEMP B-TREE|^SCAN/m);
  });
});

describe("follow buttons in lists", () => {
  it("the brand's experts and the leaders carry a follow button in its state for the reader, none beside himself", async () => {
    const reader = await newUser("Читатель списков");
    const expertId = 6;
    const experts = (html: string) => {
      const from = html.slice(html.indexOf('data-testid="brand-experts"'));
      return from.slice(0, from.indexOf("</ul>"));
    };
    expect(experts((await page(`/${URLNAME}/`, reader)).html)).toContain('data-testid="follow"');
    expect((await post("follow", { uid: expertId }, reader)).json.status).toBe(200);
    expect(experts((await page(`/${URLNAME}/`, reader)).html)).toContain('data-testid="unfollow"');
    // the expert himself sees no button beside his own name
    const expert = await as("expert@demo.local");
    expect(experts((await page(`/${URLNAME}/`, expert)).html)).not.toContain('data-testid="follow"');
    // a guest gets the plain form that sends him to sign in
    expect(experts((await page(`/${URLNAME}/`)).html)).toContain(`action="/do/follow?return=${encodeURIComponent(`/${URLNAME}/`)}"`);

    const top = await page("/top/points/all/", reader);
    expect(top.status).toBe(200);
    expect(top.res.headers.get("cache-control")).toContain("private");
    const leaderIds = [...top.html.matchAll(/data-testid="leader"[\s\S]*?href="\/profile\/id(\d+)"/g)].map((m) => Number(m[1]));
    expect(leaderIds.length).toBeGreaterThan(3);
    const followed = leaderIds[0];
    await post("follow", { uid: followed }, reader);
    const after = (await page("/top/points/all/", reader)).html;
    const item = after.slice(after.indexOf(`href="/profile/id${followed}"`));
    expect(item.slice(0, item.indexOf("</li>"))).toContain('data-testid="unfollow"');
    const guest = (await page("/top/points/all/")).html;
    expect(guest.match(/data-testid="follow"/g)?.length).toBe(leaderIds.length);
  });
});
