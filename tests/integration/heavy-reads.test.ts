/**
 * Reads anyone may make cost a bounded amount of work, however deep or broad they are asked:
 * offsets stop at 1,000 (pages 404, the API refuses with 312), a list continued after a question
 * and the count of new questions do not count the whole list, search ranks and counts at most the
 * newest 1,000 matches ("more than 1,000"), a listing of every comment shows at most 500, and a
 * question takes at most 10 supplements. The work is read from the D1 statistics the worker
 * reports with D1_STATS=1 (x-d1-rows-read: the rows D1 says it read), and it must not grow with
 * the data behind the limit.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../app/lib/errors";
import { get, page, post } from "./helpers/api";
import { countRows, value } from "./helpers/db";
import { newUser } from "./helpers/users";

type Json = Record<string, any>;

const rowsRead = (res: Response) => Number(res.headers.get("x-d1-rows-read"));

let category: { id: number; top: number };
let oldest = 0;

/**
 * Inserts `n` visible open questions whose titles hold `word`, straight into D1 (the FTS triggers
 * index them), one a minute from `from` on (the later the id, the newer, as when they are asked).
 * Returns their ids, oldest first.
 */
async function insertQuestions(n: number, word: string, from: number): Promise<number[]> {
  const rows = await env.DB.prepare(
    `insert into questions (user_id, category_id, top_category_id, qtext, state, added, state_changed_at, updated_at)
     select 2, ?1, ?2, ?3 || ' номер ' || value, 'A', ?4 + value * 60000, ?4, ?4 from json_each(?5) order by value returning id`,
  )
    .bind(category.id, category.top, word, from, JSON.stringify(Array.from({ length: n }, (_, i) => i + 1)))
    .all<{ id: number }>();
  return rows.results.map((r) => r.id).sort((a, b) => a - b);
}

/** The start of `n` questions a minute apart that end just before now. */
const endingNow = (n: number) => Date.now() - (n + 1) * 60_000;

beforeAll(async () => {
  const c = await env.DB.prepare("select id, parent_id top from categories where parent_id is not null and readonly = 0 order by id limit 1").first<{
    id: number;
    top: number;
  }>();
  category = c!;
  oldest = await value("select min(added) v from questions");
});

describe("offsets stop at 1,000", () => {
  it("a list page deeper than 1,000 entries is 404, and the 1,000th is still a page", async () => {
    expect((await page("/?p=1000")).status).toBe(200);
    expect((await page("/?p=1020")).status).toBe(404);
    expect((await page("/question/1?p=1020")).status).toBe(404);
    expect((await page("/profile/id2?p=1020")).status).toBe(404);
  });

  it("an API offset deeper than 1,000 is refused with 312 and its Russian text, on every list call", async () => {
    const calls: [string, Record<string, string | number>, string?][] = [
      ["questlist", { p: 1001 }],
      ["moreanswers", { qid: 1, p: 1001 }],
      ["comments", { type: "Q", refid: 1, p: 1001 }],
      ["whovoted", { qid: 2, p: 1001 }],
      ["qstrating", { p: 1001 }],
      ["leadqst", { p: 1001 }],
      ["search", { q: "ноутбук", sf: 1001 }, "search"],
    ];
    for (const [name, params, door] of calls) {
      const { status, json } = await get(name, params, undefined, door);
      expect({ name, status, json }).toEqual({ name, status: 400, json: { status: 400, errid: 312, error: ERRORS[312].text } });
    }
    expect((await get("questlist", { p: 1000 })).json.status).toBe(200);
  });
});

describe("continuing a list and counting new questions do not walk the whole list", () => {
  let first: number[] = [];

  beforeAll(async () => {
    // older than every question there is
    first = await insertQuestions(1_500, "Глубокий список", oldest - 1_501 * 60_000);
  });

  it("questlist continues after a question 1,500 deep with the questions after it, and reads no more when 1,500 more are newer", async () => {
    // newest first: the questions after first[10] are first[9], first[8], …
    const deep = first[10];
    const after = first.slice(5, 10).reverse();
    const { res, json } = await get("questlist", { lastid: deep, n: 5 });
    expect(json.qst.map((x: Json) => x.qid)).toEqual(after);
    await insertQuestions(1_500, "Ещё новее", endingNow(1_500));
    const again = await get("questlist", { lastid: deep, n: 5 });
    expect(again.json.qst.map((x: Json) => x.qid)).toEqual(after);
    expect(rowsRead(again.res)).toBeLessThanOrEqual(rowsRead(res) + 5);
  });

  it("check_new counts up to 1,000 newer questions and then says there are more, reading no more for an older question", async () => {
    const { res, json } = await get("check_new", { qid: first[first.length - 1] });
    expect(json).toEqual({ status: 200, calc: 1000, more: 1 });
    expect(rowsRead(res)).toBeLessThan(2_100);
    const older = await get("check_new", { qid: first[0] });
    expect(older.json).toEqual({ status: 200, calc: 1000, more: 1 });
    expect(rowsRead(older.res)).toBeLessThanOrEqual(rowsRead(res) + 5);
  });
});

