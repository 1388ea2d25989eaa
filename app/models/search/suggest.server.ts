/**
 * Suggestions for the search box (`suggest`): popular titles of visible questions that begin with
 * what is being typed, matched in the questions' FTS5 index the way search matches (search.server.ts).
 */
import { z } from "zod";
import { ERR_MSG } from "../../lib/errids";
import { blank } from "../../lib/fields";
import { getCategoryTree } from "../categories/categories.server";
import { adultIds, MAX_TERMS, SEARCH_CUT, STOP, stemOf, VISIBLE, wordsOf } from "./search.server";

/** Suggestions come once more than this many characters are typed. */
export const SUGGEST_MIN = 3;
/** At most this many suggestions. */
export const SUGGEST_MAX = 8;
/** The suggestions are the most answered among this many newest titles that match. */
const SUGGEST_POOL = 200;

export const SuggestInput = z.object({ q: z.preprocess(blank, z.string(ERR_MSG.badFields).optional()) });

/**
 * `suggest`: popular titles of visible questions for what is being typed: every finished word by
 * its stem, the word being typed (the last, unless a space follows it) as it is, all as prefixes
 * of the title's words; the most answered among the newest SUGGEST_POOL such titles, at most
 * SUGGEST_MAX, each once. Fewer than 3 characters suggest nothing.
 */
export async function suggest(env: Env, input: z.infer<typeof SuggestInput>, adult: boolean, now: number): Promise<{ items: { text: string }[] }> {
  const text = (input.q ?? "").slice(0, SEARCH_CUT);
  if (Array.from(text.trim()).length < SUGGEST_MIN) return { items: [] };
  const words = wordsOf(text).slice(0, MAX_TERMS);
  const typing = /[\p{L}\p{N}]$/u.test(text) ? words.pop() : undefined;
  const terms = [...new Set(words.filter((w) => !STOP.has(w) && w.length >= 2).map(stemOf))].map((s) => `"${s}"*`);
  if (typing) terms.push(`"${typing}"*`);
  if (terms.length === 0) return { items: [] };
  const tree = await getCategoryTree(env, now);
  const ids = adultIds(tree);
  const notAdult = !adult && ids.length > 0 ? `and q.category_id not in (${ids.join(",")})` : "";
  const rows = await env.DB.prepare(
    `select qtext from (
       select q.qtext, q.anscnt, q.id from questions_fts join questions q on q.id = questions_fts.rowid
         where questions_fts match ?1 and ${VISIBLE} ${notAdult}
         order by questions_fts.rowid desc limit ${SUGGEST_POOL})
     order by anscnt desc, id desc limit ${SUGGEST_MAX * 2}`,
  )
    .bind(`title : (${terms.join(" AND ")})`)
    .all<{ qtext: string }>();
  const seen = new Set<string>();
  const items: { text: string }[] = [];
  for (const r of rows.results) {
    const key = r.qtext.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ text: r.qtext.trim() });
    if (items.length === SUGGEST_MAX) break;
  }
  return { items };
}
