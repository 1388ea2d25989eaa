/** The fixed facts of the demo data that tests, the README and the generator rely on. */

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

export const DEMO_PASSWORD = "demo12345";

/** Fixed ids that tests and the README can rely on. */
export const SHOWCASE = Object.freeze({
  /** resolved, 45 answers (3 pages of 20 with the best one apart), nested comments, 2 supplements */
  resolvedQuestionId: 1,
  votingQuestionId: 2,
  openQuestionId: 3,
  /** deleted by a moderator */
  deletedQuestionId: 4,
  pollSingleQuestionId: 5,
  pollMultiQuestionId: 6,
  /** open, no answers, asked by user@demo.local */
  unansweredQuestionId: 7,
  missingQuestionId: 999_999_999,
  /** the non-best answer of question 1 with 35 comments (the '20,3,3' rule applies): comments 7–41 */
  bigThreadAnswerId: 2,
  /** an answer of question 1 with a short nested thread (comments 1–6), and a depth-2 comment in it */
  contextAnswerId: 1,
  contextCommentId: 3,
  brandId: 1,
  brandUrlname: "tehnomir",
});

export const DEMO_USERS = [
  { id: 1, email: "user@demo.local", nick: "Любознательная Маша", points: 180 },
  { id: 2, email: "znatok@demo.local", nick: "Знаток Пётр", points: 320 },
  { id: 3, email: "guru@demo.local", nick: "Гуру Ирина", points: 1600 },
  { id: 4, email: "vip@demo.local", nick: "VIP Андрей", points: 760 },
  { id: 5, email: "moder@demo.local", nick: "Модератор Олег", points: 5400 },
  { id: 6, email: "expert@demo.local", nick: "Эксперт ТехноМира", points: 640 },
  { id: 7, email: "brandadmin@demo.local", nick: "Админ ТехноМира", points: 410 },
  { id: 8, email: "banned@demo.local", nick: "Нарушитель", points: 130 },
] as const;
