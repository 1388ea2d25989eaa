import type { Rng } from "./rng";
import { TOP_CATEGORIES } from "./data";
import { EXTRA_SUBCATEGORIES } from "./data/extra-categories";
import { LEAF_TOPICS, TOP_TOPICS } from "./data/topics";
import type { TextCat } from "./text";
import type { SeedTables } from "./tables";

/** A category questions are asked in: a subcategory, or a top category without any. */
export type Leaf = { id: number; top: number; titles: string[]; special: boolean; urlname: string; name: string };

/**
 * The category tree's rows (their question counts completed at the end from `catCount`) and the
 * lists the generator draws a question's category from.
 */
export function seedCategories(T: SeedTables) {
  const leaves: Leaf[] = [];
  const catCount = new Map<number, number>();
  const allCategoryIds: number[] = [];
  let subId = 100;
  TOP_CATEGORIES.forEach((c, i) => {
    T.categories.add(c.id, null, c.name, c.urlname, i, c.readonly ? 1 : 0, 0, c.adult ? 1 : 0, c.special ?? null, 0, 0);
    allCategoryIds.push(c.id);
    if (c.subs.length === 0) {
      if (c.titles.length > 0) {
        const special = !!c.special || c.id === 601 || c.id === 2024 || !!c.readonly;
        leaves.push({ id: c.id, top: c.id, titles: c.titles, special, urlname: c.urlname, name: c.name });
      }
      return;
    }
    c.subs.forEach(([name, urlname], j) => {
      const id = subId++;
      T.categories.add(id, c.id, name, urlname, j, 0, 0, c.adult ? 1 : 0, null, 0, 0);
      allCategoryIds.push(id);
      leaves.push({ id, top: c.id, titles: c.titles, special: false, urlname, name });
    });
  });
  // the showcase picks its categories from these lists by position, so the extra subcategories
  // (explicit ids 171+) join only the lists the generated questions use
  const ordinaryLeaves = leaves.filter((l) => !l.special);
  const bulkLeaves = [...ordinaryLeaves];
  const specialLeaves = leaves.filter((l) => l.special);
  for (const x of EXTRA_SUBCATEGORIES) {
    const parent = TOP_CATEGORIES.find((c) => c.id === x.parent)!;
    const position = parent.subs.length + EXTRA_SUBCATEGORIES.filter((e) => e.parent === x.parent && e.id < x.id).length;
    T.categories.add(x.id, parent.id, x.name, x.urlname, position, 0, 0, parent.adult ? 1 : 0, null, 0, 0);
    allCategoryIds.push(x.id);
    bulkLeaves.push({ id: x.id, top: parent.id, titles: parent.titles, special: false, urlname: x.urlname, name: x.name });
  }
  // the migrations already hold the tree (0026_category_tree.sql): the seed completes those rows
  T.categories.upsert = true;
  const leafByUrl = new Map([...bulkLeaves, ...specialLeaves].map((l) => [l.urlname, l]));
  const topByUrl = new Map(TOP_CATEGORIES.map((c) => [c.urlname, c]));
  /** a poll's category by urlname; a top category with subcategories resolves to one of them */
  const pollLeaf = (url: string, r: Rng): Leaf => {
    const leaf = leafByUrl.get(url);
    if (leaf) return leaf;
    const top = topByUrl.get(url);
    const kids = bulkLeaves.filter((l) => l.top === top?.id);
    if (!kids.length) throw new Error(`seed: a poll names an unknown category ${url}`);
    return r.pick(kids);
  };
  const textCat = (l: Leaf): TextCat => ({ urlname: l.urlname, name: l.name, leaf: LEAF_TOPICS[l.urlname] ?? { q: l.titles }, top: TOP_TOPICS[l.top] ?? {} });
  return { catCount, allCategoryIds, ordinaryLeaves, bulkLeaves, specialLeaves, pollLeaf, textCat };
}
