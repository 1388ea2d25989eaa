/**
 * The search page /search[/q-{type}][/c-{cat}][/s-{sort}][/p-{period}][/w-{where}][/{query}], the
 * search call's answer scope and the search box's suggestions: every segment and value of the
 * address, what is refused (404 pages, 400 calls), the found count in Russian, the links that keep
 * the rest of the search, answers found by their own words with their excerpt, typos and ё, adult
 * questions for adults only, and a bounded amount of work for a very broad word of the answers.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, get, type Who, workerFetch } from "./helpers/api";
import { newUser } from "./helpers/users";

type Json = Record<string, any>;

let serial = 0;
/** A page as a browser gets it, each from its own address (the search limit counts per address). */
async function open(path: string, who?: Who, cookie?: string) {
  const ip = `192.0.2.${++serial % 250}`;
  const cookies = [typeof who === "object" && who ? who.cookie : typeof who === "string" ? who : "", cookie ?? ""].filter(Boolean).join("; ");
  const res = await workerFetch(`${BASE}${path}`, { redirect: "manual", headers: { "cf-connecting-ip": ip, ...(cookies ? { cookie: cookies } : {}) } });
  return { res, status: res.status, html: await res.text(), location: res.headers.get("location") };
}
const search = (params: Record<string, string | number>, who?: Who) => get("search", params, who, "search", `198.51.100.${++serial % 250}`);
const suggest = (q: string, who?: Who) => get("suggest", { q }, who, "v2", `203.0.113.${++serial % 250}`);

/** The text of a page without its tags. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ");
/** The hrefs of the links with this text. */
const hrefsOf = (html: string, label: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].filter((m) => m[2] === label).map((m) => m[1].replace(/&amp;/g, "&"));

let category: { id: number; top: number; urlname: string };

/** A visible open question straight into D1 (the FTS triggers index it). */
async function insertQuestion(qtext: string, opts: { categoryId?: number; topId?: number; added?: number; qcomment?: string; state?: string } = {}) {
  const added = opts.added ?? Date.now();
  return (await env.DB.prepare(
    `insert into questions (user_id, category_id, top_category_id, qtext, qcomment, state, added, state_changed_at, updated_at)
     values (2, ?1, ?2, ?3, ?4, ?5, ?6, ?6, ?6) returning id`,
  )
    .bind(opts.categoryId ?? category.id, opts.topId ?? category.top, qtext, opts.qcomment ?? "", opts.state ?? "A", added)
    .first<number>("id"))!;
}

/** An answer of user `uid` straight into D1 (its FTS trigger indexes it). */
async function insertAnswer(qid: number, text: string, uid = 3, hidden = 0) {
  return (await env.DB.prepare("insert into answers (qid, user_id, text, added, hidden) values (?1, ?2, ?3, ?4, ?5) returning id")
    .bind(qid, uid, text, Date.now(), hidden)
    .first<number>("id"))!;
}

beforeAll(async () => {
  const c = await env.DB.prepare(
    "select c.id, c.parent_id top, c.urlname from categories c join categories p on p.id = c.parent_id where p.adult = 0 and c.readonly = 0 order by c.id limit 1",
  ).first<{ id: number; top: number; urlname: string }>();
  category = c!;
});

