import { ERR } from "../errids";
/** Refusals of the answers calls: errids 160–199 (166, 181, 237 and 253 are in errors.ts). */
export const ANSWER_ERRORS = {
  [ERR.answerTextMissing]: { status: 400, text: "Введите текст ответа" },
  [ERR.answerTooLong]: { status: 400, text: "Ответ слишком длинный: не больше 3800 символов" },
  [ERR.answerSourceTooLong]: { status: 400, text: "Источник не длиннее 50 символов" },
  [ERR.answerOwnQuestion]: { status: 403, text: "Нельзя отвечать на свой вопрос" },
  [ERR.alreadyAnswered]: { status: 409, text: "Вы уже ответили на этот вопрос" },
  [ERR.questionNotOpen]: { status: 409, text: "На этот вопрос больше нельзя ответить: он уже не открыт" },
  [ERR.answerGone]: { status: 404, text: "Ответ не найден или удален" },
  [ERR.editNotAuthor]: { status: 403, text: "Редактировать ответ может только его автор" },
  [ERR.answerEditClosed]: { status: 409, text: "Ответ можно редактировать, только пока вопрос открыт и ответ не выбран лучшим" },
  [ERR.questionOwnerOnly]: { status: 403, text: "Это может сделать только автор вопроса" },
  [ERR.bestAlreadyChosen]: { status: 409, text: "Лучший ответ уже выбран" },
  [ERR.bestWindowClosed]: { status: 409, text: "Лучший ответ можно выбрать только у открытого вопроса или вопроса на голосовании в первые 4 дня" },
  [ERR.answerAlreadyHidden]: { status: 409, text: "Ответ уже скрыт" },
  [ERR.reactionTaken]: { status: 409, text: "У ответа уже есть другая отметка: сначала снимите её" },
  [ERR.reactionMissing]: { status: 409, text: "Этой отметки у ответа нет" },
  [ERR.markOwnItem]: { status: 403, text: "Нельзя отмечать свой вопрос или ответ" },
  [ERR.alreadyMarked]: { status: 409, text: "Вы уже отметили это" },
  [ERR.notMarked]: { status: 409, text: "Вы это ещё не отмечали" },
  [ERR.questionOrAnswerMissing]: { status: 400, text: "Укажите вопрос или ответ" },
  [ERR.badQuestionOrAnswerId]: { status: 400, text: "Неверный номер вопроса или ответа" },
} as const satisfies Record<number, { status: number; text: string }>;
