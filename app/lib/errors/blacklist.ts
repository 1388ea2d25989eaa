import { ERR } from "../errids";
/**
 * Refusals of a user on someone's blacklist who tries to reach him: errids 390–399. (A gift to
 * him is refused with 506, among the gifts' refusals.)
 */
export const BLACKLIST_ERRORS = {
  [ERR.blacklistedAnswer]: { status: 403, text: "Автор вопроса добавил вас в чёрный список: отвечать на его вопросы нельзя" },
  [ERR.blacklistedComment]: { status: 403, text: "Автор добавил вас в чёрный список: комментировать его вопросы, ответы и комментарии нельзя" },
  [ERR.blacklistedFollow]: { status: 403, text: "Пользователь добавил вас в чёрный список: подписаться на него нельзя" },
  [ERR.blacklistedMention]: { status: 403, text: "Пользователь добавил вас в чёрный список: упоминать его нельзя" },
} as const satisfies Record<number, { status: number; text: string }>;