describe("the address of the search page", () => {
  it("every filter and every value the address names is a page, alone and all together", async () => {
    await insertQuestion("Как вырастить кактус из семян дома?");
    const paths = [
      "/search",
      "/search/",
      "/search/кактус",
      ...["open", "closed", "voted"].map((t) => `/search/q-${t}/кактус`),
      `/search/c-${category.urlname}/кактус`,
      `/search/c-${category.id}/кактус`,
      ...["date", "relevance"].map((s) => `/search/s-${s}/кактус`),
      ...[86400, 259200, 604800, 2592000, 31536000, 0].map((p) => `/search/p-${p}/кактус`),
      ...["q", "a"].map((w) => `/search/w-${w}/кактус`),
      `/search/q-open/c-${category.urlname}/s-date/p-31536000/w-q/кактус`,
      `/search/q-open/c-${category.urlname}/s-date/p-31536000/w-q`,
    ];
    for (const path of paths) expect({ path, status: (await open(encodeURI(path))).status }).toEqual({ path, status: 200 });
  });

  it("an unknown value, an unknown category, filters out of order or repeated, and extra segments are 404", async () => {
    const paths = [
      "/search/q-all/кактус",
      "/search/q-/кактус",
      "/search/s-random/кактус",
      "/search/p-100/кактус",
      "/search/p-86400x/кактус",
      "/search/w-b/кактус",
      "/search/c-net-takoy-kategorii/кактус",
      "/search/c-999999/кактус",
      "/search/s-date/q-open/кактус",
      "/search/q-open/q-closed/кактус",
      "/search/кактус/лишнее",
      "/search//кактус",
      "/search/%E0%A4%A/кактус",
      "/search/кактус?p=1020",
    ];
    for (const path of paths)
      expect({ path, status: (await open(encodeURI(path).replace("%25E0%25A4%25A", "%E0%A4%A"))).status }).toEqual({ path, status: 404 });
  });

  it("the search box's form (?q=) goes to the query's own address, keeping the filters; a query that begins like a filter stays a query", async () => {
    const r = await open(`/search/q-open/s-date?q=${encodeURIComponent("колючий кактус")}`);
    expect(r.status).toBe(302);
    expect(r.location).toBe(`/search/q-open/s-date/${encodeURIComponent("колючий кактус")}`);
    expect((await open("/search/w-a?q=")).location).toBe("/search/w-a");
    const tricky = await open(`/search?q=${encodeURIComponent("c-класс")}`);
    expect(tricky.location).toBe(`/search/%63-${encodeURIComponent("класс")}`);
    const page = await open(tricky.location!);
    expect(page.status).toBe(200);
    expect(page.html).toContain('value="c-класс"');
  });

  it("a query is cut to 750 characters once encoded, and a query of 0 is searched for", async () => {
    const long = "кактус ".repeat(200);
    const r = await open(`/search?q=${encodeURIComponent(long)}`);
    const last = r.location!.split("/").pop()!;
    expect(last.length).toBeLessThanOrEqual(750);
    expect(last.length).toBeGreaterThan(700);
    expect((await open(r.location!)).status).toBe(200);

    const zero = await insertQuestion("Почему 0 в нулевой степени равно 1?");
    const page = await open("/search/0");
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('data-testid="search-empty"');
    expect(page.html).toContain(`href="/question/${zero}"`);
  });

  it("without a query the page is the empty state, with the filters", async () => {
    for (const path of ["/search", "/search/q-open/s-date", `/search?q=${encodeURIComponent("   ")}`]) {
      const r = await open(path);
      const page = r.status === 302 ? await open(r.location!) : r;
      expect(page.status).toBe(200);
      expect(page.html).toContain('data-testid="search-empty"');
      expect(page.html).toContain('data-testid="search-filters"');
    }
  });
});

