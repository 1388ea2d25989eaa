export type QuestionState = "A" | "V" | "R" | "D";

/** A resolved question joins the gold fund once this many readers marked it «Нравится». */
export const GOLD_MARKS = 3;

/** The title shown for each question state. */
export const STATE_TITLES: Record<QuestionState, string> = {
  A: "Вопрос открыт",
  R: "Вопрос решён",
  V: "Вопрос на голосовании",
  D: "Вопрос удалён",
};

/** List tabs of a category and the state each shows; 'best' is a filter, not a state. */
export const TABS = {
  open: { title: "Открытые", state: "A" },
  vote: { title: "На голосовании", state: "V" },
  resolve: { title: "Решённые", state: "R" },
  best: { title: "Лучшие", state: "R" },
} as const;
export type Tab = keyof typeof TABS;
export const TAB_ORDER: Tab[] = ["open", "vote", "resolve", "best"];

export function isTab(s: string | undefined): s is Tab {
  return s !== undefined && Object.hasOwn(TABS, s);
}
