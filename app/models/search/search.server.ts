/**
 * Question search (docs/decisions/0012-misc-calls.md), one call at /api/search/search:
 * - similar questions {keyword[, qid]}: at most 5 visible questions whose titles share words with the
 *   keyword, in any word form — the ask form's suggestions and the question page's block;
 * - the search page {q, num, sf, zvstate, s, zVCat, zdts, question_only}: {results, count}.
 *
 * How words match: the words of the query (letters and digits, lower-cased, ё as е, Russian stop
 * words left out) are cut to their Snowball stems (@orama/stemmers) and looked up as prefixes in
 * the FTS5 index `questions_fts` (migration 0004, kept by triggers), so «ноутбуки» finds
 * «ноутбук» and «ноутбука». Similar questions are then re-ranked by how many of the query's stems
 * are stems of the title's own words (`sameWord`: a short prefix alone, «кот» in «который», does
 * not count); the search page keeps the index's order (bm25, title weighing more) or the date.
 *
 * The search page's work is bounded, however broad its words («по» is a prefix of half the
 * titles): it looks at the newest SEARCH_WINDOW matching questions only (the index walks its rows
 * newest first and stops there), ranks those, and counts at most that many, answering "more than
 * SEARCH_WINDOW" beyond (count = SEARCH_WINDOW, count_more = 1). Similar questions need no window:
 * FTS5 ranks inside the index and hands over only the best rows (ORDER BY rank with a LIMIT).
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { stemmer } from "@orama/stemmers/russian";
import { stopwords } from "@orama/stopwords/russian";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { cut, LIMITS } from "../../lib/limits";
import { plainText } from "../../lib/seo";
import { timeAgo } from "../../lib/time-ago";
import { blank, Cat, Offset, OptId, PageSize } from "../../lib/fields";
import { findCategory, getCategoryTree, type CategoryTree } from "../categories/categories.server";

/** At most 5 similar results; queries and texts are cut at 750. */
export const SIMILAR_MAX = 5;
export const SEARCH_CUT = 750;
/** A query shorter than this (trimmed) finds nothing. */
export const KEYWORD_MIN = 3;
/** At most this many words of a query are searched for. */
const MAX_TERMS = 8;
/** Similar questions are re-ranked among this many index hits. */
const SIMILAR_POOL = 50;
/** The search page ranks and counts at most this many of the newest matching questions. */
export const SEARCH_WINDOW = 1_000;

const STOP = new Set(stopwords.map((w) => w.replace(/ё/g, "е")));

/** The words of a text: runs of letters and digits, lower-cased, ё as е. */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/ё/g, "е")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A word's stem (Russian Snowball; other scripts come back as they are). */
export function stemOf(word: string): string {
  const s = stemmer(word);
  return s.length >= 2 ? s : word;
}

/** The distinct stems of a query's words, stop words and one-letter words left out, at most MAX_TERMS. */
export function queryStems(text: string): string[] {
  const out: string[] = [];
  for (const w of wordsOf(text)) {
    if (w.length < 2 || STOP.has(w)) continue;
    const s = stemOf(w);
    if (!out.includes(s)) out.push(s);
    if (out.length === MAX_TERMS) break;
  }
  return out;
}

/**
 * Two stems name the same word when they are equal, or when one begins with the other and the
 * shorter has at least 4 letters («колюч» and «колючк»: «колючие», «колючки»). A shorter prefix
 * is not enough: «кот» (коты) is not «котор» (который).
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

/** How many of the query's stems are (by sameWord) stems of the text's own words. */
export function sharedStems(stems: string[], text: string): number {
  const own = wordsOf(text).map(stemOf);
  return stems.filter((s) => own.some((w) => sameWord(s, w))).length;
}

/** An FTS5 query: each stem as a prefix ("ноутбук"*), joined by OR or AND, optionally in the title only. */
function ftsQuery(stems: string[], op: "OR" | "AND", titleOnly: boolean): string {
  const terms = stems.map((s) => `"${s}"*`).join(` ${op} `);
  return titleOnly ? `title : (${terms})` : terms;
}