describe("what the page shows", () => {
  it("the found count in Russian: 'Найден 1 вопрос', 'Найдено 2 вопроса', 'Найдено 5 вопросов'", async () => {
    await insertQuestion("Чем кормить шиншиллу зимой?");
    for (let i = 0; i < 2; i++) await insertQuestion(`Где купить аксолотля номер ${i}?`);
    for (let i = 0; i < 5; i++) await insertQuestion(`Сколько живёт дегу номер ${i}?`);
    expect(textOf((await open("/search/шиншилла")).html)).toContain("Найден 1 вопрос");
    expect(textOf((await open("/search/аксолотль")).html)).toContain("Найдено 2 вопроса");
    expect(textOf((await open("/search/дегу")).html)).toContain("Найдено 5 вопросов");
  });

  it("the filter and sort links keep the rest of the search, and the current one is marked", async () => {
    const { html } = await open(`/search/q-open/s-date/${encodeURIComponent("дегу")}`);
    const q = encodeURIComponent("дегу");
    expect(hrefsOf(html, "За неделю")).toEqual([`/search/q-open/s-date/p-604800/${q}`]);
    expect(hrefsOf(html, "Только в ответах")).toEqual([`/search/q-open/s-date/w-a/${q}`]);
    expect(hrefsOf(html, "Все")).toEqual([`/search/s-date/${q}`]);
    expect(hrefsOf(html, "По релевантности")).toEqual([`/search/q-open/${q}`]);
    expect(hrefsOf(html, "По дате")).toEqual([`/search/q-open/s-date/${q}`]);
    expect(html).toMatch(/<a href="\/search\/q-open\/s-date\/[^"]*" aria-current="page" class="current">Открытые<\/a>/);
    expect(hrefsOf(html, "Задайте свой вопрос")).toEqual([`/ask?q=${q}`]);
  });

  it("matched words are marked in the titles, and a title is cut at 45 characters", async () => {
    const qid = await insertQuestion("Почему у моей фиалки вянут листья и что с этим делать дальше?");
    const { html } = await open(`/search/${encodeURIComponent("фиалки листья")}`);
    const link = html.match(new RegExp(`<a class="qtitle" href="/question/${qid}"[^>]*>(.*?)</a>`))![1];
    expect(link).toContain("<mark>фиалки</mark>");
    expect(link).toContain("<mark>листья</mark>");
    const title = "Почему у моей фиалки вянут листья и что с этим делать дальше?";
    expect(textOf(link)).toBe(`${title.slice(0, 44)}…`);
    expect(html).toContain(`href="/question/${qid}" title="${title}"`);
  });

  it("'Показать ещё' continues 20 at a time", async () => {
    for (let i = 0; i < 25; i++) await insertQuestion(`Как ухаживать за бонсаем номер ${i}?`);
    const first = await open("/search/бонсай");
    expect(textOf(first.html)).toContain("Найдено 25 вопросов");
    expect(first.html.match(/class="qtitle"/g)).toHaveLength(20);
    const more = hrefsOf(first.html, "Показать ещё");
    expect(more).toEqual([`/search/${encodeURIComponent("бонсай")}?p=20`]);
    const second = await open(more[0]);
    expect(second.html.match(/class="qtitle"/g)).toHaveLength(5);
    expect(hrefsOf(second.html, "Показать ещё")).toEqual([]);
  });

  it("nothing found: the page says so and offers the text to ask as a question", async () => {
    const { status, html } = await open(`/search/${encodeURIComponent("зыргкляпс фрумпель")}`);
    expect(status).toBe(200);
    expect(html).toContain('data-testid="search-none"');
    expect(textOf(html)).toContain("ничего не найдено");
    expect(html).toMatch(/<form class="search-ask" method="get" action="\/ask">/);
    expect(html).toMatch(/<textarea[^>]*name="q"[^>]*>зыргкляпс фрумпель<\/textarea>/);
  });
});

describe("answers are searched too", () => {
  let qid = 0;
  let aid = 0;

  beforeAll(async () => {
    qid = await insertQuestion("Что подарить бабушке на юбилей?");
    aid = await insertAnswer(qid, "<p>Подарите ей электрический самовар и хороший чай — бабушки такое любят.</p>");
    const other = await insertQuestion("Что подарить дедушке?");
    await insertAnswer(other, "<p>Скрытый ответ про самовары</p>", 4, 1);
  });

  it("a word only in an answer finds its question by default and with w-a, not with w-q; hidden answers are not searched", async () => {
    const all = await open("/search/самовар");
    expect(all.html).toContain(`href="/question/${qid}"`);
    expect(textOf(all.html)).toContain("Найден 1 вопрос");
    expect((await open("/search/w-a/самовар")).html).toContain(`href="/question/${qid}"`);
    expect((await open("/search/w-q/самовар")).html).toContain('data-testid="search-none"');
  });

  it("the result shows the matching answer's excerpt, its word marked, linked to the answer", async () => {
    const { html } = await open("/search/w-a/самовары");
    const excerpt = html.match(/<p class="search-excerpt" data-testid="search-answer">(.*?)<\/p>/)![1];
    expect(excerpt).toContain(`href="/answer/${aid}"`);
    expect(excerpt).toContain("<mark>самовар</mark>");
    expect(textOf(excerpt)).toContain("Подарите ей электрический самовар и хороший чай");
  });

  it("the call searches answers with answers_only=1: the answer's excerpt and id, and the best answer", async () => {
    const { json } = await search({ q: "самовар", answers_only: 1 });
    expect(json).toMatchObject({ status: 200, count: 1 });
    expect(json.results[0]).toMatchObject({ id: qid, aid, answer: "Подарите ей электрический самовар и хороший чай — бабушки такое любят.", banswer: null });
    expect((await search({ q: "самовар", question_only: 1 })).json.count).toBe(0);
    expect((await search({ q: "самовар", question_only: 1, answers_only: 1 })).json).toMatchObject({ status: 400, errid: 400 });
  });

  it("the call gives a found question's best answer as plain text", async () => {
    const asked = await insertQuestion("Чем отмыть старый самоварный кран?");
    const best = await insertAnswer(asked, "<p>Лимонной <b>кислотой</b> и мягкой щёткой.</p>");
    await env.DB.prepare("update questions set best_answer_id = ?1, state = 'R' where id = ?2").bind(best, asked).run();
    const { json } = await search({ q: "самоварный кран", question_only: 1 });
    expect(json.results[0]).toMatchObject({ id: asked, banswer: "Лимонной кислотой и мягкой щёткой." });
  });

  it("a question found by its own words and by an answer counts once", async () => {
    const both = await insertQuestion("Самовар какой лучше выбрать?");
    await insertAnswer(both, "Электрический самовар удобнее угольного.");
    const { json } = await search({ q: "самовар" });
    expect(json.count).toBe(2);
    expect(json.results.map((r: Json) => r.id).sort()).toEqual([qid, both].sort());
  });
});

