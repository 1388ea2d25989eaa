import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SHOWCASE } from "../../db/seed/seed";
import { emailGroup } from "../../app/lib/experiments";
import { BASE, get, post, workerFetch } from "./helpers/api";
import { countRows } from "./helpers/db";
import { as, newUser } from "./helpers/users";

type Json = Record<string, any>;

const similar = (keyword: string, extra: Record<string, string | number> = {}) => get("search", { keyword, ...extra }, undefined, "search");
const search = (params: Record<string, string | number>) => get("search", params, undefined, "search");

const flagsOf = async (uid: number) => JSON.parse((await env.DB.prepare("select welcome_flags f from users where id = ?").bind(uid).first<string>("f"))!);

/** Inserts a visible open question straight into D1 (the FTS triggers index it). */
async function insertQuestion(qtext: string, opts: { categoryId?: number; state?: string; added?: number; userId?: number } = {}) {
  const cat = opts.categoryId ?? (await env.DB.prepare("select category_id from questions where id = 3").first<number>("category_id"))!;
  const top = (await env.DB.prepare("select coalesce(parent_id, id) t from categories where id = ?").bind(cat).first<number>("t"))!;
  const added = opts.added ?? Date.now();
  const r = await env.DB.prepare(
    `insert into questions (user_id, category_id, top_category_id, qtext, state, added, state_changed_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(opts.userId ?? 2, cat, top, qtext, opts.state ?? "A", added, added, added)
    .first<number>("id");
  return r!;
}

describe("the category tree and the brands of each category", () => {
  it("getCategories gives every category, nested under its parent, with its flags", async () => {
    const { res, json } = await get("getCategories");
    expect(res.status).toBe(200);
    expect(json.status).toBe(200);
    const flat = (xs: Json[]): Json[] => xs.flatMap((c) => [c, ...flat(c.categories)]);
    const all = flat(json.categories);
    expect(all).toHaveLength(await countRows("categories"));
    expect(json.categories.every((c: Json) => c.parent === 0)).toBe(true);
    const withKids = json.categories.find((c: Json) => c.categories.length > 0);
    expect(withKids.categories.every((k: Json) => k.parent === withKids.id && k.categories.length === 0)).toBe(true);
    expect(Object.keys(all[0]).sort()).toEqual(
      ["id", "name", "urlname", "parent", "readonly", "hidden", "adult", "special", "nodropdown", "qcount", "isFavorite", "categories"].sort(),
    );
    const golden = all.find((c) => c.urlname === "golden");
    expect(golden).toMatchObject({ id: 22, name: "Золотой фонд", special: "golden", parent: 0 });
    const ro = await env.DB.prepare("select id from categories where readonly = 1 limit 1").first<number>("id");
    if (ro) expect(all.find((c) => c.id === ro)?.readonly).toBe(1);
    for (const id of [601, 2024]) {
      const c = all.find((x) => x.id === id);
      if (c) expect(c.nodropdown).toBe(1);
    }
  });

  it("getCategories is a read: a POST is refused with 405", async () => {
    const { res, json } = await post("getCategories", {});
    expect(res.status).toBe(405);
    expect(json).toMatchObject({ status: 405, errid: 405 });
  });

  it("catbrands lists each category's brands by category id", async () => {
    const brand = await env.DB.prepare("select id, name, urlname, category_id from brands where id = ?")
      .bind(SHOWCASE.brandId)
      .first<{ id: number; name: string; urlname: string; category_id: number }>();
    const { res, json } = await get("catbrands");
    expect(res.status).toBe(200);
    expect(json.catbrands[String(brand!.category_id)]).toContainEqual({ id: brand!.id, name: brand!.name, urlname: brand!.urlname });
    const listed = Object.values(json.catbrands as Record<string, Json[]>).flat().length;
    expect(listed).toBe(await env.DB.prepare("select count(*) n from brands where category_id is not null").first<number>("n"));
  });
});

describe("leader questions and the gold fund", () => {
  const now = Date.now();

  it("leadqst lists the questions still leading, the newest lead first; expired, hidden and deleted leaders are left out", async () => {
    await env.DB.batch([
      env.DB.prepare("update questions set lead_until = null, goldrec = 0"),
      env.DB.prepare("update questions set lead_until = ? where id = 3").bind(now + 3_600_000),
      env.DB.prepare("update questions set lead_until = ? where id = 7").bind(now + 7_200_000),
      env.DB.prepare("update questions set lead_until = ? where id = 2").bind(now + 1_800_000),
      env.DB.prepare("update questions set lead_until = ? where id = 1").bind(now - 60_000), // expired
      env.DB.prepare("update questions set lead_until = ? where id = ?").bind(now + 3_600_000, SHOWCASE.deletedQuestionId),
    ]);
    const { res, json } = await get("leadqst");
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ status: 200, section: "smstop", p: 0, n: 20 });
    expect(json.qst.map((x: Json) => x.qid)).toEqual([7, 3, 2]);
    expect(json.qst[0]).toMatchObject({ qid: 7, lead_until: now + 7_200_000, category: { urlname: expect.any(String), name: expect.any(String) } });
    expect(Object.keys(json.qst[0]).sort()).toEqual(
      ["qid", "qtext", "state", "anscnt", "added", "polltype", "cid", "category", "usrid", "qnick", "lvl", "lead_until", "waslead", "goldrec"].sort(),
    );
    const smstop = await get("leadqst", { cat: "smstop" });
    expect(smstop.json.qst.map((x: Json) => x.qid)).toEqual([7, 3, 2]);
  });

  it("leadqst pages by p and n, continues after lastid, filters by state and category", async () => {
    expect((await get("leadqst", { n: 1, p: 1 })).json.qst.map((x: Json) => x.qid)).toEqual([3]);
    expect((await get("leadqst", { lastid: 7 })).json.qst.map((x: Json) => x.qid)).toEqual([3, 2]);
    expect((await get("leadqst", { state: "vote" })).json.qst.map((x: Json) => x.qid)).toEqual([2]);
    const cat = (await env.DB.prepare("select category_id from questions where id = 2").first<number>("category_id"))!;
    const inCat = (
      await env.DB.prepare("select id from questions where category_id = ? and lead_until > ? and hidden = 0 and state != 'D'")
        .bind(cat, now)
        .all<{ id: number }>()
    ).results;
    const { json } = await get("leadqst", { cat });
    expect(json.qst.map((x: Json) => x.qid).sort()).toEqual(inCat.map((r) => r.id).sort());
    expect(json.qst.every((x: Json) => x.cid === cat)).toBe(true);
  });

  it("leadqst refuses an unknown category (305), a page of 21 (301) and a missing lastid (181)", async () => {
    const unknown = await get("leadqst", { cat: "net-takoy" });
    expect(unknown.res.status).toBe(404);
    expect(unknown.json).toMatchObject({ status: 404, errid: 305, error: "Категория не найдена" });
    expect((await get("leadqst", { n: 21 })).json).toMatchObject({ status: 400, errid: 301 });
    expect((await get("leadqst", { lastid: SHOWCASE.missingQuestionId })).json).toMatchObject({ status: 404, errid: 181 });
    expect((await get("leadqst", { state: "nonsense" })).json).toMatchObject({ status: 400, errid: 309 });
  });

  it("golden lists the gold fund newest first, and leadqst with cat golden gives the same list", async () => {
    await env.DB.batch([env.DB.prepare("update questions set goldrec = 1 where id in (1, 5, 6, ?)").bind(SHOWCASE.deletedQuestionId)]);
    const expected = (
      await env.DB.prepare("select id from questions where goldrec = 1 and hidden = 0 and state != 'D' order by added desc, id desc").all<{ id: number }>()
    ).results.map((r) => r.id);
    expect(expected).toHaveLength(3);
    const { res, json } = await get("golden");
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ status: 200, section: "golden" });
    expect(json.qst.map((x: Json) => x.qid)).toEqual(expected);
    expect(json.qst.every((x: Json) => x.goldrec === 1)).toBe(true);
    expect((await get("leadqst", { cat: "golden" })).json.qst.map((x: Json) => x.qid)).toEqual(expected);
    expect((await get("golden", { n: 2, p: 1 })).json.qst.map((x: Json) => x.qid)).toEqual(expected.slice(1, 3));
    expect((await get("golden", { lastid: expected[0] })).json.qst.map((x: Json) => x.qid)).toEqual(expected.slice(1));
  });
});

describe("the client's settings", () => {
  it("a guest can neither read nor set settings (101), and nothing is stored", async () => {
    const before = (await env.DB.prepare("select group_concat(welcome_flags, '|') f from users").first<string>("f"))!;
    const read = await get("usrsettings", { title: "welcome" });
    expect(read.res.status).toBe(401);
    expect(read.json).toMatchObject({ status: 401, errid: 101, error: "Войдите на сайт, чтобы продолжить" });
    const set = await post("usrsettings_set", { title: "welcome", flag: "1shown", val: "1" });
    expect(set.res.status).toBe(401);
    expect(set.json).toMatchObject({ status: 401, errid: 101 });
    expect(await env.DB.prepare("select group_concat(welcome_flags, '|') f from users").first<string>("f")).toBe(before);
  });

  it("a user sets a flag, reads it back, and finds it in users.welcome_flags under its title", async () => {
    const me = await as("user@demo.local");
    const empty = await get("usrsettings", { title: "welcome" }, me.cookie);
    expect(empty.json).toEqual({ status: 200, title: "welcome", content: {} });
    const set = await post("usrsettings_set", { title: "welcome", flag: "1shown", val: "1" }, me);
    expect(set.res.status).toBe(200);
    expect(set.json).toEqual({ status: 200, title: "welcome", content: { "1shown": "1" } });
    await post("usrsettings_set", { title: "welcome", flag: "2value", val: "да" }, me);
    await post("usrsettings_set", { title: "banner", flag: "closed", val: "2026-01-01" }, me);
    await post("usrsettings_set", { title: "welcome", flag: "1shown", val: "2" }, me);
    expect(await flagsOf(me.id)).toEqual({ welcome: { "1shown": "2", "2value": "да" }, banner: { closed: "2026-01-01" } });
    const read = await get("usrsettings", { title: "welcome" }, me.cookie);
    expect(read.json).toEqual({ status: 200, title: "welcome", content: { "1shown": "2", "2value": "да" } });
  });

  it("sets made at the same time all stay (each is one json_set statement)", async () => {
    const me = await as("znatok@demo.local");
    const flags = Array.from({ length: 12 }, (_, i) => `f${i}`);
    const replies = await Promise.all(flags.map((flag, i) => post("usrsettings_set", { title: "race", flag, val: String(i) }, me)));
    expect(replies.every((r) => r.json.status === 200)).toBe(true);
    expect((await flagsOf(me.id)).race).toEqual(Object.fromEntries(flags.map((f, i) => [f, String(i)])));
  });

  it("a stored value that is not an object is replaced rather than breaking the set", async () => {
    const me = await as("guru@demo.local");
    await env.DB.prepare("update users set welcome_flags = ? where id = ?").bind('{"welcome": 5, "keep": {"a": "b"}}', me.id).run();
    const set = await post("usrsettings_set", { title: "welcome", flag: "loginfirst", val: "1" }, me);
    expect(set.json).toEqual({ status: 200, title: "welcome", content: { loginfirst: "1" } });
    expect(await flagsOf(me.id)).toEqual({ welcome: { loginfirst: "1" }, keep: { a: "b" } });
    expect((await get("usrsettings", { title: "keep" }, me.cookie)).json.content).toEqual({ a: "b" });
    await env.DB.prepare("update users set welcome_flags = 'not json' where id = ?").bind(me.id).run();
    expect((await get("usrsettings", { title: "keep" }, me.cookie)).json.content).toEqual({});
    await post("usrsettings_set", { title: "keep", flag: "x", val: "y" }, me);
    expect(await flagsOf(me.id)).toEqual({ keep: { x: "y" } });
  });

  it("bad titles, flags and values are refused with 400 and change nothing", async () => {
    const me = await as("user@demo.local");
    const before = await flagsOf(me.id);
    for (const body of [
      { title: "Welcome", flag: "a", val: "1" },
      { title: "wel-come", flag: "a", val: "1" },
      { title: "t".repeat(33), flag: "a", val: "1" },
      { title: "welcome", flag: 'a"b', val: "1" },
      { title: "welcome", flag: "", val: "1" },
      { title: "welcome", flag: "a", val: "x".repeat(65) },
      { title: "welcome", flag: "a" },
    ]) {
      const { res, json } = await post("usrsettings_set", body as Record<string, string>, me);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(json).toMatchObject({ status: 400, errid: 400 });
    }
    expect((await get("usrsettings", { title: "$.x" }, me.cookie)).json).toMatchObject({ status: 400, errid: 400 });
    expect(await flagsOf(me.id)).toEqual(before);
  });

  it("a set without the session's salt and token (103) or from another site (111) changes nothing", async () => {
    const me = await as("user@demo.local");
    const before = await flagsOf(me.id);
    // the bare session cookie, without the salt and token
    const noToken = await post("usrsettings_set", { title: "welcome", flag: "z", val: "1" }, me.cookie);
    expect(noToken.json.errid).toBe(103);
    const foreign = await post("usrsettings_set", { title: "welcome", flag: "z", val: "1" }, me, { origin: "https://evil.example" });
    expect(foreign.json.errid).toBe(111);
    expect(await flagsOf(me.id)).toEqual(before);
  });

  it("a set that would grow the settings past 4000 characters is refused and changes nothing", async () => {
    const me = await as("vip@demo.local");
    const entries: Record<string, string> = {};
    for (let i = 0; JSON.stringify({ big: entries }).length < 3920; i++) entries[`k${i}`] = "v".repeat(i % 2 ? 64 : 8);
    const big = JSON.stringify({ big: entries });
    expect(big.length).toBeLessThan(4000);
    await env.DB.prepare("update users set welcome_flags = ? where id = ?").bind(big, me.id).run();
    const { res, json } = await post("usrsettings_set", { title: "more", flag: "f".repeat(32), val: "x".repeat(64) }, me);
    expect(res.status).toBe(400);
    expect(json).toMatchObject({ status: 400, errid: 400 });
    expect(await flagsOf(me.id)).toEqual(JSON.parse(big));
  });
});

describe("tracking events (dwh)", () => {
  const lastEvent = () => env.DB.prepare("select * from track_events order by id desc limit 1").first<Json>();

  it("an event carries the sender's experiment groups: his e-mail group, none for a corporate user, and his browser's suggest group", async () => {
    const me = await as("user@demo.local");
    await post("dwh", { name: "survey_shown", qid: 3 }, { ...me, cookie: `${me.cookie}; otv_sgx=2` });
    expect(JSON.parse((await lastEvent())!.payload)).toEqual({ exp_email: emailGroup("user@demo.local", []), exp_suggest: 2 });
    // a guest has the suggest group only
    await post("dwh", { name: "survey_shown", qid: 3 }, "otv_sgx=3");
    expect(JSON.parse((await lastEvent())!.payload)).toEqual({ exp_suggest: 3 });

    const staff = await newUser("Сотрудник");
    await env.DB.prepare("update users set email = ? where id = ?").bind(`staff${staff.serial}@mail.corp.test`, staff.id).run();
    await post("dwh", { name: "survey_shown", qid: 3 }, staff);
    expect(JSON.parse((await lastEvent())!.payload)).toEqual({});

    // a cookie that names no group is ignored
    await post("dwh", { name: "survey_shown", qid: 3 }, "otv_sgx=7");
    expect(JSON.parse((await lastEvent())!.payload)).toEqual({});

    // the external-link page records a brand link's click itself: with both groups too
    const link = `${BASE}/301?url=${encodeURIComponent("https://example.org/groups")}&brand=tehnomir`;
    expect((await workerFetch(link, { headers: { cookie: `${me.cookie}; otv_sgx=1` } })).status).toBe(200);
    const click = (await lastEvent())!;
    expect(click).toMatchObject({ name: "external_link_click", user_id: me.id });
    expect(JSON.parse(click.payload)).toEqual({
      linkurl: "https://example.org/groups",
      linkbrand: "tehnomir",
      exp_email: emailGroup("user@demo.local", []),
      exp_suggest: 1,
    });
  });

  it("a guest's external link click is stored with its question, answer, comment and fields", async () => {
    const before = await countRows("track_events");
    const fields = {
      usrid: "5",
      linkurl: "https://example.com/page?x=1",
      linkbrand: "ТехноМир",
      linkentity: "answer",
      dwh_clienttimestamp1: "1767225600000",
      dwh_clienttimestamp2: "1767225600123",
      dwh_referer: "https://www.google.com/",
      dwh_pagetype: "question",
      dwh_url: `${BASE}/question/1`,
      dwh_platform: "web",
    };
    const { res, json } = await post("dwh", { name: "external_link_click", qid: 1, aid: 2, cmtid: 3, ...fields, ajax_id: 7 });
    expect(res.status).toBe(200);
    expect(json).toEqual({ status: 200 });
    expect(await countRows("track_events")).toBe(before + 1);
    const row = (await lastEvent())!;
    expect(row).toMatchObject({ name: "external_link_click", user_id: null, qid: 1, aid: 2, cmid: 3 });
    expect(Math.abs(row.added - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(row.payload)).toEqual({ ...fields, usrid: 5 });
  });

  it("every event of the spec is accepted, and a signed-in sender is recorded", async () => {
    const me = await as("user@demo.local");
    const names = [
      "external_link_click",
      "survey_shown",
      "survey_closed",
      "survey_answer_found_click",
      "survey_answer_notfound_click",
      "survey_ask_click",
      "survey_askexpert_click",
      "answer_visited",
      "brand_visited",
    ];
    for (const name of names) {
      const { json } = await post("dwh", { name, qid: 3, dwh_platform: "web" }, me);
      expect(json, name).toEqual({ status: 200 });
      expect(await lastEvent()).toMatchObject({ name, user_id: me.id, qid: 3, aid: null, cmid: null });
    }
    await post("dwh", { name: "brand_visited", brand: SHOWCASE.brandUrlname, cid: 1 }, me);
    expect(JSON.parse((await lastEvent())!.payload)).toEqual({ brand: SHOWCASE.brandUrlname, cid: 1, exp_email: emailGroup("user@demo.local", []) });
  });

  it("an unknown event, a bad id or a payload over 2000 characters is refused with 400 and nothing is stored", async () => {
    const before = await countRows("track_events");
    const unknown = await post("dwh", { name: "page_scrolled", qid: 1 });
    expect(unknown.res.status).toBe(400);
    expect(unknown.json).toMatchObject({ status: 400, errid: 400, error: "Проверьте правильность заполнения полей" });
    expect((await post("dwh", { qid: 1 })).json).toMatchObject({ status: 400, errid: 400 });
    expect((await post("dwh", { name: "answer_visited", aid: "abc" })).json).toMatchObject({ status: 400, errid: 308 });
    const long = await post("dwh", {
      name: "external_link_click",
      linkurl: `https://example.com/${"a".repeat(900)}`,
      dwh_url: `https://example.com/${"b".repeat(900)}`,
      dwh_referer: `https://example.com/${"c".repeat(900)}`,
    });
    expect(long.json).toMatchObject({ status: 400, errid: 400 });
    expect((await post("dwh", { name: "external_link_click", linkurl: "x".repeat(1001) })).json).toMatchObject({ status: 400, errid: 400 });
    expect(await countRows("track_events")).toBe(before);
  });

  it("dwh is a POST from this site: another origin (111) and a GET (405) store nothing", async () => {
    const before = await countRows("track_events");
    const foreign = await post("dwh", { name: "survey_shown" }, null, { origin: "https://evil.example" });
    expect(foreign.res.status).toBe(403);
    expect(foreign.json.errid).toBe(111);
    const viaGet = await get("dwh", { name: "survey_shown" });
    expect(viaGet.json).toMatchObject({ status: 405, errid: 405 });
    expect(await countRows("track_events")).toBe(before);
  });
});