type Row = {
  id: number;
  qtext: string;
  state: string;
  anscnt: number;
  poll_type: string | null;
  category_id: number;
  added: number;
  uid: number;
  nick: string;
  banswer: string | null;
};

const VISIBLE = "q.hidden = 0 and q.state != 'D'";

/**
 * The newest SEARCH_WINDOW + 1 visible questions matching the FTS query ?1 and `where`, with
 * their date and `score`: the index gives its rows newest first (by rowid, the question's id) and
 * the LIMIT stops it there, so a broad query reads a bounded number of rows. The extra row tells
 * that there were more.
 */
function windowOf(where: string, score: string): string {
  return `select q.id as qid, q.added as added, ${score} as score
    from questions_fts join questions q on q.id = questions_fts.rowid
    where questions_fts match ?1 and ${where}
    order by questions_fts.rowid desc limit ${SEARCH_WINDOW + 1}`;
}

// ---------------------------------------------------------------- input

const Flag = z.preprocess(blank, z.enum(["0", "1"], ERR_MSG.badFields).optional());
/** zvstate: 3 open, 2 on voting, 1 resolved (the API's numbers). */
const ZV_STATES = { "3": "A", "2": "V", "1": "R" } as const;

export const SearchInput = z.object({
  keyword: z.preprocess(blank, z.string(ERR_MSG.badFields).optional()),
  /** a question to leave out of the similar ones (its own page) */
  qid: OptId,
  q: z.preprocess(blank, z.string(ERR_MSG.badFields).optional()),
  num: PageSize,
  sf: Offset,
  zvstate: z.preprocess(blank, z.enum(["1", "2", "3"], ERR_MSG.badFields).optional()),
  s: z.preprocess(blank, z.enum(["date", "relevance"], ERR_MSG.badFields).optional()),
  zVCat: Cat,
  /** a period in seconds (86400, 259200, 604800, 2592000, 31536000; 0 for all time) */
  zdts: z.preprocess(
    blank,
    z
      .string(ERR_MSG.badFields)
      .regex(/^[0-9]{1,9}$/, ERR_MSG.badFields)
      .transform(Number)
      .optional(),
  ),
  question_only: Flag,
  answers_only: Flag,
});

/**
 * `search`: with `q` the search page's search, else the similar questions of `keyword`. A query
 * shorter than 3 characters, or of stop words only, finds nothing.
 */
export async function search(env: Env, input: z.infer<typeof SearchInput>, now: number) {
  if (input.q !== undefined) return fullSearch(env, input, now);
  return { results: await similarSearch(env, input.keyword ?? "", input.qid, now) };
}

// ---------------------------------------------------------------- similar questions

export type SimilarResult = {
  id: number;
  question: string;
  catname: string;
  author: { id: number; nick: string };
  state: string;
  count: number;
  is_poll: 0 | 1;
};

