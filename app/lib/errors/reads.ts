import { ERR } from "../errids";
/** Refusals of the reads calls: errids 300–349 (340 and up: the adult gate and the look-up by e-mail). */
export const READ_ERRORS = {
  [ERR.badOffset]: { status: 400, text: "Неверный номер страницы" },
  [ERR.badPageSize]: { status: 400, text: "Неверный размер страницы: от 1 до 20" },
  [ERR.readAnswerGone]: { status: 404, text: "Ответ не найден или удален" },
  [ERR.readCommentGone]: { status: 404, text: "Комментарий не найден или удален" },
  [ERR.pollOptionGone]: { status: 404, text: "Вариант опроса не найден" },
  [ERR.categoryUnknown]: { status: 404, text: "Категория не найдена" },
  [ERR.readTypeInvalid]: { status: 400, text: "Неверный тип: Q (вопрос), A (ответ) или C (комментарий)" },
  [ERR.readTargetAmbiguous]: { status: 400, text: "Укажите что-то одно: вопрос, ответ или вариант опроса" },
  [ERR.badId]: { status: 400, text: "Неверный номер вопроса, ответа или комментария" },
  [ERR.badListState]: { status: 400, text: "Неверный список: open, vote, resolve (или A, V, R)" },
  [ERR.badAnswerOrder]: { status: 400, text: "Неверный порядок ответов: поддерживается только old (сначала старые)" },
  [ERR.badCommentDepth]: { status: 400, text: "Неверная глубина комментариев: 20,3,3 или 20" },
  [ERR.offsetTooDeep]: { status: 400, text: "Так далеко список не листается: не дальше 1000 записей от начала. Уточните раздел или воспользуйтесь поиском" },
  [ERR.adultNotConfirmed]: { status: 403, text: "Этот раздел только для взрослых: подтвердите, что вам исполнилось 18 лет" },
  [ERR.emailLookupInvalid]: { status: 400, text: "Неверный адрес электронной почты" },
} as const satisfies Record<number, { status: number; text: string }>;
