/**
 * Search (docs/decisions/0012-misc-calls.md, 0028-search.md):
 * - similar questions {keyword[, qid]}: at most 5 visible questions whose titles share words with the
 *   keyword, in any word form — the ask form's suggestions and the question page's block;
 * - the search page (the page /search/… and the call at /api/search/search {q, num, sf, zvstate, s,
 *   zVCat, zdts, question_only, answers_only}): {results, count};
 * - suggestions {q} for the search box (suggest.server.ts): popular titles beginning with what is typed.
 *
 * How words match: the FTS5 indexes `questions_fts` (titles and explanations) and `answers_fts`
 * (answers) hold the stems of the texts' words, written by the worker (index.server.ts,
 * app/lib/stems.ts); the words of the query (letters and digits, lower-cased, ё as е, Russian stop
 * words left out) are cut to the same stems and looked up as whole stems, so «ноутбуки» finds
 * «ноутбук» and «ноутбука».
 * Similar questions are then re-ranked by how many of the query's stems are stems of the title's
 * own words (`sameWord`: a short prefix alone, «кот» in «который», does not count); the search page
 * keeps the indexes' order (bm25: title 3, explanation 1, an answer half) or the date.
 *
 * The rank leaves out the query's common stems: bm25 counts the rows of every stem it scores, so a
 * stem found in more than SELECTIVE_MAX rows of an index (a bounded count tells) does not take
 * part in that index's score (its weight there would be small anyway); the rows must still hold
 * it (the AND of the lists, merged once by FTS5). When every stem is common, the window is the newest matches,
 * unranked, among the index's newest rows (COMMON_HORIZON).
 *
 * The search page's work is bounded, however broad its words («по» is a prefix of half the
 * titles): each index gives its newest SEARCH_WINDOW matches only (it walks its rows newest first
 * and stops there); those are ranked and counted, "more than SEARCH_WINDOW" beyond (count =
 * SEARCH_WINDOW, count_more = 1). Similar questions need no window: FTS5 ranks inside the index
 * and hands over only the best rows (ORDER BY rank with a LIMIT).
 */
import { ERR, ERR_MSG } from "../../lib/errids";
import { stopwords } from "@orama/stopwords/russian";
import { z } from "zod";
import { DomainError } from "../../lib/errors";
import { cut, LIMITS } from "../../lib/limits";
import { plainText } from "../../lib/seo";
import { timeAgo } from "../../lib/time-ago";
import { blank, Cat, Offset, OptId, PageSize } from "../../lib/fields";
import { findCategory, getCategoryTree, type CategoryTree } from "../categories/categories.server";
import { adultCategoryIds, liveQuestionText } from "../core/visibility.server";
import { stemOf, termOf, wordsOf } from "../../lib/stems";
import { indexStale } from "./index.server";
import { excerptOf, type Term } from "./marks.server";
import { correctTypos, type Group, type Scope } from "./typos.server";

export { stemOf, wordsOf };

/** At most 5 similar results; queries and texts are cut at 750. */
export const SIMILAR_MAX = 5;
export const SEARCH_CUT = 750;
/** A query shorter than this (trimmed) finds nothing. */
export const KEYWORD_MIN = 3;
/** At most this many words of a query are searched for. */
export const MAX_TERMS = 8;
/** Similar questions are re-ranked among this many index hits. */
const SIMILAR_POOL = 50;
/** The search page ranks and counts at most this many of the newest matching questions. */
export const SEARCH_WINDOW = 1_000;

export const STOP = new Set(stopwords.map((w) => w.replace(/ё/g, "е")));

