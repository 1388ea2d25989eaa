/**
 * The name of every island: the server marks an island's element with it and the client entry
 * (app/islands/registry.ts) loads that island's chunk by it. Kept apart from the registry so the
 * server-side wrapper does not depend on every island module.
 */
export const ISLAND_NAMES = [
  "ask-form",
  "quick-ask",
  "poll",
  "answer-actions",
  "question-actions",
  "answers-live",
  "survey",
  "bell",
  "answer-form",
  "comment-thread",
  "supplement-form",
  "ban-form",
  "abuse-form",
  "new-questions",
  "search-suggest",
  "copy-link",
  "follow-button",
  "photo-viewer",
  "avatar-form",
  "tour",
  "push-toggle",
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];