describe("typos and ё", () => {
  it("one wrong, missing, extra or swapped letter in a word of 5 letters or more still finds it", async () => {
    const qid = await insertQuestion("Почему у кактуса опадают колючки?");
    for (const typo of ["калючки", "ключки", "коллючки", "колчюки"]) {
      const { html } = await open(`/search/${encodeURIComponent(typo)}`);
      expect({ typo, found: html.includes(`href="/question/${qid}"`) }).toEqual({ typo, found: true });
      expect(html).toContain('data-testid="search-corrected"');
    }
    const { json } = await search({ q: "опадают калючки" });
    expect(json.results.map((r: Json) => r.id)).toContain(qid);
    expect(json.corrected).toBe("опадают колючки");
  });

  it("a word of 4 letters or fewer is not corrected", async () => {
    await insertQuestion("Какой сыр выбрать для пиццы?");
    expect((await search({ q: "сыр" })).json.count).toBeGreaterThan(0);
    expect((await search({ q: "сыл" })).json.count).toBe(0);
  });

  it("ё and е find each other both ways, in questions and answers", async () => {
    const q1 = await insertQuestion("Как нарядить ёлку без игрушек?");
    const q2 = await insertQuestion("Какие ели растут в тайге?");
    await insertAnswer(q2, "Чаще всего сибирская ёлка и пихта.");
    expect((await search({ q: "елку" })).json.results.map((r: Json) => r.id)).toContain(q1);
    expect((await search({ q: "ёлка" })).json.results.map((r: Json) => r.id)).toEqual(expect.arrayContaining([q1, q2]));
  });
});

describe("adult questions", () => {
  let adult = 0;

  beforeAll(async () => {
    const sub = (await env.DB.prepare("select id from categories where parent_id = 13 order by id limit 1").first<number>("id"))!;
    adult = await insertQuestion("Как пережить расставание с любимым человеком?", { categoryId: sub, topId: 13 });
  });

  it("are found only for a guest with the adult cookie or a user who confirmed his age", async () => {
    const found = async (who?: Who, cookie?: string) =>
      (await open(`/search/${encodeURIComponent("расставание")}`, who, cookie)).html.includes(`/question/${adult}"`);
    expect(await found()).toBe(false);
    expect(await found(undefined, "adult=1")).toBe(true);
    expect(await found(undefined, "adult=0")).toBe(false);
    const young = await newUser("Юный");
    expect(await found(young)).toBe(false);
    await env.DB.prepare("update users set is_adult = 1 where id = ?").bind(young.id).run();
    expect(await found(young)).toBe(true);
    expect((await search({ q: "расставание" })).json.results.map((r: Json) => r.id)).not.toContain(adult);
    expect((await suggest("расстава")).json.items.map((i: Json) => i.text)).not.toContain("Как пережить расставание с любимым человеком?");
    expect((await suggest("расстава", young)).json.items.map((i: Json) => i.text)).toContain("Как пережить расставание с любимым человеком?");
  });
});

