/**
 * The search page's address: /search[/q-{type}][/c-{cat}][/s-{sort}][/p-{period}][/w-{where}][/{query}].
 * The filters come in that order, each at most once; the query, percent-encoded, is the last
 * segment. A segment that begins like a filter (a filter letter and a dash) is a filter, so a
 * query that begins so is written with its first letter percent-encoded («c-класс» as
 * «%63-класс»). An unknown filter value, a filter out of order or an extra segment is not a
 * search page (404). Shared by the page, its links and the search box.
 */

export const SEARCH_TYPES = ["open", "closed", "voted"] as const;
export const SEARCH_SORTS = ["date", "relevance"] as const;
export const SEARCH_WHERE = ["q", "a"] as const;
/** Periods in seconds: a day, three days, a week, a month, a year, and 0 for any time. */
export const SEARCH_PERIODS = [86_400, 259_200, 604_800, 2_592_000, 31_536_000, 0] as const;
/** The query is cut to this many characters once percent-encoded. */
export const QUERY_CUT = 750;

export type SearchFilters = {
  type?: (typeof SEARCH_TYPES)[number];
  /** a category's urlname (or id) */
  cat?: string;
  sort?: (typeof SEARCH_SORTS)[number];
  period?: (typeof SEARCH_PERIODS)[number];
  where?: (typeof SEARCH_WHERE)[number];
};

export type SearchAddress = SearchFilters & { query: string };

const ORDER = ["q", "c", "s", "p", "w"] as const;
const FILTER = /^([qcspw])-(.*)$/s;

const oneOf = <T extends string | number>(list: readonly T[], v: string | number): T | undefined => list.find((x) => x === v);

/** The query cut so that, percent-encoded, it is at most QUERY_CUT characters (never inside a character). */
export function cutQuery(text: string): string {
  let out = "";
  let len = 0;
  for (const ch of text) {
    len += encodeURIComponent(ch).length;
    if (len > QUERY_CUT) break;
    out += ch;
  }
  return out;
}

/** A query as the last segment of the address. */
function encodeQuery(query: string): string {
  const e = encodeURIComponent(query);
  return FILTER.test(e) ? `%${e.charCodeAt(0).toString(16).toUpperCase()}${e.slice(1)}` : e;
}

/** The address of a search: the filters set (defaults left out: every type, any time, questions and answers, by relevance) and the query. */
export function searchHref(a: SearchAddress): string {
  const parts = ["/search"];
  if (a.type) parts.push(`q-${a.type}`);
  if (a.cat) parts.push(`c-${encodeURIComponent(a.cat)}`);
  if (a.sort && a.sort !== "relevance") parts.push(`s-${a.sort}`);
  if (a.period) parts.push(`p-${a.period}`);
  if (a.where) parts.push(`w-${a.where}`);
  const q = cutQuery(a.query);
  if (q.trim() !== "") parts.push(encodeQuery(q));
  return parts.join("/");
}

/** A search page's address read back (the path after the host), or null when it is not one. */
export function parseSearchPath(pathname: string): SearchAddress | null {
  const segs = pathname.split("/");
  if (segs[0] !== "" || segs[1] !== "search") return null;
  const rest = segs.slice(2);
  if (rest.length > 0 && rest[rest.length - 1] === "") rest.pop();
  const out: SearchAddress = { query: "" };
  let next = 0;
  for (let i = 0; i < rest.length; i++) {
    const raw = rest[i];
    const m = FILTER.exec(raw);
    if (!m) {
      if (i !== rest.length - 1 || raw === "") return null;
      const q = decode(raw);
      if (q === null) return null;
      out.query = cutQuery(q);
      break;
    }
    const at = ORDER.indexOf(m[1] as (typeof ORDER)[number]);
    if (at < next) return null;
    next = at + 1;
    const v = decode(m[2]);
    if (v === null || v === "") return null;
    switch (m[1]) {
      case "q":
        out.type = oneOf(SEARCH_TYPES, v);
        if (!out.type) return null;
        break;
      case "c":
        out.cat = v;
        break;
      case "s":
        out.sort = oneOf(SEARCH_SORTS, v);
        if (!out.sort) return null;
        break;
      case "p":
        out.period = /^[0-9]{1,9}$/.test(v) ? oneOf(SEARCH_PERIODS, Number(v)) : undefined;
        if (out.period === undefined) return null;
        break;
      default:
        out.where = oneOf(SEARCH_WHERE, v);
        if (!out.where) return null;
    }
  }
  return out;
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
