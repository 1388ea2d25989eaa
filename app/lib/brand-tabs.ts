/** The brand page's tabs and subs: pure, shared by the page, its loader and the calls (docs/decisions/0039-brand-pages.md). */

/** A tile's count stops here: the page says "1000+" rather than count an unbounded set on a request. */
export const COUNT_CAP = 1_000;

/**
 * The brand page's tabs and their subs, the first sub being the tab's default; `admin` subs are the
 * brand administrator's alone; the premoderation tab's subs are the queue pages
 * /{urlname}/premoderation/{kind}.
 */
export const BRAND_TABS = {
  questions: { title: "Вопросы", subs: ["all", "open", "resolve", "vote", "deleted", "private"], admin: ["deleted", "private"] },
  kquserlist: { title: "Рекомендованные", subs: ["recommended"], admin: ["recommended"] },
  qst2brand: { title: "Вопросы бренду", subs: ["refer", "private"], admin: ["private"] },
  answers: { title: "Ответы", subs: ["all", "best"], admin: [] },
  feed: { title: "Лента", subs: ["updates", "questions", "users"], admin: [] },
  premoderation: { title: "Премодерация", subs: ["questions", "answers", "comments"], admin: ["questions", "answers", "comments"] },
  followers: { title: "Подписчики", subs: ["users"], admin: [] },
} as const;
export type BrandTab = keyof typeof BRAND_TABS;
export type BrandView = { tab: BrandTab; sub: string };
export const BRAND_TAB_ORDER: BrandTab[] = ["qst2brand", "questions", "answers", "feed", "followers", "kquserlist", "premoderation"];

/** The titles of the subs on the page. */
export const BRAND_SUB_TITLES: Record<string, string> = {
  all: "Все",
  open: "Открытые",
  resolve: "Решённые",
  vote: "На голосовании",
  deleted: "Удалённые",
  private: "Личные",
  recommended: "Рекомендованные",
  refer: "Ждут ответа бренда",
  best: "Лучшие",
  updates: "Обновления",
  questions: "Вопросы",
  users: "Пользователи",
  answers: "Ответы",
  comments: "Комментарии",
};

/** The tab and sub a brand path names (no tab → qst2brand, no sub → the tab's first), or null for an unknown one. */
export function brandView(tab?: string, sub?: string): BrandView | null {
  const t = (tab ?? "qst2brand") as BrandTab;
  if (!Object.hasOwn(BRAND_TABS, t)) return null;
  const s = sub ?? BRAND_TABS[t].subs[0];
  if (!(BRAND_TABS[t].subs as readonly string[]).includes(s)) return null;
  return { tab: t, sub: s };
}

/** Whether a view is the brand administrator's alone. */
export const adminOnly = (view: BrandView) => (BRAND_TABS[view.tab].admin as readonly string[]).includes(view.sub);

/** Whether a tab is shown at all to this viewer: a tab whose every sub is the administrator's is hidden from others. */
export const tabShown = (tab: BrandTab, isAdmin: boolean) =>
  isAdmin || BRAND_TABS[tab].subs.some((s) => !(BRAND_TABS[tab].admin as readonly string[]).includes(s));

/** The first sub of a tab this viewer may open. */
export const firstSub = (tab: BrandTab, isAdmin: boolean) =>
  BRAND_TABS[tab].subs.find((s) => isAdmin || !(BRAND_TABS[tab].admin as readonly string[]).includes(s)) ?? BRAND_TABS[tab].subs[0];
