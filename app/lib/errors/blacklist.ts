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
  // addblist, delblist, listblist: editing and reading one's own blacklist
  [ERR.blacklistSelf]: { status: 400, text: "Нельзя добавить в чёрный список самого себя" },
  [ERR.alreadyBlacklisted]: { status: 409, text: "Пользователь уже в вашем чёрном списке" },
  [ERR.notBlacklisted]: { status: 409, text: "Этого пользователя нет в вашем чёрном списке" },
  [ERR.blacklistIdInvalid]: { status: 400, text: "Неверный номер пользователя: нужно целое положительное число" },
  [ERR.notYourBlacklist]: { status: 403, text: "Чёрный список виден только его владельцу" },
} as const satisfies Record<number, { status: number; text: string }>;