describe("question search", () => {
  it("similar search finds a question by another form of a word of its title", async () => {
    const title = (await env.DB.prepare("select qtext from questions where id = 1").first<string>("qtext"))!;
    expect(title).toContain("язык программирования");
    // plural «языки» and another case «программированию» for the title's «язык программирования»
    const { res, json } = await similar("языки программированию");
    expect(res.status).toBe(200);
    expect(json.status).toBe(200);
    expect(json.results.length).toBeGreaterThan(0);
    expect(json.results.length).toBeLessThanOrEqual(5);
    expect(json.results[0].id).toBe(1);
    const cat = await env.DB.prepare("select c.name from questions q join categories c on c.id = q.category_id where q.id = 1").first<string>("name");
    const author = await env.DB.prepare("select u.id, u.nick from questions q join users u on u.id = q.user_id where q.id = 1").first<Json>();
    expect(json.results[0]).toEqual({
      id: 1,
      question: title,
      catname: cat,
      author: { id: author!.id, nick: author!.nick },
      state: "R",
      count: 45,
      is_poll: 0,
    });
  });

  it("similar search gives at most 5, most shared words first, and leaves out the asking question, deleted and hidden ones", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await insertQuestion(`Почему у кактуса номер ${i} желтеют колючки?`));
    const best = await insertQuestion("Как пересадить кактус и не повредить колючки кактуса?");
    const deleted = await insertQuestion("Кактусы и колючки: удалённый вопрос", { state: "D" });
    const hidden = await insertQuestion("Кактусы и колючки: скрытый вопрос");
    await env.DB.prepare("update questions set hidden = 1 where id = ?").bind(hidden).run();

    const { json } = await similar("колючие кактусы пересадить");
    expect(json.results).toHaveLength(5);
    expect(json.results[0].id).toBe(best);
    const found = json.results.map((r: Json) => r.id);
    expect(found).not.toContain(deleted);
    expect(found).not.toContain(hidden);
    expect(found.every((id: number) => [...ids, best].includes(id))).toBe(true);

    const without = await similar("пересадить кактус", { qid: best });
    expect(without.json.results.map((r: Json) => r.id)).not.toContain(best);
  });

  it("a question is found by its new title once edited, and no longer by the old one", async () => {
    const qid = await insertQuestion("Чем подкормить орхидею зимой?");
    expect((await similar("орхидеи")).json.results.map((r: Json) => r.id)).toContain(qid);
    await env.DB.prepare("update questions set qtext = ? where id = ?").bind("Чем подкормить фикус зимой?", qid).run();
    expect((await similar("орхидеи")).json.results.map((r: Json) => r.id)).not.toContain(qid);
    expect((await similar("фикусы")).json.results.map((r: Json) => r.id)).toContain(qid);
    await env.DB.prepare("update questions set anscnt = anscnt + 1 where id = ?").bind(qid).run();
    expect((await similar("фикусы")).json.results.map((r: Json) => r.id)).toContain(qid);
  });

  it("ё and е match each other, and a prefix that is not the word's stem does not count", async () => {
    const qid = await insertQuestion("Где купить живую ёлку к празднику?");
    expect((await similar("елки")).json.results.map((r: Json) => r.id)).toContain(qid);
    const kot = await insertQuestion("Который час на Камчатке?");
    expect((await similar("коты")).json.results.map((r: Json) => r.id)).not.toContain(kot);
  });

  it("a keyword shorter than 3 characters, of stop words only, or absent finds nothing", async () => {
    for (const keyword of ["", "ко", "  я ", "как что и", "!!!???"]) {
      const { res, json } = await similar(keyword);
      expect(res.status).toBe(200);
      expect(json).toEqual({ status: 200, results: [] });
    }
  });

  it("the search page finds every question with all the words, counts them, pages and filters", async () => {
    const q = "кактусы колючки";
    const all = await search({ q });
    expect(all.res.status).toBe(200);
    expect(all.json.count).toBe(8);
    expect(all.json.results).toHaveLength(8);
    expect(all.json).toMatchObject({ status: 200, sf: 0, num: 20 });
    expect(Object.keys(all.json.results[0]).sort()).toEqual(
      ["id", "question", "answer", "aid", "comment", "banswer", "catname", "urlname", "author", "state", "count", "time_ago", "is_poll"].sort(),
    );
    expect(all.json.results[0].time_ago).toMatch(/назад$/);

    const page = await search({ q, num: 3, sf: 3, s: "date" });
    const byDate = await search({ q, s: "date" });
    expect(page.json.count).toBe(8);
    expect(page.json.results.map((r: Json) => r.id)).toEqual(byDate.json.results.slice(3, 6).map((r: Json) => r.id));
    const added = byDate.json.results.map((r: Json) => r.id);
    expect(added).toEqual([...added].sort((a: number, b: number) => b - a));

    const one = byDate.json.results[0].id;
    await env.DB.prepare("update questions set state = 'R' where id = ?").bind(one).run();
    const closed = await search({ q, zvstate: 1 });
    expect(closed.json.results.map((r: Json) => r.id)).toEqual([one]);
    expect((await search({ q, zvstate: 3 })).json.count).toBe(7);

    await env.DB.prepare("update questions set added = ? where id = ?")
      .bind(Date.now() - 40 * 86_400_000, one)
      .run();
    expect((await search({ q, zdts: 2_592_000 })).json.count).toBe(7);
    expect((await search({ q, zdts: 0 })).json.count).toBe(8);

    const cat = (await env.DB.prepare("select category_id from questions where id = 3").first<number>("category_id"))!;
    expect((await search({ q, zVCat: cat })).json.count).toBe(8);
    const other = (await env.DB.prepare("select id from categories where id != ? and parent_id is not null limit 1").bind(cat).first<number>("id"))!;
    expect((await search({ q, zVCat: other })).json.count).toBe(0);
  });

  it("question_only searches the titles alone; the explanation counts otherwise", async () => {
    const qid = await insertQuestion("Что посадить на балконе?");
    await env.DB.prepare("update questions set qcomment = ? where id = ?").bind("<p>Хочу вырастить помидоры черри</p>", qid).run();
    expect((await search({ q: "помидор" })).json.results.map((r: Json) => r.id)).toContain(qid);
    expect((await search({ q: "помидор", question_only: 1 })).json.results.map((r: Json) => r.id)).not.toContain(qid);
    expect((await similar("помидоры")).json.results.map((r: Json) => r.id)).not.toContain(qid);
  });

  it("the search page refuses both scopes at once and bad filters with 400; a short query is a whole word", async () => {
    expect((await search({ q: "кактус", answers_only: 1, question_only: 1 })).json).toMatchObject({ status: 400, errid: 400 });
    expect((await search({ q: "кактус", answers_only: 1 })).json).toMatchObject({ status: 200 });
    expect((await search({ q: "кактус", zvstate: 9 })).json).toMatchObject({ status: 400, errid: 400 });
    expect((await search({ q: "кактус", s: "random" })).json).toMatchObject({ status: 400, errid: 400 });
    expect((await search({ q: "кактус", num: 50 })).json).toMatchObject({ status: 400, errid: 301 });
    expect((await search({ q: "кактус", zVCat: "net-takoy" })).json).toMatchObject({ status: 404, errid: 305 });
    expect((await search({ q: "ка" })).json).toEqual({ status: 200, results: [], count: 0, sf: 0, num: 20 });
  });

  it("search lives at /api/search/search only", async () => {
    const v2 = await get("search", { keyword: "кактус" });
    expect(v2.res.status).toBe(404);
    expect(v2.json).toMatchObject({ status: 404, error: "undefined url" });
    const other = await get("questlist", {}, undefined, "search");
    expect(other.res.status).toBe(404);
  });
});
