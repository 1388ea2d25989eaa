/**
 * The magic ball: a toy that answers a yes/no question with one of its 21 answers, chosen at
 * random. The question and the answer's number make the address of the page a user shares.
 */
import { ERR, type ErrName } from "./errids";

/** A question to the ball is at most this many characters. */
export const BALL_QUESTION_MAX = 255;

/** The ball's answers; an answer's number in a share address is its place here, from 1. */
export const BALL_ANSWERS = [
  "Бесспорно",
  "Предрешено",
  "Никаких сомнений",
  "Определённо да",
  "Можешь быть уверен в этом",
  "Мне кажется — да",
  "Вероятнее всего",
  "Хорошие перспективы",
  "Знаки говорят — да",
  "Да",
  "Пока не ясно, попробуй снова",
  "Спроси позже",
  "Лучше не рассказывать",
  "Сейчас нельзя предсказать",
  "Сконцентрируйся и спроси опять",
  "Даже не думай",
  "Мой ответ — нет",
  "По моим данным — нет",
  "Перспективы не очень хорошие",
  "Весьма сомнительно",
  "Звёзды молчат",
] as const;

/** The question as the ball takes it (spaces trimmed and collapsed), or why it refuses. */
export function ballQuestion(raw: string): { ok: true; text: string } | { ok: false; err: (typeof ERR)[ErrName] } {
  const text = raw.replace(/\s+/g, " ").trim();
  if (!text) return { ok: false, err: ERR.ballQuestionMissing };
  if (Array.from(text).length > BALL_QUESTION_MAX) return { ok: false, err: ERR.ballQuestionTooLong };
  return { ok: true, text };
}

/** The answer of a share address's number (1–21), or null for any other. */
export function ballAnswer(n: string): string | null {
  if (!/^[1-9]\d?$/.test(n)) return null;
  return BALL_ANSWERS[Number(n) - 1] ?? null;
}

/** One answer's number at random, from a uniform draw in [0, 1). */
export function drawAnswer(uniform: number): number {
  return Math.min(BALL_ANSWERS.length, Math.floor(uniform * BALL_ANSWERS.length) + 1);
}

/** The share page of a question and an answer's number. */
export function ballPath(question: string, answer: number): string {
  return `/magic8ball/${encodeURIComponent(question)}/${answer}`;
}