describe("search stays bounded for a very broad query", () => {
  it("the search page counts up to 1,000 matches and says there are more; its work does not grow with the matches", async () => {
    // a day older than the next ones: ids follow the time they were asked, as on the site
    await insertQuestions(1_200, "Зюзяблик", endingNow(1_200) - 86_400_000);
    const first = await get("search", { q: "зюзяблик" }, undefined, "search");
    expect(first.json).toMatchObject({ status: 200, count: 1000, count_more: 1 });
    expect(first.json.results).toHaveLength(20);
    await insertQuestions(2_400, "Зюзяблик", endingNow(2_400));
    const twice = await get("search", { q: "зюзяблик" }, undefined, "search");
    expect(twice.json).toMatchObject({ status: 200, count: 1000, count_more: 1 });
    expect(rowsRead(twice.res)).toBeGreaterThan(0);
    // three times the matches, the same work: the index is read up to the window and no further
    expect(rowsRead(twice.res)).toBeLessThanOrEqual(rowsRead(first.res) * 1.05 + 50);
    // the questions' window and the answers' window, merged by question: about four reads a match of the window
    expect(rowsRead(twice.res)).toBeLessThan(10_000);
    const byDate = await get("search", { q: "зюзяблик", s: "date", num: 5 }, undefined, "search");
    const newest = await env.DB.prepare("select id from questions where qtext like 'Зюзяблик%' order by added desc, id desc limit 5").all<{ id: number }>();
    expect(byDate.json.results.map((r: Json) => r.id)).toEqual(newest.results.map((r) => r.id));
  });

  it("a search with fewer matches than the window still counts them exactly", async () => {
    await insertQuestions(7, "Крокозябра", endingNow(7));
    const { json } = await get("search", { q: "крокозябра" }, undefined, "search");
    expect(json).toMatchObject({ status: 200, count: 7 });
    expect(json.count_more).toBeUndefined();
  });
});

describe("listings of every comment are capped at 500", () => {
  /** Inserts `n` comments on question `qid`: top-level, or replies to `parent` (whose comcnt follows). */
  async function insertComments(qid: number, n: number, parent: number | null): Promise<void> {
    const depth = parent === null ? 0 : 1;
    await env.DB.batch([
      env.DB.prepare(
        `insert into comments (qid, ref_type, ref_id, parent_id, depth, user_id, text, added)
         select ?1, 'Q', ?1, ?2, ?3, 2, 'Комментарий номер ' || value, ?4 + value from json_each(?5)`,
      ).bind(qid, parent, depth, Date.now(), JSON.stringify(Array.from({ length: n }, (_, i) => i + 1))),
      parent === null
        ? env.DB.prepare("update questions set comcnt = comcnt + ?2 where id = ?1").bind(qid, n)
        : env.DB.prepare("update comments set comcnt = comcnt + ?2 where id = ?1").bind(parent, n),
    ]);
  }
  const flat = (list: Json[]): Json[] => list.flatMap((c) => [c, ...flat(c.comments)]);

  it("all_comments of a question with 700 comments lists the oldest 500", async () => {
    const [qid] = await insertQuestions(1, "Обсуждаемый вопрос", endingNow(1));
    await insertComments(qid, 700, null);
    const { json } = await get("all_comments", { type: "Q", refid: qid });
    expect(json.status).toBe(200);
    const listed = flat(json.comments).map((c) => c.cmid);
    const oldest = await env.DB.prepare("select id from comments where ref_type = 'Q' and ref_id = ? order by id limit 500").bind(qid).all<{ id: number }>();
    expect(listed).toEqual(oldest.results.map((r) => r.id));
  });

  it("all_comments under a comment with 700 replies lists 499 of them with the parent and says how many are left", async () => {
    const [qid] = await insertQuestions(1, "Ветка комментариев", endingNow(1));
    await insertComments(qid, 1, null);
    const parent = await value("select id v from comments where ref_id = ? and ref_type = 'Q'", qid);
    await insertComments(qid, 700, parent);
    const { json } = await get("all_comments", { type: "C", refid: parent });
    expect(json.status).toBe(200);
    expect(json.comments).toHaveLength(499);
    expect(json.more).toBe(201);
  });
});

describe("a question takes at most 10 supplements", () => {
  it("the 11th supplement is refused with 151 and D1 keeps 10", async () => {
    const asker = await newUser("Дополняющий", { points: 500 });
    const asked = await post("addqst", { qtext: "Сколько дополнений можно добавить?", cid: category.top, subcid: category.id }, asker);
    expect(asked.json.status).toBe(200);
    const qid = asked.json.qid;
    for (let i = 1; i <= 10; i++) expect((await post("updqst", { qid, Body: `Дополнение ${i}` }, asker)).json.status).toBe(200);
    const eleventh = await post("updqst", { qid, Body: "Одиннадцатое дополнение" }, asker);
    expect(eleventh.json).toEqual({ status: 409, errid: 151, error: "К вопросу можно добавить не больше 10 дополнений" });
    expect(await value("select count(*) v from supplements where qid = ?", qid)).toBe(10);
  });

  it("a question page shows at most 10 supplements, even of a question that holds more", async () => {
    const [qid] = await insertQuestions(1, "Вопрос со старыми дополнениями", endingNow(1));
    const now = Date.now();
    await env.DB.prepare("insert into supplements (qid, text, added) select ?1, 'Старое дополнение ' || value, ?2 + value from json_each(?3)")
      .bind(qid, now, JSON.stringify(Array.from({ length: 25 }, (_, i) => i + 1)))
      .run();
    expect((await get("question", { qid })).json.adds).toHaveLength(10);
    const html = (await page(`/question/${qid}`)).html;
    expect(html.match(/Старое дополнение \d+/g)).toHaveLength(10);
    expect(await countRows("supplements")).toBeGreaterThan(25);
  });
});
