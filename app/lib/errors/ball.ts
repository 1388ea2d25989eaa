import { ERR } from "../errids";
import { BALL_QUESTION_MAX } from "../magic-ball";
/** Refusals of the magic ball's question: errids 590–599. */
export const BALL_ERRORS = {
  [ERR.ballQuestionMissing]: { status: 400, text: "Задайте шару вопрос, на который можно ответить «да» или «нет»" },
  [ERR.ballQuestionTooLong]: { status: 400, text: `Вопрос шару — не длиннее ${BALL_QUESTION_MAX} символов` },
} as const satisfies Record<number, { status: number; text: string }>;
