/**
 * Suggestions for the search box (`suggest`): popular titles of visible questions that begin with
 * what is being typed, matched in the questions' FTS5 index of stems the way search matches
 * (search.server.ts). The index holds stems, not words, so the word being typed is matched as a
 * prefix of a title's stem (a stem is the beginning of its word), or, once it is typed past its
 * stem's end («ноутбуки»), by its own beginnings of 1 to 3 letters shorter as whole stems.
 */
import { z } from "zod";
import { ERR_MSG } from "../../lib/errids";
import { blank } from "../../lib/fields";
import { getCategoryTree } from "../categories/categories.server";
import { termOf } from "../../lib/stems";
import { adultCategoryIds } from "../core/visibility.server";
import { MAX_TERMS, SEARCH_CUT, STOP, VISIBLE, wordsOf } from "./search.server";
import { indexStale, STALE_PROBE } from "./index.server";

/** Suggestions come once more than this many characters are typed. */
export const SUGGEST_MIN = 3;
/** At most this many suggestions. */
export const SUGGEST_MAX = 8;
/** A typed word this much longer than its stem can be: it is looked for by its beginnings this much shorter too. */
const ENDING_MAX = 3;

/** The FTS5 expression of the word being typed: a prefix of a stem, or a stem that begins it. */
function typingQuery(typing: string): string {
  const chars = Array.from(typing);
  const whole: string[] = [];
  for (let cut = 1; cut <= ENDING_MAX && chars.length - cut >= 4; cut++) whole.push(`"${chars.slice(0, chars.length - cut).join("")}"`);
  return whole.length > 0 ? `("${typing}"* OR ${whole.join(" OR ")})` : `"${typing}"*`;
}

/** The suggestions are the most answered among this many newest titles that match. */
const SUGGEST_POOL = 200;

export const SuggestInput = z.object({ q: z.preprocess(blank, z.string(ERR_MSG.badFields).optional()) });

/**
 * `suggest`: popular titles of visible questions for what is being typed: every finished word by
 * its stem, the word being typed (the last, unless a space follows it) as the beginning of a
 * title's word (typingQuery); the most answered among the newest SUGGEST_POOL such titles, at most
 * SUGGEST_MAX, each once. Fewer than 3 characters suggest nothing.
 */
export async function suggest(env: Env, input: z.infer<typeof SuggestInput>, adult: boolean, now: number): Promise<{ items: { text: string }[] }> {
  const text = (input.q ?? "").slice(0, SEARCH_CUT);
  if (Array.from(text.trim()).length < SUGGEST_MIN) return { items: [] };
  const words = wordsOf(text).slice(0, MAX_TERMS);
  const typing = /[\p{L}\p{N}]$/u.test(text) ? words.pop() : undefined;
  const terms = [...new Set(words.filter((w) => !STOP.has(w) && w.length >= 2).map(termOf))].map((s) => `"${s}"`);
  if (typing) terms.push(typingQuery(typing));
  if (terms.length === 0) return { items: [] };
  const tree = await getCategoryTree(env, now);
  const ids = adultCategoryIds(tree);
  const notAdult = !adult && ids.length > 0 ? `and q.category_id not in (${ids.join(",")})` : "";
  const query = env.DB.prepare(
    `select qtext from (
       select q.qtext, q.anscnt, q.id from questions_fts join questions q on q.id = questions_fts.rowid
         where questions_fts match ?1 and ${VISIBLE} ${notAdult}
         order by questions_fts.rowid desc limit ${SUGGEST_POOL})
     order by anscnt desc, id desc limit ${SUGGEST_MAX * 2}`,
  ).bind(`title : (${terms.join(" AND ")})`);
  // rows waiting for their stems (written outside the worker) are stemmed first
  const [stale, found] = await env.DB.batch<Record<string, unknown>>([env.DB.prepare(STALE_PROBE), query]);
  let rows = found as D1Result<{ qtext: string }>;
  if (stale.results[0]?.stale) {
    await indexStale(env.INDEX_DB ?? env.DB, 20_000);
    rows = await query.all<{ qtext: string }>();
  }
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
