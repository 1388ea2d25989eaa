/**
 * The leaders (rating of users): the nominations, the periods, the route grammar of
 * /top[/{type}][/{period}][/{cat}], the Moscow week and the paging of the list. Pure: shared by
 * the route, the named call, the model and the components.
 */

export const LEADER_TYPES = ["points", "anscnt", "bestanscnt"] as const;
export type LeaderType = (typeof LEADER_TYPES)[number];
export type LeaderPeriod = "week" | "all";

export const isLeaderType = (s: string): s is LeaderType => (LEADER_TYPES as readonly string[]).includes(s);

/** A nomination as the title and the filters name it: 'Лидеры по …'. */
export const LEADER_TYPE_WORDS: Record<LeaderType, string> = {
  points: "баллам",
  anscnt: "ответам",
  bestanscnt: "лучшим ответам",
};

export const LEADER_PERIOD_WORDS: Record<LeaderPeriod, string> = {
  week: "за неделю",
  all: "за всё время",
};

export const RATING_UNAVAILABLE = "В данный момент рейтинг недоступен. Попробуйте зайти попозже.";

/** The list's paging: the first page shows 19 places, every further one 20; no 'Показать ещё' once 80 are shown. */
export const RATING_PAGING = {
  first: 19,
  next: 20,
  /** 'Показать ещё' is offered while fewer places than this are shown */
  moreUntil: 80,
  /** the deepest place a rating reaches: the last page after 79 places ends here */
  maxPlaces: 99,
} as const;

/** The leaders block of a page's column: 3 large, then 5 small; more than 6 leaders bring the 'ещё' link. */
export const BLOCK_SIZE = 8;
export const BLOCK_MORE_OVER = 6;

/** A leaders view: which nomination, which period and, for the week's points, which category (urlname). */
export type LeadersView = { type: LeaderType; period: LeaderPeriod; cat: string | null };

/**
 * The segments after /top as a view, or null (404): none → points for the week; 'all' alone →
 * points for all time; {type} → that nomination for the week; {type}/{period}; a category only
 * after points/week. The category's existence is the caller's to check.
 */
export function parseTopPath(segments: string[]): LeadersView | null {
  const s = segments.filter((x) => x !== "");
  if (s.length === 0) return { type: "points", period: "week", cat: null };
  if (s.length === 1 && s[0] === "all") return { type: "points", period: "all", cat: null };
  const [type, period = "week", cat, ...rest] = s;
  if (rest.length > 0 || !isLeaderType(type) || (period !== "week" && period !== "all")) return null;
  if (cat !== undefined && !(type === "points" && period === "week")) return null;
  return { type, period, cat: cat ?? null };
}

/** The path of a view, as the links write it (with the trailing slash). */
export function topPath(v: LeadersView): string {
  return `/top/${v.type}/${v.period}/${v.cat ? `${encodeURIComponent(v.cat)}/` : ""}`;
}

/** The page's title: 'Лидеры по баллам за неделю'. */
export function leadersTitle(v: Pick<LeadersView, "type" | "period">): string {
  return `Лидеры по ${LEADER_TYPE_WORDS[v.type]} ${LEADER_PERIOD_WORDS[v.period]}`;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday: Monday 1970-01-05 00:00 in Moscow (UTC+3 all year) is 4 days less 3 hours after the epoch. */
const FIRST_MONDAY = 4 * DAY - 3 * HOUR;

/** The Moscow week (Monday 00:00 to Monday 00:00, UTC+3) of a moment, as the leaders table numbers it. */
export function moscowWeek(ms: number): number {
  return Math.floor((ms - FIRST_MONDAY) / WEEK);
}

/** When a Moscow week starts, ms. */
export function moscowWeekStart(week: number): number {
  return week * WEEK + FIRST_MONDAY;
}

/** How many places a page shows after `offset` places: 19 first, then 20, never beyond the last place. */
export function ratingPageSize(offset: number): number {
  return Math.max(0, Math.min(offset === 0 ? RATING_PAGING.first : RATING_PAGING.next, RATING_PAGING.maxPlaces - offset));
}

/** Whether 'Показать ещё' follows `shown` places when the last page was full. */
export function ratingHasMore(shown: number, lastPageFull: boolean): boolean {
  return lastPageFull && shown < RATING_PAGING.moreUntil;
}

/**
 * A place of a rating: the user, his all-time counters, this week's (dif…: points earned this
 * week — in a category's rating, earned there — answers written and best answers chosen this
 * week) and `value`, the figure the rating is ordered by.
 */
export type LeaderRow = {
  place: number;
  id: number;
  nick: string;
  /** the avatar's key, null for the generated default */
  filin: string | null;
  lvl: number;
  points: number;
  kpd: number;
  vip: number;
  anscnt: number;
  bestanscnt: number;
  difpoints: number;
  difanscnt: number;
  difbestanscnt: number;
  value: number;
};
