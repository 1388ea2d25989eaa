/** Abuse reports as the server and the pages share them: the reasons and the text limit. */
export type AbuseReason = "spam" | "offense" | "other";
export type AbuseTarget = "Q" | "A" | "C";

/** The Russian names of the reasons, as the report form and the queue show them. */
export const REASON_TITLES: Record<AbuseReason, string> = {
  spam: "Спам, реклама",
  offense: "Оскорбительные высказывания",
  other: "Другое",
};

/** The longest free text of a report. */
export const ABUSE_TEXT_MAX = 1000;

/** The category where nothing is reported (the report button is hidden there). */
export const NO_REPORT_CATEGORY = 601;

/** Is the report button hidden for items of a question in this category (leaf or top)? */
export function reportHidden(q: { categoryId: number; topCategoryId: number }): boolean {
  return q.categoryId === NO_REPORT_CATEGORY || q.topCategoryId === NO_REPORT_CATEGORY;
}
