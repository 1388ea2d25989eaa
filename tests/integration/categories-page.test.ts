import { describe, expect, it } from "vitest";
import { page } from "./helpers/api";
import { all, exec } from "./helpers/db";

describe("the categories page", () => {
  it("lays every visible category out in four columns of about the same size, subcategories under their category, and a category whose urlname starts with http links out", async () => {
    // before anything reads the category tree in this file (the isolate keeps it a while)
    await exec("insert into categories (id, parent_id, name, urlname, position) values (3001, null, 'Партнёрский сайт', 'https://partner.example/', 99)");
    const { status, html } = await page("/categories/");
    expect(status).toBe(200);
    // the list alone: the toolbar's menu and the side columns link to categories too
    const list = html.slice(html.indexOf('data-testid="categories"'), html.indexOf("</main>"));
    const columns = list.split('data-testid="category-column"').slice(1);
    expect(columns).toHaveLength(4);
    const sizes = columns.map((c) => (c.match(/<a /g) ?? []).length);
    const total = sizes.reduce((a, b) => a + b, 0);
    const visible = await all("select id from categories where hidden = 0");
    expect(total).toBe(visible.length);
    // filled in order to about a quarter each (a category is never cut from its subcategories)
    const quarter = Math.ceil(total / 4);
    for (const n of sizes.slice(0, 3)) expect(Math.abs(n - quarter)).toBeLessThanOrEqual(8);
    expect(html).toContain('<a href="https://partner.example/" rel="noopener noreferrer external" target="_blank">Партнёрский сайт</a>');
    const sub = await all<{ urlname: string; parent: string }>(
      "select c.urlname, p.urlname parent from categories c join categories p on p.id = c.parent_id where c.hidden = 0 order by c.id limit 1",
    );
    const at = html.indexOf(`href="/${sub[0].parent}/"`);
    expect(at).toBeGreaterThan(0);
    expect(html.indexOf(`href="/${sub[0].urlname}/"`)).toBeGreaterThan(at);
  });
});
