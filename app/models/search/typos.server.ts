/**
 * Typos in the search page's query (docs/decisions/0034): a long word whose stem neither index
 * holds is looked for again with one letter changed, by the stems one edit away that the indexes'
 * lists of stems (`questions_fts_words`, `answers_fts_words`) hold, the most frequent first.
 */
import type { Term } from "./marks.server";

/** Where the search page looks: the question (title and explanation) and its answers, the question only, or the answers only. */
export type Scope = "qa" | "q" | "a";

/** One word of the query: any of its alternatives (more than one after a typo was corrected) must be found. */
export type Group = { word: string; alts: Term[] };

/** A word this long or longer is looked for with one letter changed when the index has no word beginning with its stem. */
export const TYPO_MIN_WORD = 5;
/** At most this many corrections of one word are searched for (the most frequent). */
const TYPO_ALTS = 3;
/** At most this many words of a query are corrected (the longest unknown ones): each costs about 60 look-ups a letter. */
const TYPO_WORDS = 2;
/** A longer word is no word (Russian words stay well below it) and is not corrected: its candidates would only cost. */
const TYPO_MAX_WORD = 24;
const CYRILLIC = "абвгдежзийклмнопрстуфхцчшщъыьэюя";
const LATIN = "abcdefghijklmnopqrstuvwxyz";

/**
 * The stems one edit away from a stem that are worth looking up: one letter left out, changed,
 * added or two neighbours swapped (in the stem's own alphabet), none shorter than 4 letters (a
 * shorter stem is too many words' to be a correction).
 */
export function oneEditAway(stem: string): string[] {
  const letters = /[а-я]/.test(stem) ? CYRILLIC : /[a-z]/.test(stem) ? LATIN : "";
  const out = new Set<string>();
  const chars = Array.from(stem);
  const n = chars.length;
  for (let i = 0; i < n; i++) {
    const head = chars.slice(0, i).join("");
    const rest = chars.slice(i + 1).join("");
    out.add(head + rest);
    if (i < n - 1) out.add(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(""));
    for (const l of letters) {
      out.add(head + l + rest);
      out.add(head + l + chars[i] + rest);
    }
  }
  for (const l of letters) out.add(stem + l);
  out.delete(stem);
  return [...out].filter((s) => Array.from(s).length >= 4);
}

/**
 * The query's groups with long words the indexes know no stem of (at most TYPO_WORDS, the longest)
 * replaced by their corrections (the one-edit stems the indexes hold, the most frequent first);
 * null when no word needed and had a correction. Two statements: which long words are unknown,
 * then every candidate of those, each one look-up in the indexes' lists of stems. The corrected
 * word shown is the typed word with its stem replaced («калючки» → «колючки»).
 */
export async function correctTypos(env: Env, groups: Group[], scope: Scope): Promise<Group[] | null> {
  const long = groups.filter((g) => Array.from(g.word).length >= TYPO_MIN_WORD && Array.from(g.word).length <= TYPO_MAX_WORD);
  if (long.length === 0) return null;
  const lists = [...(scope !== "a" ? ["questions_fts_words"] : []), ...(scope !== "q" ? ["answers_fts_words"] : [])];
  const found = (list: string) => `(select term || ' ' || doc from ${list} where term = j.value)`;
  const lookUp = async (stems: string[]) => {
    const rows = await env.DB.prepare(`select j.value as v, ${lists.map((l, i) => `${found(l)} as w${i}`).join(", ")} from json_each(?1) j`)
      .bind(JSON.stringify(stems))
      .all<Record<string, string | null>>();
    const known = new Map<string, { word: string; docs: number }>();
    for (const r of rows.results) {
      const hits = lists.map((_, i) => r[`w${i}`]).filter((x): x is string => x != null);
      if (hits.length === 0) continue;
      known.set(r.v!, { word: hits[0].split(" ")[0], docs: hits.reduce((n, h) => n + Number(h.split(" ")[1]), 0) });
    }
    return known;
  };
  const knownWords = await lookUp(long.map((g) => g.alts[0].s));
  const unknown = long
    .filter((g) => !knownWords.has(g.alts[0].s))
    .sort((a, b) => b.word.length - a.word.length)
    .slice(0, TYPO_WORDS);
  if (unknown.length === 0) return null;
  const known = await lookUp([...new Set(unknown.flatMap((g) => oneEditAway(g.alts[0].s)))]);
  let changed = false;
  const out = groups.map((g) => {
    if (!unknown.includes(g)) return g;
    const fixes = oneEditAway(g.alts[0].s)
      .filter((s) => known.has(s))
      .sort((a, b) => known.get(b)!.docs - known.get(a)!.docs)
      .slice(0, TYPO_ALTS);
    if (fixes.length === 0) return g;
    changed = true;
    const typed = g.alts[0].s;
    const ending = g.word.startsWith(typed) ? g.word.slice(typed.length) : "";
    return { word: known.get(fixes[0])!.word + ending, alts: fixes.map((s) => ({ s })) };
  });
  return changed ? out : null;
}
