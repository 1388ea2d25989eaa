import { TOP_CATEGORIES } from "./data";
import { EXTRA_SUBCATEGORIES } from "./data/extra-categories";
import { POLLS } from "./data/polls";
import { LEAF_TOPICS, TOP_TOPICS } from "./data/topics";

/**
 * Checks the word lists against the tree: every subcategory (and childless top category that gets
 * generated questions) has title templates, every `{slot}` has values, every `@sub` tag names a
 * subcategory of that top category, every poll names a category, urlnames are unique.
 */
export function checkSeedData(): void {
  const urls = new Set<string>();
  const add = (u: string) => {
    if (urls.has(u)) throw new Error(`seed: urlname ${u} is used twice`);
    urls.add(u);
  };
  for (const c of TOP_CATEGORIES) {
    add(c.urlname);
    const kids = [...c.subs.map(([, u]) => u), ...EXTRA_SUBCATEGORIES.filter((x) => x.parent === c.id).map((x) => x.urlname)];
    kids.forEach(add);
    const top = TOP_TOPICS[c.id] ?? {};
    const generated = kids.length ? kids : c.titles.length ? [c.urlname] : [];
    for (const u of generated) {
      const leaf = LEAF_TOPICS[u];
      if (!leaf?.q?.length) throw new Error(`seed: no title templates for ${u}`);
      for (const t of [...leaf.q, ...(leaf.x ?? []), ...(leaf.a ?? []), ...(top.x ?? []), ...(top.a ?? [])]) {
        for (const m of t.matchAll(/\{(\w+)\}/g)) {
          if (!leaf.s?.[m[1]] && !top.s?.[m[1]]) throw new Error(`seed: ${u}: no values for {${m[1]}} in «${t}»`);
        }
      }
    }
    for (const e of [...(top.a ?? []), ...(top.x ?? []), ...(top.c ?? [])]) {
      if (!e.startsWith("@")) continue;
      for (const u of e.slice(1, e.indexOf(" ")).split(",")) if (!kids.includes(u)) throw new Error(`seed: ${c.urlname}: @${u} is not its subcategory`);
    }
  }
  for (const p of POLLS) if (!urls.has(p.cat)) throw new Error(`seed: the poll «${p.q}» names an unknown category ${p.cat}`);
}
