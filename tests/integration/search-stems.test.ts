/**
 * The search indexes hold word stems written by the worker: a question or an answer is found by
 * other forms of its words, ё and е are one letter, an edit re-indexes the text in its own batch,
 * deleted and hidden items are not found, and a store made before the stem index is reindexed.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { termsOfHtml, termsOfText } from "../../app/lib/stems";
import { indexStale } from "../../app/models/search/index.server";
import { get, type Me, post } from "./helpers/api";
import { all, value } from "./helpers/db";
import { newUser } from "./helpers/users";

let serial = 0;
const search = (params: Record<string, string | number>, who?: Me) => get("search", params, who, "search", `198.51.100.${++serial % 250}`);
const foundIds = async (params: Record<string, string | number>) => ((await search(params)).json.results as { id: number }[]).map((r) => r.id);
/** The rows of an index that hold a stem, read straight from D1. */
const indexed = (fts: "questions_fts" | "answers_fts", stem: string) =>
  all<{ rowid: number }>(`select rowid from ${fts} where ${fts} match ?`, `"${stem}"`).then((rows) => rows.map((r) => r.rowid));
const waiting = () => value("select count(*) v from search_stale");

async function ask(me: Me, qtext: string, Body = "") {
  const { json } = await post("addqst", { qtext, Body, cid: "1", subcid: "100" }, me);
  expect(json.status).toBe(200);
  return json.qid as number;
}

describe("the stem index", () => {
  it("a question asked on the site is found by other forms of its words, its stems written in the ask's own batch", async () => {
    const me = await newUser("Кактусовод");
    const qid = await ask(me, "Почему кактусы не цветут на подоконнике?", "Поливаю редко, солнца много");
    // nothing waits: the ask's batch wrote the stems, not a later pass
    expect(await waiting()).toBe(0);
    expect(await indexed("questions_fts", "кактус")).toContain(qid);
    expect(await indexed("questions_fts", "кактусы")).not.toContain(qid);
    for (const q of ["кактус", "кактусов", "подоконники", "цветёт", "поливать солнце"])
      expect({ q, found: (await foundIds({ q })).includes(qid) }).toEqual({ q, found: true });
    // a shorter beginning of a word is not its stem
    expect(await foundIds({ q: "кактусовод" })).not.toContain(qid);
  });

  it("ё and е are one letter in what is indexed and in what is asked", async () => {
    const me = await newUser("Натуралист");
    const qid = await ask(me, "Почему ёжики сворачиваются клубком?");
    const other = await newUser("Знаток");
    const answer = await post("addans", { qid, Body: "Так ёж защищается от лисы, её зубы не достанут." }, other);
    expect(answer.json.status).toBe(200);
    for (const q of ["ежики", "ёжика", "ЕЖИК"]) expect({ q, found: (await foundIds({ q })).includes(qid) }).toEqual({ q, found: true });
    expect(await foundIds({ q: "лисе ее", answers_only: 1 })).toContain(qid);
  });

  it("an edited answer is found by its new words and no longer by its old ones", async () => {
    const asker = await newUser("Аквариумист");
    const qid = await ask(asker, "Каких рыбок завести в маленький аквариум?");
    const author = await newUser("Рыбовод");
    const { json } = await post("addans", { qid, Body: "Советую гуппи и меченосцев" }, author);
    expect(json.status).toBe(200);
    expect(await foundIds({ q: "меченосцы", answers_only: 1 })).toEqual([qid]);

    const edit = await post("editans", { qid, update: json.id, Body: "Лучше скалярии и неоны" }, author);
    expect(edit.json).toEqual({ status: 200, id: json.id });
    expect(await waiting()).toBe(0);
    expect(await indexed("answers_fts", "меченосц")).not.toContain(json.id);
    // each search after the edit asks in words of its own, never repeating a request made before it
    expect(await foundIds({ q: "меченосцев", answers_only: 1 })).not.toContain(qid);
    expect(await foundIds({ q: "гуппи", answers_only: 1 })).not.toContain(qid);
    expect(await foundIds({ q: "скалярия", answers_only: 1 })).toContain(qid);
    expect(await foundIds({ q: "неон" })).toContain(qid);
  });

  it("a deleted question and a hidden answer are not found, and a row deleted from D1 leaves the index", async () => {
    const me = await newUser("Передумавший");
    const gone = await ask(me, "Где купить шиповник оптом?");
    expect(await foundIds({ q: "шиповника" })).toEqual([gone]);
    expect((await post("delqst", { qid: String(gone) }, me)).json.status).toBe(200);
    expect(await foundIds({ q: "шиповник" })).toEqual([]);

    const asker = await newUser("Садовод");
    const qid = await ask(asker, "Чем подкормить розы весной?");
    const author = await newUser("Агроном");
    const { json } = await post("addans", { qid, Body: "Подкормите коровяком" }, author);
    expect(await foundIds({ q: "коровяк", answers_only: 1 })).toEqual([qid]);
    await env.DB.prepare("update answers set hidden = 1 where id = ?").bind(json.id).run();
    expect(await foundIds({ q: "коровяком", answers_only: 1 })).toEqual([]);

    // an answer written straight into D1 (not through the worker) waits, is stemmed before the next search, and leaves the index with its row
    const raw = (await env.DB.prepare("insert into answers (qid, user_id, text, added) values (?1, ?2, 'Перегноем из компостера', ?3) returning id")
      .bind(qid, me.id, Date.now())
      .first<number>("id"))!;
    expect(await waiting()).toBe(1);
    expect(await foundIds({ q: "компостеры", answers_only: 1 })).toEqual([qid]);
    expect(await waiting()).toBe(0);
    expect(await indexed("answers_fts", "компостер")).toEqual([raw]);
    await env.DB.prepare("delete from answers where id = ?").bind(raw).run();
    expect(await indexed("answers_fts", "компостер")).toEqual([]);
    expect(await foundIds({ q: "компостер", answers_only: 1 })).toEqual([]);
  });
});

