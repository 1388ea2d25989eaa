/**
 * The seven questions the tests and the demo know by id: the resolved showcase (45 answers, the
 * threads of comments 1–41), one on voting, an open one, one deleted by a moderator, two polls
 * and an unanswered one by user@demo.local. They are made first, so their ids are 1–7.
 */
import type { Leaf } from "./categories";
import { POLL_TITLES } from "./data";
import { DAY, DEMO_USERS, HOUR, MIN, SHOWCASE } from "./demo";
import type { Q, QuestionMaker, SeedContext } from "./questions";

export function seedShowcase({ question, addComments, questionRows }: QuestionMaker, { T, d, accounts, modLog, now }: SeedContext, ordinaryLeaves: Leaf[]) {
  const { int, chance } = d;
  const { byId } = accounts;
  const compProg = { id: ordinaryLeaves.find((l) => l.top === 1)!.id, top: 1 };
  const levelUser = (i: number) => byId(DEMO_USERS.length + 1 + i);

  // 1: the resolved showcase
  {
    const { answerRows } = question({
      owner: levelUser(4),
      leaf: compProg,
      qtext: "Какой язык программирования выбрать для первой работы в IT?",
      qcomment:
        "Мне 27 лет, работаю бухгалтером и хочу сменить профессию. Есть около года на учёбу по вечерам. Что выбрать: Python, JavaScript или Java? И с чего начать?",
      added: now - 20 * DAY,
      answers: 45,
      state: "R",
      bestIndex: 4,
      commentsOnQuestion: 3,
      commentsPerAnswer: (i) => (i <= 2 ? 0 : i < 12 ? int(0, 5) : chance(0.2) ? int(1, 3) : 0),
      supplements: ["Уточню: математику в школе знал неплохо, английский на среднем уровне.", "Спасибо всем за ответы, читаю и разбираюсь!"],
    });
    const nonBest = answerRows.filter((r) => r[6] === 0);
    // the lowest non-best answer: a short thread (comments 1–6); comment 3, at depth 2, is the
    // context comment
    const short = nonBest[0];
    const shortThread = addComments({ id: 1 } as Q, "A", short[0] as number, 6, 3, short[5] as number, [-1, 0, 1, -1, -1, 3], new Set(), true);
    short[9] = shortThread.visible;
    // the second-lowest: a long thread of 35 comments (23 top level, 5 replies under the first,
    // nesting to depth 4, one deleted comment with a reply under it)
    const big = nonBest[1];
    const bigShape = [...Array(23).fill(-1), 0, 0, 0, 0, 0, 23, 23, 28, 30, 24, 25, 1];
    const bigThread = addComments({ id: 1 } as Q, "A", big[0] as number, bigShape.length, 4, big[5] as number, bigShape, new Set([1]), true);
    big[9] = bigThread.visible;
    if (short[0] !== SHOWCASE.contextAnswerId || big[0] !== SHOWCASE.bigThreadAnswerId || shortThread.ids[2] !== SHOWCASE.contextCommentId) {
      throw new Error("seed: the showcase ids moved; update SHOWCASE");
    }
    const row = questionRows.get(SHOWCASE.resolvedQuestionId)!;
    row[22] = Math.min(now, Math.max(row[22] as number, shortThread.last, bigThread.last));
    modLog.push([
      "cmtdrop",
      "C",
      bigThread.ids[1],
      T.comments.rows.find((c) => c[0] === bigThread.ids[1])![7],
      1,
      null,
      null,
      "Флуд",
      Math.min(now, bigThread.last),
    ]);
  }
  // 2: on voting
  question({
    owner: levelUser(2),
    leaf: ordinaryLeaves[3],
    qtext: "Какой фильм посмотреть всей семьёй на выходных?",
    added: now - 5 * DAY,
    answers: 6,
    state: "V",
    votes: true,
  });
  // 3: open, fresh
  question({
    owner: levelUser(1),
    leaf: compProg,
    qtext: "Почему ноутбук сильно греется при просмотре видео?",
    qcomment: "Ноутбуку два года, раньше такого не было.",
    added: now - 30 * MIN,
    answers: 3,
    state: "A",
  });
  // 4: deleted by a moderator
  question({
    owner: levelUser(0),
    leaf: ordinaryLeaves[5],
    qtext: "Продам аккаунт недорого, пишите в личку",
    added: now - 9 * DAY,
    answers: 2,
    state: "D",
    deletedBy: "moder",
    stateBeforeDelete: "R",
  });
  // 5: a single-choice poll, open
  question({
    owner: byId(2),
    leaf: ordinaryLeaves[8],
    qtext: POLL_TITLES[0].q,
    added: now - 2 * HOUR,
    answers: 0,
    state: "A",
    poll: { type: "S", options: POLL_TITLES[0].options },
    commentsOnQuestion: 4,
  });
  // 6: a multiple-choice poll, resolved
  question({
    owner: byId(3),
    leaf: ordinaryLeaves[12],
    qtext: POLL_TITLES[4].q,
    added: now - 12 * DAY,
    answers: 0,
    state: "R",
    poll: { type: "C", options: POLL_TITLES[4].options },
    commentsOnQuestion: 2,
  });
  // 7: open and unanswered, by user@demo.local
  question({
    owner: byId(1),
    leaf: compProg,
    qtext: "Как перенести фотографии со старого телефона на компьютер?",
    added: now - 10 * MIN,
    answers: 0,
    state: "A",
  });
}
