import { describe, expect, it } from "vitest";
import { all } from "./helpers/db";

/**
 * The 'best' tab of a category (its whole branch) and of a subcategory orders resolved questions
 * by marks, then time (app/models/questions/lists.server.ts). At a million questions thousands tie
 * on the top marks, so the page must come in that order from an index, not from a sort of every
 * tied question: the same conditions and order as the list's id subquery.
 */
describe("the best tab's page", () => {
  for (const [name, column] of [
    ["a category's whole branch", "top_category_id"],
    ["a subcategory", "category_id"],
  ] as const) {
    it(`of ${name} is read in order from an index, with no sort`, async () => {
      const plan = await all<{ detail: string }>(
        `EXPLAIN QUERY PLAN SELECT id FROM questions WHERE hidden = 0 AND ${column} = ? AND state = 'R' ORDER BY totalmarks DESC, added DESC LIMIT 20 OFFSET 980`,
        1,
      );
      const details = plan.map((p) => p.detail).join("\n");
      expect(details).toMatch(new RegExp(`SEARCH questions USING INDEX \\w+ \\(${column}=\\? AND state=\\?\\)`));
      expect(details).not.toMatch(/TEMP B-TREE/);
    });
  }
});

/**
 * The whole site's list (no category, tab or section) names questions_live_idx for its page's ids
 * (app/models/questions/lists.server.ts): the index must serve that statement, adult filter
 * included, sorting nothing but questions of one millisecond.
 */
describe("the whole site's list", () => {
  it("is read from the live index alone, in order but for ties of time", async () => {
    const plan = await all<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT id FROM questions INDEXED BY questions_live_idx WHERE hidden = 0 AND state <> 'D' AND category_id NOT IN (SELECT value FROM json_each(?)) ORDER BY added DESC, id DESC LIMIT 20 OFFSET 980`,
      "[13,1301]",
    );
    const details = plan.map((p) => p.detail).join("\n");
    expect(details).toMatch(/SCAN questions USING (COVERING )?INDEX questions_live_idx/);
    expect(details).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
  });
});
