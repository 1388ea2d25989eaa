/**
 * What the server render of a page knows about its reader, for the controls deep inside shared
 * components (the moderator's links, the 'Пожаловаться' links): the root reads it once from the
 * routes' loader data and provides it. An island that renders the same components in the browser
 * has no provider, so it shows none of those controls (and ships no router).
 */
import { createContext, useContext } from "react";
import type { ModerOnQuestion } from "../models/moderation/on-page.server";

export type PageFacts = {
  /** the signed-in reader, or null */
  userId: number | null;
  /** the moderator's abilities on this page (a route's `viewer.moder`), or null */
  moder: ModerOnQuestion | null;
  /** the page's question (any route's `question`), for the rules tied to its category */
  question: { categoryId: number; topCategoryId: number } | null;
  /** the page's path, the return address of its forms */
  path: string;
};

export const PageFactsContext = createContext<PageFacts | null>(null);

export function usePageFacts(): PageFacts | null {
  return useContext(PageFactsContext);
}

type RouteMatch = { id: string; data: unknown };

/** The facts from the route matches of a server render (the root calls it with useMatches()). */
export function pageFactsOf(matches: RouteMatch[], path: string): PageFacts {
  let userId: number | null = null;
  let moder: ModerOnQuestion | null = null;
  let question: PageFacts["question"] = null;
  for (const m of matches) {
    const d = m.data as
      | { user?: { id: number } | null; viewer?: { moder?: ModerOnQuestion | null } | null; question?: { categoryId?: number; topCategoryId?: number } }
      | undefined;
    if (m.id === "root" && d?.user) userId = d.user.id;
    if (d?.viewer?.moder) moder = d.viewer.moder;
    if (typeof d?.question?.categoryId === "number")
      question = { categoryId: d.question.categoryId, topCategoryId: d.question.topCategoryId ?? d.question.categoryId };
  }
  return { userId, moder, question, path };
}
