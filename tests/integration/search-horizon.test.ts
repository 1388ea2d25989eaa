/**
 * A search whose every word is common in an index (more rows than the window) is looked for among
 * that index's newest rows only, so its work does not grow with the site; a query with a selective
 * word still searches everything.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMON_HORIZON, SEARCH_WINDOW } from "../../app/models/search/search.server";
import { get } from "./helpers/api";

let serial = 0;
const search = (q: string) => get("search", { q, question_only: 1 }, undefined, "search", `198.51.100.${++serial % 250}`);
const ids = async (q: string) => {
  const r = await search(q);
  expect(r.json.status).toBe(200);
  return (r.json.results as { id: number }[]).map((x) => Number(x.id));
};

let category: { id: number; top: number };

/** Questions straight into D1, one a title (the triggers note them for the stem index); the ids, or the given one. */
async function insertQuestions(titles: string[], id?: number): Promise<number[]> {
  const rows = await env.DB.prepare(
    `insert into questions (${id === undefined ? "" : "id, "}user_id, category_id, top_category_id, qtext, qcomment, state, added, state_changed_at, updated_at)
     select ${id === undefined ? "" : `${id}, `}2, ?1, ?2, value, '', 'A', ?3, ?3, ?3 from json_each(?4) returning id`,
  )
    .bind(category.id, category.top, Date.now(), JSON.stringify(titles))
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

beforeAll(async () => {
  category = (await env.DB.prepare(
    "select c.id, c.parent_id top from categories c join categories p on p.id = c.parent_id where p.adult = 0 and c.readonly = 0 order by c.id limit 1",
  ).first<{ id: number; top: number }>())!;
});

describe("a query of common words only", () => {
  it("finds what is among the index's newest rows; a selective word finds the older ones too", async () => {
    const many = (word: string) => Array.from({ length: SEARCH_WINDOW + 1 }, (_, i) => `${word} номер ${i}`);
    await insertQuestions(many("Зебра полосатая"));
    await insertQuestions(many("Жираф пятнистый"));
    const [old] = await insertQuestions(["Зебра и жираф у водопоя"]);
    // in a small store every row is new enough
    expect(await ids("зебра жираф")).toEqual([old]);

    // a question far newer than the old one: the old one falls behind the horizon
    const newId = old + COMMON_HORIZON.questions_fts + 10;
    expect(await insertQuestions(["Жираф и зебра в саванне"], newId)).toEqual([newId]);
    expect(await ids("зебра жираф")).toEqual([newId]);
    // «водопой» is in one row: it drives the walk, over every row
    expect(await ids("зебра жираф водопой")).toEqual([old]);
  });
});
