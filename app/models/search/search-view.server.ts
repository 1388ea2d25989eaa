/**
 * What the search page shows for an address: the results with the matched words marked, the
 * found count in Russian, the filter, sort and 'Показать ещё' links (each keeping the rest of the
 * address), and the ask link carrying the query.
 */
import { cut, LIMITS } from "../../lib/limits";
import { ANSWER, countOf, plural, QUESTION } from "../../lib/plural";
import { searchHref, type SearchAddress, type SearchFilters } from "../../lib/search-path";
import { highlightParts, type Term } from "./marks.server";
import { searchPage, SEARCH_WINDOW, type SearchState } from "./search.server";
import { getCategoryTree, findCategory } from "../categories/categories.server";

/** A result's link label (the question's title) is cut here. */
export const RESULT_LABEL_CUT = 45;

export type Parts = { text: string; mark: boolean }[];
export type SearchLink = { label: string; href: string; current: boolean };

export type SearchResultView = {
  id: number;
  href: string;
  /** the title cut at 45 characters, matched words marked */
  label: Parts;
  title: string;
  isPoll: boolean;
  /** the matching answer's excerpt and its page */
  answer: { parts: Parts; href: string } | null;
  /** the explanation's excerpt, when it holds a matched word and no answer matched */
  comment: Parts | null;
  category: { name: string; href: string } | null;
  author: { id: number; nick: string };
  state: string;
  answers: string;
  timeAgo: string;
};

export type SearchView = {
  status: "empty" | "none" | "found";
  /** 'Найден 1 вопрос', 'Найдено 5 вопросов', 'Найдено более 1000 вопросов' */
  found: string;
  /** the query as searched for after a typo was corrected */
  corrected: string | null;
  results: SearchResultView[];
  next: string | null;
  sorts: SearchLink[];
  filters: { title: string; links: SearchLink[] }[];
  /** the category the search is limited to, and the same search everywhere */
  category: { name: string; clearHref: string } | null;
  askHref: string;
};

const FOUND = ["Найден", "Найдено", "Найдено"] as const;
/** after «более»: более 1 вопроса, более 2 вопросов, более 1000 вопросов */
const MORE_THAN = ["вопроса", "вопросов", "вопросов"] as const;
const STATE_OF = { open: "A", voted: "V", closed: "R" } as const satisfies Record<NonNullable<SearchFilters["type"]>, SearchState>;
const STATE_LABEL: Record<string, string> = { A: "Открытый", V: "На голосовании", R: "Решённый" };

const TYPES: [SearchFilters["type"], string][] = [
  [undefined, "Все"],
  ["open", "Открытые"],
  ["voted", "На голосовании"],
  ["closed", "Решённые"],
];
const PERIODS: [SearchFilters["period"], string][] = [
  [undefined, "За всё время"],
  [86_400, "За сутки"],
  [259_200, "За 3 дня"],
  [604_800, "За неделю"],
  [2_592_000, "За месяц"],
  [31_536_000, "За год"],
];
const SCOPES: [SearchFilters["where"], string][] = [
  [undefined, "В вопросах и ответах"],
  ["q", "Только в вопросах"],
  ["a", "Только в ответах"],
];

/** 'Найдено 5 вопросов'; when more were found than counted, 'Найдено более 1000 вопросов'. */
export function foundText(count: number, more: boolean): string {
  return more ? `Найдено более ${count} ${plural(count, MORE_THAN)}` : `${plural(count, FOUND)} ${countOf(count, QUESTION)}`;
}

export async function searchView(env: Env, address: SearchAddress, offset: number, adult: boolean, now: number): Promise<SearchView> {
  const period = address.period || undefined;
  const here: SearchAddress = { ...address, period };
  const link = (change: Partial<SearchAddress>, current: boolean, label: string): SearchLink => ({ label, href: searchHref({ ...here, ...change }), current });
  const tree = await getCategoryTree(env, now);
  const cat = address.cat !== undefined ? findCategory(tree, address.cat) : null;
  const base = {
    corrected: null,
    results: [],
    next: null,
    sorts: [link({ sort: "date" }, address.sort === "date", "По дате"), link({ sort: undefined }, address.sort !== "date", "По релевантности")],
    filters: [
      { title: "Вопросы", links: TYPES.map(([type, label]) => link({ type }, address.type === type, label)) },
      { title: "Период", links: PERIODS.map(([p, label]) => link({ period: p }, period === p, label)) },
      { title: "Где искать", links: SCOPES.map(([where, label]) => link({ where }, address.where === where, label)) },
    ],
    category: cat ? { name: cat.name, clearHref: searchHref({ ...here, cat: undefined }) } : null,
    askHref: `/ask?q=${encodeURIComponent(cut(address.query.trim(), LIMITS.quickAsk))}`,
  };
  if (address.query.trim() === "") return { ...base, status: "empty", found: "" };
  const page = await searchPage(
    env,
    {
      text: address.query,
      scope: address.where ?? "qa",
      sort: address.sort ?? "relevance",
      state: address.type ? STATE_OF[address.type] : undefined,
      cat: cat ? String(cat.id) : undefined,
      period,
      num: LIMITS.pageSize,
      sf: offset,
      adult,
      withBest: false,
    },
    now,
  );
  if (page.count === 0) return { ...base, status: "none", found: foundText(0, false) };
  const reach = Math.min(page.count, SEARCH_WINDOW);
  const nextAt = offset + LIMITS.pageSize;
  return {
    ...base,
    status: "found",
    found: foundText(page.count, page.count_more === 1),
    corrected: page.corrected ?? null,
    results: page.results.map((r) => resultView(r, page.terms)),
    next: nextAt < reach && nextAt <= LIMITS.maxOffset ? `${searchHref(here)}?p=${nextAt}` : null,
  };
}

function resultView(r: Awaited<ReturnType<typeof searchPage>>["results"][number], terms: Term[]): SearchResultView {
  const marked = (t: string) => highlightParts(t, terms);
  const hasMark = (p: Parts) => p.some((x) => x.mark);
  const comment = r.comment ? marked(r.comment) : null;
  return {
    id: r.id,
    href: `/question/${r.id}`,
    label: marked(cut(r.question, RESULT_LABEL_CUT)),
    title: r.question,
    isPoll: r.is_poll === 1,
    answer: r.answer && r.aid ? { parts: marked(r.answer), href: `/answer/${r.aid}` } : null,
    comment: !r.answer && comment && hasMark(comment) ? comment : null,
    category: r.urlname ? { name: r.catname, href: `/${r.urlname}/` } : null,
    author: r.author,
    state: STATE_LABEL[r.state] ?? "",
    answers: countOf(r.count, ANSWER),
    timeAgo: r.time_ago,
  };
}
