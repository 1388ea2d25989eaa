/**
 * Every island by name: the client entry loads an island's chunk only when a marked element of
 * that name hydrates. An island file is either `*.island.tsx` with a default export (its React
 * component, hydrated with React) or a plain `*.island.ts` that exports `mount(element, props)`
 * and runs on the server's markup without React (what a guest uses on the question page).
 */
import type { ComponentType } from "react";
import type { IslandName } from "./names";

export type IslandModule = { default: ComponentType<never> } | { mount(el: HTMLElement, props: never): void };

export const ISLANDS: Record<IslandName, () => Promise<IslandModule>> = {
  "ask-form": () => import("./ask-form.island"),
  "quick-ask": () => import("./quick-ask.island"),
  poll: () => import("./poll.island"),
  "answer-actions": () => import("./answer-actions.island"),
  "question-actions": () => import("./question-actions.island"),
  "answers-live": () => import("./answers-live.island"),
  survey: () => import("./survey.island"),
  bell: () => import("./bell.island"),
  "answer-form": () => import("./answer-form.island"),
  "comment-thread": () => import("./comment-thread.island"),
  "supplement-form": () => import("./supplement-form.island"),
  "ban-form": () => import("./ban-form.island"),
  "abuse-form": () => import("./abuse-form.island"),
  "new-questions": () => import("./new-questions.island"),
  "search-suggest": () => import("./search-suggest.island"),
  "copy-link": () => import("./copy-link.island"),
  "push-toggle": () => import("./push-toggle.island"),
  "follow-button": () => import("./follow-button.island"),
  "photo-viewer": () => import("./photo-viewer.island"),
  "avatar-form": () => import("./avatar-form.island"),
  tour: () => import("./tour.island"),
};