describe("suggestions", () => {
  it("suggest gives popular titles for the words being typed, the last word as a prefix", async () => {
    const quiet = await insertQuestion("Какой ноутбук выбрать студенту?");
    const popular = await insertQuestion("Какой ноутбук выбрать для игр?");
    await env.DB.prepare("update questions set anscnt = 30 where id = ?").bind(popular).run();
    await env.DB.prepare("update questions set anscnt = 1 where id = ?").bind(quiet).run();
    const { res, json } = await suggest("ноу");
    expect(res.status).toBe(200);
    expect(json.status).toBe(200);
    const texts = json.items.map((i: Json) => i.text);
    expect(texts[0]).toBe("Какой ноутбук выбрать для игр?");
    expect(texts).toContain("Какой ноутбук выбрать студенту?");
    expect((await suggest("ноутбуки выб")).json.items.map((i: Json) => i.text)).toEqual(expect.arrayContaining(["Какой ноутбук выбрать для игр?"]));
    expect((await suggest("ноутбук студ")).json.items).toEqual([{ text: "Какой ноутбук выбрать студенту?" }]);
  });

  it("two characters or fewer suggest nothing, and a missing q is no error", async () => {
    for (const q of ["", "н", "но", "  но  "]) expect((await suggest(q)).json).toEqual({ status: 200, items: [] });
    expect((await get("suggest", {})).json).toEqual({ status: 200, items: [] });
  });

  it("the search page carries the search box with its suggestions island, and works as a plain form", async () => {
    const { html } = await open("/search");
    expect(html).toMatch(/<form class="search-box" method="get" action="\/search"/);
    expect(html).toContain('<otv-island name="search-suggest"');
    expect(html).toMatch(/<input[^>]*name="q"/);
  });
});

describe("a very broad word of the answers", () => {
  it("counts up to 1,000 matches and says there are more; the work does not grow with the matches", async () => {
    const qid = await insertQuestion("Вопрос для множества ответов");
    const users = await env.DB.prepare("select id from users order by id").all<{ id: number }>();
    /** answers by distinct users (one answer per user and question): new users as needed */
    const addAnswers = async (n: number, from: number) => {
      await env.DB.prepare(
        `insert into users (nick, email, password_hash, created_at)
         select 'Ответчик ' || value, 'otv' || value || '@t.local', 'x', 0 from json_each(?1)`,
      )
        .bind(JSON.stringify(Array.from({ length: n }, (_, i) => from + i)))
        .run();
      await env.DB.prepare(
        `insert into answers (qid, user_id, text, added)
         select ?1, u.id, 'Ответ про трамвайчик', ?2 from users u where u.email like 'otv%@t.local' and u.id not in (select user_id from answers where qid = ?1)`,
      )
        .bind(qid, Date.now())
        .run();
    };
    expect(users.results.length).toBeGreaterThan(0);
    await addAnswers(1_200, 0);
    // many answers of one question: the count is of questions
    const one = await search({ q: "трамвайчик", answers_only: 1 });
    expect(one.json).toMatchObject({ status: 200, count: 1, count_more: 1 });
    const rows = Number(one.res.headers.get("x-d1-rows-read"));
    await addAnswers(2_400, 1_200);
    const twice = await search({ q: "трамвайчик", answers_only: 1 });
    const rows2 = Number(twice.res.headers.get("x-d1-rows-read"));
    expect(rows2).toBeGreaterThan(0);
    expect(rows2).toBeLessThanOrEqual(rows * 1.05 + 50);
    expect(rows2).toBeLessThan(20_000);
  });
});

describe("very long words", () => {
  it("a query of one very long word that finds nothing is not corrected and is no error", async () => {
    const long = "я".repeat(700);
    expect((await search({ q: long })).json).toMatchObject({ status: 200, count: 0 });
    const page = await open(`/search/${encodeURIComponent("x".repeat(3_000))}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="search-none"');
  });
});