/** Up to 5 visible questions sharing word stems with the keyword, most shared stems first. */
export async function similarSearch(env: Env, keyword: string, exceptQid: number | undefined, now: number): Promise<SimilarResult[]> {
  const text = keyword.trim().slice(0, SEARCH_CUT);
  if (Array.from(text).length < KEYWORD_MIN) return [];
  const stems = queryStems(text);
  if (stems.length === 0) return [];
  const [tree, hits] = await Promise.all([
    getCategoryTree(env, now),
    // FTS5 ranks inside the index and hands over only the best SIMILAR_POOL rows (ORDER BY rank with a LIMIT)
    env.DB.prepare(
      `select q.id, q.qtext, q.state, q.anscnt, q.poll_type, q.category_id, q.added, u.id as uid, u.nick, null as banswer
         from questions_fts join questions q on q.id = questions_fts.rowid join users u on u.id = q.user_id
         where questions_fts match ?1 and ${VISIBLE} and q.id != ?2
         order by questions_fts.rank limit ${SIMILAR_POOL}`,
    )
      .bind(ftsQuery(stems, "OR", true), exceptQid ?? 0)
      .all<Row>(),
  ]);
  return hits.results
    .map((r, order) => ({ r, order, score: sharedStems(stems, r.qtext) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, SIMILAR_MAX)
    .map(({ r }) => ({
      id: r.id,
      question: r.qtext,
      catname: tree.byId.get(r.category_id)?.name ?? "",
      author: { id: r.uid, nick: r.nick },
      state: r.state,
      count: r.anscnt,
      is_poll: r.poll_type ? 1 : 0,
    }));
}

// ---------------------------------------------------------------- the search page

/**
 * The search page: visible questions having every word of q (by stem) in the title or the
 * explanation (the title only with question_only=1), filtered by state, category and period, by
 * relevance (default) or date; 20 a page from sf. Only the newest SEARCH_WINDOW of them are ranked
 * and counted: `count` is their number, and `count_more: 1` says there are more than that.
 * Searching answers (answers_only=1) has no index yet: refused with 400.
 */
async function fullSearch(env: Env, input: z.infer<typeof SearchInput>, now: number) {
  if (input.answers_only === "1") throw new DomainError(ERR.badFields);
  const num = input.num ?? LIMITS.pageSize;
  const sf = input.sf ?? 0;
  const text = (input.q ?? "").trim().slice(0, SEARCH_CUT);
  const stems = Array.from(text).length >= KEYWORD_MIN ? queryStems(text) : [];
  const tree = await getCategoryTree(env, now);
  const where = [VISIBLE];
  const binds: unknown[] = [ftsQuery(stems, "AND", input.question_only === "1")];
  if (input.zvstate) {
    where.push(`q.state = ?${binds.length + 1}`);
    binds.push(ZV_STATES[input.zvstate]);
  }
  if (input.zVCat !== undefined) {
    const c = findCategory(tree, input.zVCat);
    where.push(c.parentId == null ? `q.top_category_id = ?${binds.length + 1}` : `q.category_id = ?${binds.length + 1}`);
    binds.push(c.id);
  }
  if (input.zdts) {
    where.push(`q.added >= ?${binds.length + 1}`);
    binds.push(now - input.zdts * 1000);
  }
  if (stems.length === 0) return { results: [], count: 0, sf, num };
  const byDate = input.s === "date";
  const hit = windowOf(where.join(" and "), byDate ? "0" : "bm25(questions_fts, 3.0, 1.0)");
  const order = byDate ? "hit.added desc, hit.qid desc" : "hit.score, hit.added desc, hit.qid desc";
  const [rows, total] = await env.DB.batch<Row | { n: number }>([
    env.DB.prepare(
      `with hit as (${hit})
       select q.id, q.qtext, q.state, q.anscnt, q.poll_type, q.category_id, q.added, u.id as uid, u.nick,
           (select a.text from answers a where a.id = q.best_answer_id and a.hidden = 0) as banswer
         from (select * from hit order by ${order} limit ${num} offset ${sf}) hit
         join questions q on q.id = hit.qid join users u on u.id = q.user_id
         order by ${order}`,
    ).bind(...binds),
    env.DB.prepare(`with hit as (${hit}) select count(*) as n from hit`).bind(...binds),
  ]);
  const results = (rows.results as Row[]).map((r) => shapeResult(r, tree, now));
  const found = (total.results[0] as { n: number } | undefined)?.n ?? 0;
  return { results, count: Math.min(found, SEARCH_WINDOW), ...(found > SEARCH_WINDOW ? { count_more: 1 } : {}), sf, num };
}

function shapeResult(r: Row, tree: CategoryTree, now: number) {
  const c = tree.byId.get(r.category_id);
  return {
    id: r.id,
    question: r.qtext,
    answer: null,
    banswer: r.banswer ? cut(plainText(r.banswer), SEARCH_CUT) : null,
    catname: c?.name ?? "",
    urlname: c?.urlname ?? "",
    author: { id: r.uid, nick: r.nick },
    state: r.state,
    count: r.anscnt,
    time_ago: timeAgo(r.added, now),
    is_poll: r.poll_type ? 1 : 0,
  };
}