describe("a store made before the stem index", () => {
  it("after the migration the reindex fills both indexes with the stems of every question and answer", async () => {
    // the store as the old migrations left it: indexes of raw words kept by triggers
    const fts = (name: string) => env.TEST_MIGRATIONS.find((m) => m.name.startsWith(name))!.queries.filter((q) => /_fts/.test(q));
    const stemIndex = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0013_"))!.queries;
    await env.DB.batch(
      [
        "drop trigger search_stale_q_ai",
        "drop trigger search_stale_q_au",
        "drop trigger search_stale_q_ad",
        "drop trigger search_stale_a_ai",
        "drop trigger search_stale_a_au",
        "drop trigger search_stale_a_ad",
        "drop table search_stale",
        "drop table questions_fts_words",
        "drop table answers_fts_words",
        "drop table questions_fts",
        "drop table answers_fts",
        ...fts("0004_"),
        ...fts("0008_"),
      ].map((q) => env.DB.prepare(q)),
    );
    const questions = await value("select count(*) v from questions");
    const answers = await value("select count(*) v from answers");
    expect(await indexed("questions_fts", "ноутбук")).not.toEqual([]);

    await env.DB.batch(stemIndex.map((q) => env.DB.prepare(q)));
    expect(await waiting()).toBe(questions + answers);
    expect(await value("select count(*) v from questions_fts_words")).toBe(0);

    // what `npm run db:migrate`, `npm start` and the seeder run after the migrations
    expect(await indexStale(env.DB, Number.POSITIVE_INFINITY)).toBe(questions + answers);
    expect(await waiting()).toBe(0);
    // every question whose title or explanation has a form of «ноутбук» is found by its stem, and only those
    const rows = await all<{ id: number; qtext: string; qcomment: string }>("select id, qtext, qcomment from questions");
    const laptops = rows.filter((r) => `${termsOfText(r.qtext)} ${termsOfHtml(r.qcomment)}`.split(" ").includes("ноутбук")).map((r) => r.id);
    expect(laptops.length).toBeGreaterThan(0);
    expect((await indexed("questions_fts", "ноутбук")).sort()).toEqual(laptops.sort());
    const withAnswers = await value("select count(distinct rowid) v from answers_fts where answers_fts match ?", '"ответ" OR "спасиб" OR "можн"');
    expect(withAnswers).toBeGreaterThan(0);
  });
});
