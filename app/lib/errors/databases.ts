import { ERR } from "../errids";
/** Refusals while questions move between databases, and of the move tool itself: errids 650–659. */
export const DATABASE_ERRORS = {
  [ERR.threadMoving]: { status: 503, text: "Этот вопрос сейчас переносится на другой сервер. Попробуйте ещё раз через секунду" },
  [ERR.moveInvalid]: { status: 400, text: "Такой перенос вопросов сделать нельзя" },
  [ERR.threadArchived]: { status: 403, text: "Этот вопрос перенесён в архив: отвечать на него, комментировать, голосовать и менять его пока нельзя" },
} as const satisfies Record<number, { status: number; text: string }>;
