import { countOf, plural, ANSWER, COMMENT, POINT, QUESTION } from "./plural";

/**
 * The onboarding tours: the welcome tour (3 pages) on a new user's first sign-in and the points
 * tour (4 pages) once he has earned his first points. Each page asks a yes/no question and the
 * answer decides the next page. Both the tour's dialog (app/islands/tour.island.ts) and its plain
 * pages without JavaScript (/tour/{tour}/{page}) show these steps.
 */
export const TOURS = ["welcome", "points"] as const;
export type TourName = (typeof TOURS)[number];

/** The step flags a tour records (savepress type): the first page shown, each page's yes/no, the first sign-in's tour shown. */
export const TOUR_FLAGS = ["1shown", "1value", "2value", "3value", "4value", "loginfirst"] as const;
export type TourFlag = (typeof TOUR_FLAGS)[number];

/** What the texts say in numbers: the user's real daily limits and the points the server pays, never copies of them. */
export type TourFacts = {
  /** today's limits of questions, answers and comments for his level */
  ask: number;
  answers: number;
  comments: number;
  /** points: what a question costs, what an answer, a vote, a liked answer, a daily visit and the welcome bonus earn */
  askCost: number;
  answer: number;
  vote: number;
  liked: number;
  visit: number;
  welcome: number;
  /** his points now */
  points: number;
  /** the first levels above the start, with their thresholds */
  levels: { name: string; min: number }[];
};

/** Where a yes or a no leads: the next page's number, or the end of the tour (optionally going to an address). */
export type TourNext = { page: number } | { end: true; href?: string };

export type TourPage = {
  title: string;
  text(f: TourFacts): string;
  question: string;
  yes: TourNext;
  no: TourNext;
  yesLabel?: string;
  noLabel?: string;
};

const pts = (n: number) => countOf(n, POINT);

export const TOUR_PAGES: Record<TourName, TourPage[]> = {
  welcome: [
    {
      title: "Добро пожаловать на Ответы!",
      text: () => "Здесь задают вопросы обо всём на свете и отвечают на них. Каждый может спросить и каждый может помочь.",
      question: "Рассказать, как задать вопрос?",
      yes: { page: 2 },
      no: { page: 3 },
    },
    {
      title: "Как задать вопрос",
      text: (f) =>
        `Нажмите «Спросить» вверху страницы, выберите категорию и опишите, что хотите узнать. Вопрос стоит ${pts(f.askCost)}; сегодня вы можете задать до ${countOf(f.ask, QUESTION)}.`,
      question: "Рассказать, как отвечать?",
      yes: { page: 3 },
      no: { end: true },
    },
    {
      title: "Отвечайте и получайте баллы",
      text: (f) => `За каждый ответ — ${pts(f.answer)}. Сегодня вы можете дать до ${countOf(f.answers, ANSWER)} и написать до ${countOf(f.comments, COMMENT)}.`,
      question: "Задать свой первый вопрос сейчас?",
      yes: { end: true, href: "/ask" },
      no: { end: true },
      yesLabel: "Да, спросить",
      noLabel: "Позже",
    },
  ],
  points: [
    {
      title: "Вы заработали первые баллы!",
      text: (f) => `Баллы показывают ваш вклад в сообщество. Сейчас у вас ${pts(f.points)}.`,
      question: "Рассказать, за что дают баллы?",
      yes: { page: 2 },
      no: { end: true },
    },
    {
      title: "За что дают баллы",
      text: (f) =>
        `Ответ — ${pts(f.answer)}, голос в опросе или за лучший ответ — ${pts(f.vote)}, ответ понравился автору вопроса — ${pts(f.liked)}, первый визит за день — ${pts(f.visit)}. Вопрос стоит ${pts(f.askCost)}.`,
      question: "Рассказать об уровнях?",
      yes: { page: 3 },
      no: { page: 4 },
    },
    {
      title: "Уровни",
      text: (f) =>
        `С баллами растёт уровень: ${f.levels.map((l) => `${l.name} — от ${l.min} ${plural(l.min, POINT)}`).join(", ")}. Знаток выбирает лучший ответ и ставит «Нравится», а с уровнем растут и дневные лимиты.`,
      question: "Рассказать о бонусе новичка?",
      yes: { page: 4 },
      no: { end: true },
    },
    {
      title: "Бонус новичка",
      text: (f) => `Задайте вопрос, ответьте, прокомментируйте и проголосуйте в первые дни на сайте — и получите ещё ${pts(f.welcome)}.`,
      question: "Посмотреть лидеров недели?",
      yes: { end: true, href: "/top/points/week/" },
      no: { end: true },
      yesLabel: "Да, к лидерам",
      noLabel: "Нет, спасибо",
    },
  ],
};

/** The notice that offers a tour (the plain page's entry without JavaScript). */
export const TOUR_OFFERS: Record<TourName, string> = {
  welcome: "Вы у нас впервые? Короткое знакомство с сайтом — три шага.",
  points: "Вы заработали первые баллы! Узнайте, за что их дают, — четыре шага.",
};

/** The step flag that records a page's yes/no (savepress type). */
export function valueFlag(page: number): TourFlag {
  return `${page}value` as TourFlag;
}

/** The address of a tour's plain page. */
export function tourHref(tour: TourName, page: number): string {
  return `/tour/${tour}/${page}`;
}

/** What a tour offers a user: which tour, his facts, and where its plain pages return to. */
export type TourOffer = { tour: TourName; facts: TourFacts };

/** The tour island's props: the offer, and the address its plain forms come back to. */
export type TourProps = TourOffer & { back: string };