/** The distinct stems of a query's words, stop words and one-letter words left out, at most MAX_TERMS. */
export function queryStems(text: string): string[] {
  const out: string[] = [];
  for (const w of wordsOf(text)) {
    if (w.length < 2 || STOP.has(w)) continue;
    const s = termOf(w);
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

/**
 * How many of the query's stems are (by sameWord) stems of the text's own words. A word's stem is
 * its beginning, so a word that shares no stem's first 4 letters (the whole stem, when shorter)
 * cannot be the same word as any, and is not stemmed.
 */
export function sharedStems(stems: string[], text: string): number {
  const own = wordsOf(text)
    .filter((w) => stems.some((s) => w.startsWith(s.slice(0, 4))))
    .map(stemOf);
  return stems.filter((s) => own.some((w) => sameWord(s, w))).length;
}

/** An FTS5 query: each stem as a whole ("ноутбук"), joined by OR or AND, optionally in the title only. */
function ftsQuery(stems: string[], op: "OR" | "AND", titleOnly: boolean): string {
  const terms = stems.map((s) => `"${s}"`).join(` ${op} `);
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

export const VISIBLE = liveQuestionText("q");

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
 * `search`: with `q` the search page's search (question_only=1 the questions alone, answers_only=1
 * the answers alone, both at once refused with 400), else the similar questions of `keyword`. A
 * similar-questions keyword shorter than 3 characters, or of stop words only, finds nothing.
 */
export async function search(env: Env, input: z.infer<typeof SearchInput>, adult: boolean, now: number) {
  if (input.q !== undefined) {
    if (input.question_only === "1" && input.answers_only === "1") throw new DomainError(ERR.badFields);
    const { terms: _terms, ...page } = await searchPage(
      env,
      {
        text: input.q,
        scope: input.question_only === "1" ? "q" : input.answers_only === "1" ? "a" : "qa",
        sort: input.s ?? "relevance",
        state: input.zvstate ? ZV_STATES[input.zvstate] : undefined,
        cat: input.zVCat,
        period: input.zdts,
        num: input.num ?? LIMITS.pageSize,
        sf: input.sf ?? 0,
        adult,
        withBest: true,
      },
      now,
    );
    return page;
  }
  return { results: await similarSearch(env, input.keyword ?? "", input.qid, now, adult) };
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

/**
 * Up to 5 visible questions sharing word stems with the keyword, most shared stems first; none of
 * the adult categories unless the reader confirmed his age (`adult`).
 */
export async function similarSearch(env: Env, keyword: string, exceptQid: number | undefined, now: number, adult: boolean): Promise<SimilarResult[]> {
  const text = keyword.trim().slice(0, SEARCH_CUT);
  if (Array.from(text).length < KEYWORD_MIN) return [];
  const stems = queryStems(text);
  if (stems.length === 0) return [];
  const tree = await getCategoryTree(env, now);
  const closed = adult ? [] : adultCategoryIds(tree);
  const shown = closed.length > 0 ? `and q.category_id not in (${closed.join(",")})` : "";
  // FTS5 ranks inside the index and hands over only the best SIMILAR_POOL rows (ORDER BY rank with a LIMIT)
  // one statement: the hits (none: one row of nulls) and whether rows wait for their stems (written outside the worker)
  const similar = env.DB.prepare(
    `select h.*, exists (select 1 from search_stale) as stale from (select 1) left join (
       select q.id, q.qtext, q.state, q.anscnt, q.poll_type, q.category_id, q.added, u.id as uid, u.nick, null as banswer, questions_fts.rank as rnk
         from questions_fts join questions q on q.id = questions_fts.rowid join users u on u.id = q.user_id
         where questions_fts match ?1 and ${VISIBLE} ${shown} and q.id != ?2
         order by questions_fts.rank limit ${SIMILAR_POOL}) h on true
     order by h.rnk`,
  ).bind(ftsQuery(stems, "OR", true), exceptQid ?? 0);
  let hits = (await similar.all<Row & { stale: number }>()).results;
  if (hits[0]?.stale) {
    await indexStale(env.INDEX_DB ?? env.DB, STALE_BEFORE_SEARCH);
    hits = (await similar.all<Row & { stale: number }>()).results;
  }
  return hits
    .filter((r) => r.id != null)
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
 * The words of the search page's query: stop words and repeats left out, at most MAX_TERMS. A
 * query of stop words only is searched for by its words as they are, so «что это» still finds
 * something.
 */
export function searchGroups(text: string): Group[] {
  const words = wordsOf(text);
  const keep = words.filter((w) => !STOP.has(w));
  const out: Group[] = [];
  for (const w of keep.length > 0 ? keep : words) {
    const t: Term = { s: termOf(w) };
    if (out.some((g) => g.alts[0].s === t.s)) continue;
    out.push({ word: w, alts: [t] });
    if (out.length === MAX_TERMS) break;
  }
  return out;
}

/** An FTS5 expression of one group: its term, or its alternatives OR-ed, each a whole term ("ноутбук"). */
function groupQuery(g: Group): string {
  const term = (t: Term) => `"${t.s}"`;
  return g.alts.length === 1 ? term(g.alts[0]) : `(${g.alts.map(term).join(" OR ")})`;
}

// ---------------------------------------------------------------- searching

export type SearchSort = "relevance" | "date";
/** The search page's question states: open, on voting, resolved. */
export type SearchState = "A" | "V" | "R";

export type SearchQuery = {
  text: string;
  scope: Scope;
  sort: SearchSort;
  state?: SearchState;
  /** a category's id or urlname */
  cat?: string;
  /** only questions asked within this many seconds (0 or absent: any time) */
  period?: number;
  num: number;
  sf: number;
  /** the reader confirmed being an adult: questions of the adult categories are found too */
  adult: boolean;
  /** each result's best answer is read too (the call gives it; the search page shows none) */
  withBest: boolean;
};

export type SearchResult = {
  id: number;
  question: string;
  /** the matching answer, an excerpt around its first matched word (null when the question itself matched) */
  answer: string | null;
  /** that answer's id */
  aid: number | null;
  /** the question's explanation around its first matched word, null without one */
  comment: string | null;
  /** the best answer, plain text cut at 750 (null when the search did not ask for it) */
  banswer: string | null;
  catname: string;
  urlname: string;
  author: { id: number; nick: string };
  state: string;
  count: number;
  time_ago: string;
  is_poll: 0 | 1;
};

export type SearchPage = {
  results: SearchResult[];
  /** the matches counted, at most SEARCH_WINDOW; `count_more: 1` says there were more */
  count: number;
  count_more?: 1;
  sf: number;
  num: number;
  /** the words searched for, for the page to highlight */
  terms: Term[];
  /** the query as it was searched for after a typo was corrected, when one was */
  corrected?: string;
};

type PageRow = Row & { qcomment: string; answer: string | null; aid: number | null };

/**
 * The search page: visible questions having every word of the query (by stem; a short word as it
 * is) in the title or the explanation, or all of them in one visible answer, filtered by state,
 * category and period, by relevance (default) or date; `num` a page from `sf`. The question's and
 * the answers' indexes each give their newest SEARCH_WINDOW + 1 matches at most; those are merged
 * by question, ranked and counted: `count` stops at SEARCH_WINDOW and `count_more: 1` says there
 * were more. When nothing is found and a word of 5 letters or more is unknown to the indexes, the
 * query is searched for again with that word corrected by one letter.
 */
export async function searchPage(env: Env, query: SearchQuery, now: number): Promise<SearchPage> {
  const text = query.text.trim().slice(0, SEARCH_CUT);
  const groups = searchGroups(text);
  const empty: SearchPage = { results: [], count: 0, sf: query.sf, num: query.num, terms: [] };
  if (groups.length === 0) return empty;
  const tree = await getCategoryTree(env, now);
  const where = [VISIBLE];
  const binds: unknown[] = [];
  if (query.state) {
    where.push(`q.state = ?${binds.length + 1}`);
    binds.push(query.state);
  }
  if (query.cat !== undefined) {
    const c = findCategory(tree, query.cat);
    where.push(c.parentId == null ? `q.top_category_id = ?${binds.length + 1}` : `q.category_id = ?${binds.length + 1}`);
    binds.push(c.id);
  }
  if (query.period) {
    where.push(`q.added >= ?${binds.length + 1}`);
    binds.push(now - query.period * 1000);
  }
  const adult = adultCategoryIds(tree);
  if (!query.adult && adult.length > 0) where.push(`q.category_id not in (${adult.join(",")})`);

  const run = (gs: Group[]) => runSearch(env, query, where.join(" and "), binds, tree, gs, now);
  const first = await run(groups);
  if (first.count > 0) return first;
  const fixed = await correctTypos(env, groups, query.scope);
  if (!fixed) return first;
  const second = await run(fixed);
  return second.count > 0 ? { ...second, corrected: fixed.map((g) => g.word).join(" ") } : first;
}

/**
 * A stem found in more rows of an index than this is common there: it is left out of that index's
 * bm25 score (counting its rows would cost as much as it is common) and only checked row by row.
 * It is the window's size: counting a stem's rows up to it reads no more than the window itself
 * (measured on a store of 100,000 questions and a million answers: well under a millisecond).
 */
const SELECTIVE_MAX = SEARCH_WINDOW;
/** Rows still waiting for their stems that a search stems before it reads the indexes again (more are left to the cron and the next searches). */
const STALE_BEFORE_SEARCH = 20_000;

/**
 * One index's window, in SQL: its newest SEARCH_WINDOW + 1 rows holding every group. `{c}m`, a
 * materialized CTE made once per statement, holds the groups' bounded counts: `sel` the selective
 * groups AND-ed, `com` the common ones, `alle` all of them. The rows are walked by `sel` (scored by
 * bm25 over it: short lists), each kept when it is among the rows of `sel AND com`, a set FTS5
 * makes once by merging the lists (looking each row up in a common group's long list instead took
 * 38–72 ms for 890 rows at a million questions, against about 1 ms); with no selective group, by
 * `alle`, unscored (the CASE never calls bm25, so nothing counts the long lists). While rows wait
 * for their stems the groups are not counted and the window is empty: the search is made again
 * once they are stemmed.
 */
/**
 * An FTS5 expression no row matches, at once: a private-use character is a token to FTS5 but never
 * part of an indexed word (app/lib/stems.ts takes letters and digits only).
 */
const NOTHING = `'"' || char(57344) || '"'`;

/**
 * How far back, in rows of its table, an index is searched when every group of the query is
 * common in it. Such a query has no short list to walk: its window is the AND of long lists,
 * read newest first until SEARCH_WINDOW rows hold every group, and when those groups are seldom
 * together that walk went to the end of the shorter list, growing with the site. Bounded to the
 * newest rows, it reads about as much at a million questions as at a thousand; a query with a
 * selective group still searches everything.
 */
export const COMMON_HORIZON = { questions_fts: 100_000, answers_fts: 300_000 } as const;

function windowCtes(fts: "questions_fts" | "answers_fts", name: "q" | "a", groupsParam: string) {
  const counted = `${name}c as materialized (select j.value as e,
        (select count(*) from (select 1 from ${fts} where ${fts} match j.value limit ${SELECTIVE_MAX + 1})) as n
      from json_each(${groupsParam}) j where not exists (select 1 from search_stale))`;
  const split = `${name}m as materialized (select
        (select group_concat(e, ' AND ') from ${name}c where n <= ${SELECTIVE_MAX}) as sel,
        (select group_concat(e, ' AND ') from ${name}c where n > ${SELECTIVE_MAX}) as com,
        (select group_concat(e, ' AND ') from ${name}c) as alle)`;
  const sel = `(select sel from ${name}m)`;
  const com = `(select com from ${name}m)`;
  const weights = fts === "questions_fts" ? ", 3.0, 1.0" : "";
  const table = fts === "questions_fts" ? "questions" : "answers";
  // a plain rowid bound, so FTS5 stops its walk there (0 when a selective group drives the walk)
  const horizon = `(select case when sel is null then coalesce((select max(id) from ${table}), 0) - ${COMMON_HORIZON[fts]} else 0 end from ${name}m)`;
  return {
    ctes: [counted, split],
    score: `(case when ${sel} is null then 0 else bm25(${fts}${weights}) end)`,
    match: `${fts} match (select coalesce(sel, alle, ${NOTHING}) from ${name}m)
        and ${fts}.rowid > ${horizon}
        and (${sel} is null or ${com} is null
             or ${fts}.rowid in (select c.rowid from ${fts}((select sel || ' AND ' || com from ${name}m)) c))`,
  };
}

async function runSearch(
  env: Env,
  query: SearchQuery,
  where: string,
  filterBinds: unknown[],
  tree: CategoryTree,
  groups: Group[],
  now: number,
): Promise<SearchPage> {
  const limit = SEARCH_WINDOW + 1;
  const binds = [...filterBinds];
  const bind = (v: unknown) => `?${binds.push(v)}`;
  // each index's window binds its own groups: only the windows the scope reads are built
  const exprs = groups.map(groupQuery);
  const none = { ctes: [], score: "", match: "" };
  const qw =
    query.scope === "a" ? none : windowCtes("questions_fts", "q", bind(JSON.stringify(query.scope === "q" ? exprs.map((e) => `title : ${e}`) : exprs)));
  const aw = query.scope === "q" ? none : windowCtes("answers_fts", "a", bind(JSON.stringify(exprs)));
  const qhit = `qhit as (select q.id as qid, q.added as added, ${qw.score} as score, null as aid
      from questions_fts join questions q on q.id = questions_fts.rowid
      where ${qw.match} and ${where}
      order by questions_fts.rowid desc limit ${limit})`;
  // an answer's match weighs half a match of its question's own words (bm25 scores are negative: lower ranks first)
  const ahit = `ahit as (select q.id as qid, q.added as added, ${aw.score} * 0.5 as score, a.id as aid
      from answers_fts join answers a on a.id = answers_fts.rowid join questions q on q.id = a.qid
      where ${aw.match} and a.hidden = 0 and ${where}
      order by answers_fts.rowid desc limit ${limit})`;
  // per question: its best score, and its best-matching answer
  const byQuestion = "select qid, added, min(score) as score, aid from ahit group by qid";
  const ctes =
    query.scope === "q"
      ? [...qw.ctes, qhit, "hit as (select * from qhit)"]
      : query.scope === "a"
        ? [...aw.ctes, ahit, `hit as (${byQuestion})`]
        : [
            ...qw.ctes,
            ...aw.ctes,
            qhit,
            ahit,
            `hit as (select qid, max(added) as added, min(score) as score, max(aid) as aid from (select * from qhit union all ${byQuestion}) group by qid)`,
          ];
  // the count reads each window once: the questions it holds, and how full each window was
  const counting =
    query.scope === "q"
      ? "select count(*) as n, count(*) as nq, 0 as na from qhit"
      : query.scope === "a"
        ? "select count(distinct qid) as n, 0 as nq, count(*) as na from ahit"
        : "select count(distinct qid) as n, sum(aid is null) as nq, sum(aid is not null) as na from (select qid, aid from qhit union all select qid, aid from ahit)";
  const order = query.sort === "date" ? "hit.added desc, hit.qid desc" : "hit.score, hit.added desc, hit.qid desc";
  const best = query.withBest ? "(select a.text from answers a where a.id = q.best_answer_id and a.hidden = 0)" : "null";
  const pageOrder = query.sort === "date" ? "p.hadded desc, p.id desc" : "p.hscore, p.hadded desc, p.id desc";
  // one statement: the windows are read once for the page and its count (a row of counts with no
  // page rows when the page is past the end), and whether rows wait for their stems
  const statement = env.DB.prepare(
    `with ${ctes.join(",\n")}
     select c.*, exists (select 1 from search_stale) as stale, p.* from (${counting}) c left join (
       select q.id, q.qtext, q.qcomment, q.state, q.anscnt, q.poll_type, q.category_id, q.added, u.id as uid, u.nick,
           ${best} as banswer,
           (select a.text from answers a where a.id = hit.aid) as answer, hit.aid as aid, hit.score as hscore, hit.added as hadded
         from (select * from hit order by ${order} limit ${query.num} offset ${query.sf}) hit
         join questions q on q.id = hit.qid join users u on u.id = q.user_id) p on true
     order by ${pageOrder}`,
  ).bind(...binds);
  type Out = PageRow & { n: number; nq: number; na: number; stale: number };
  let out = (await statement.all<Out>()).results;
  if (out[0]?.stale) {
    // rows written outside the worker wait for their stems: stemmed first (counted apart from the search's reads), then searched again
    await indexStale(env.INDEX_DB ?? env.DB, STALE_BEFORE_SEARCH);
    out = (await statement.all<Out>()).results;
  }
  const rows = out.filter((r) => r.id != null);
  const counts: Partial<Out> = out[0] ?? { n: 0 };
  const found = counts.n ?? 0;
  const more = found > SEARCH_WINDOW || (counts.nq ?? 0) > SEARCH_WINDOW || (counts.na ?? 0) > SEARCH_WINDOW;
  const terms = groups.flatMap((g) => g.alts);
  return {
    results: rows.map((r) => shapeResult(r, tree, terms, now)),
    count: Math.min(found, SEARCH_WINDOW),
    ...(more ? { count_more: 1 as const } : {}),
    sf: query.sf,
    num: query.num,
    terms,
  };
}

function shapeResult(r: PageRow, tree: CategoryTree, terms: Term[], now: number): SearchResult {
  const c = tree.byId.get(r.category_id);
  return {
    id: r.id,
    question: r.qtext,
    answer: r.answer ? excerptOf(r.answer, terms) : null,
    aid: r.answer ? r.aid : null,
    comment: r.qcomment ? excerptOf(r.qcomment, terms) : null,
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
