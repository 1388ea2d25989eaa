import { ERR } from "../errids";
/** Refusals of the paid services and their payments (makegift and mvip with money, mhideqst, mhideans, mleadqst, mpaid, mnotpaid): errids 580–589. */
export const PAYMENT_ERRORS = {
  [ERR.payUnavailable]: { status: 503, text: "Оплата деньгами сейчас недоступна. Попробуйте позже" },
  [ERR.paymentUnknown]: { status: 404, text: "Платёж не найден" },
  [ERR.payQuestionNotOwner]: { status: 403, text: "Эта услуга доступна только автору вопроса" },
  [ERR.payQuestionClosed]: { status: 409, text: "Лидером можно сделать только открытый вопрос или вопрос на голосовании" },
  [ERR.payAnswerNotOwner]: { status: 403, text: "Удалить ответ может только его автор" },
  [ERR.payAnswerBest]: { status: 409, text: "Лучший ответ удалить нельзя" },
  [ERR.paySpecialCategory]: { status: 403, text: "В этой категории услуга недоступна" },
  [ERR.payProviderFailed]: { status: 502, text: "Платёжная система не ответила. Попробуйте ещё раз через минуту" },
  [ERR.payBalanceShort]: { status: 409, text: "На счёте недостаточно средств" },
} as const satisfies Record<number, { status: number; text: string }>;
