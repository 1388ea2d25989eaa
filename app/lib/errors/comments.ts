import { ERR } from "../errids";
/** Refusals of the comments calls: errids 200–299 (237 and 253 are in errors.ts). */
export const COMMENT_ERRORS = {
  // addcmt
  [ERR.commentTextMissing]: { status: 400, text: "Введите текст комментария" },
  [ERR.commentTooLong]: { status: 400, text: "Лишние символы: комментарий не может быть длиннее 800 символов (фото и видео считаются по 200)" },
  [ERR.commentTargetInvalid]: { status: 400, text: "Комментировать можно только вопрос или ответ" },
  [ERR.commentAnswerGone]: { status: 404, text: "Ответ не найден или удален" },
  [ERR.commentParentGone]: { status: 404, text: "Комментарий, на который вы отвечаете, не найден или удален" },
  [ERR.commentParentElsewhere]: { status: 400, text: "Комментарий, на который вы отвечаете, относится к другому вопросу или ответу" },
  [ERR.commentTooDeep]: { status: 409, text: "Ветка комментариев слишком глубокая: ответить можно не глубже 20 уровней" },
  [ERR.commentsClosed]: { status: 403, text: "Автор вопроса запретил комментарии" },
  // votefor, voteagainst
  [ERR.questionNotVoting]: { status: 409, text: "Вопрос не на голосовании: голосовать за лучший ответ сейчас нельзя" },
  [ERR.voteOwnQuestion]: { status: 403, text: "Автор вопроса не может голосовать за лучший ответ" },
  [ERR.voteAfterAnswering]: { status: 403, text: "Вы ответили на этот вопрос, поэтому не можете голосовать за лучший ответ" },
  [ERR.alreadyVoted]: { status: 409, text: "Ваш голос уже учтён" },
  [ERR.voteAnswerNotInQuestion]: { status: 404, text: "Такого ответа нет среди ответов на этот вопрос" },
  // votepoll
  [ERR.notAPoll]: { status: 400, text: "Этот вопрос не опрос" },
  [ERR.pollClosed]: { status: 409, text: "Опрос закрыт, голосовать в нём уже нельзя" },
  [ERR.pollNoChoice]: { status: 400, text: "Просьба выбрать вариант ответа в опросе" },
  [ERR.pollSingleChoice]: { status: 400, text: "В этом опросе можно выбрать только один вариант ответа" },
  [ERR.pollOptionUnknown]: { status: 400, text: "Такого варианта ответа нет в этом опросе" },
  [ERR.alreadyVotedInPoll]: { status: 409, text: "Вы уже проголосовали в этом опросе" },
} as const satisfies Record<number, { status: number; text: string }>;
