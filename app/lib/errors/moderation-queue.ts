import { ERR } from "../errids";
/** Refusals of abuse reports, the moderation queue and premoderation: errids 440–469. */
export const MODERATION_QUEUE_ERRORS = {
  [ERR.queueModeratorsOnly]: { status: 403, text: "Это доступно только модераторам" },
  [ERR.abuseReasonMissing]: { status: 400, text: "Выберите причину жалобы" },
  [ERR.abuseTextTooShort]: { status: 400, text: "Опишите причину жалобы: больше двух символов" },
  [ERR.abuseTargetMissing]: { status: 400, text: "Укажите, на что вы жалуетесь" },
  [ERR.abuseTargetGone]: { status: 404, text: "Сообщение не найдено или удалено" },
  [ERR.abuseOwnItem]: { status: 400, text: "Нельзя пожаловаться на своё сообщение" },
  [ERR.alreadyReported]: { status: 409, text: "Вы уже пожаловались на это сообщение" },
  [ERR.abuseClosedCategory]: { status: 403, text: "В этом разделе жалобы не принимаются" },
  [ERR.abuseTextTooLong]: { status: 400, text: "Текст жалобы слишком длинный" },
  [ERR.queueKindInvalid]: { status: 400, text: "Выберите очередь: вопросы, ответы или комментарии" },
  [ERR.premodItemMissing]: { status: 404, text: "Запись премодерации не найдена" },
  [ERR.premodDecided]: { status: 409, text: "Решение по этой записи уже принято" },
  [ERR.declineTextMissing]: { status: 400, text: "Напишите автору причину отказа" },
  [ERR.declineTextTooLong]: { status: 400, text: "Причина отказа слишком длинная" },
  [ERR.premodAnswerWaiting]: { status: 409, text: "Ваш ответ на этот вопрос уже ждёт модерации" },
  [ERR.premodOwnItem]: { status: 403, text: "Нельзя принять решение по своему тексту" },
} as const satisfies Record<number, { status: number; text: string }>;
