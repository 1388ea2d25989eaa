import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seedCategories } from "../../db/seed/categories";
import { seedTables } from "../../db/seed/tables";

/**
 * The category tree is product data: a database that has had the migrations and nothing else (a
 * fresh production store after `wrangler d1 migrations apply`) has every category and special
 * section the site links to, the same tree the demo seed writes, and applying the tree again
 * changes nothing.
 */
type Row = { id: number; parent_id: number | null; name: string; urlname: string; position: number; readonly: number; adult: number; special: string | null };

const COLS = "id, parent_id, name, urlname, position, readonly, adult, special";
const rowsOf = async (db: D1Database) => (await db.prepare(`SELECT ${COLS} FROM categories ORDER BY id`).all<Row>()).results;

/** the tree as the seed writes it */
function seedTree(): Row[] {
  const T = seedTables();
  seedCategories(T);
  const col = (name: string) => T.categories.cols.indexOf(name);
  return T.categories.rows.map((r) => Object.fromEntries(COLS.split(", ").map((c) => [c, r[col(c)]])) as Row).sort((a, b) => a.id - b.id);
}

describe("an empty database after the migrations alone", () => {
  it("has the whole category tree with its special sections, as the seed writes it, and no user", async () => {
    await applyD1Migrations(env.EMPTY_DB, env.TEST_MIGRATIONS);
    const rows = await rowsOf(env.EMPTY_DB);
    expect(rows).toEqual(seedTree());
    expect(rows.length).toBeGreaterThan(100);
    const users = await env.EMPTY_DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect(users?.n).toBe(0);

    // the sections the site's menus and pages link to
    const special = Object.fromEntries(rows.filter((r) => r.special).map((r) => [r.special, r.urlname]));
    expect(special).toMatchObject({ golden: "golden", smstop: "smstop", nosmoking: "nosmoking", newcomers: "newcomers" });
    // a question can be asked: an ordinary top category with its subcategories
    const comp = rows.find((r) => r.urlname === "comp")!;
    expect(rows.filter((r) => r.parent_id === comp.id).map((r) => r.name)).toContain("Программирование");
  });

  it("applying the tree again changes nothing, on the fresh store and on the seeded one", async () => {
    const tree = env.TEST_MIGRATIONS.find((m) => m.name.includes("category_tree"));
    expect(tree).toBeDefined();
    for (const db of [env.EMPTY_DB, env.DB]) {
      const before = await rowsOf(db);
      // an administrator's rename is kept too
      await db.prepare("UPDATE categories SET name = 'Программирование и код' WHERE urlname = 'prog'").run();
      await db.batch(tree!.queries.map((q) => db.prepare(q)));
      const after = await rowsOf(db);
      expect(after.find((r) => r.urlname === "prog")?.name).toBe("Программирование и код");
      expect(after.map((r) => ({ ...r, name: r.urlname === "prog" ? "Программирование" : r.name }))).toEqual(before);
    }
  });
});
