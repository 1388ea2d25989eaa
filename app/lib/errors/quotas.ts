import { ERR } from "../errids";
/** Over-quota refusals (HTTP 429): errids 350–359; ASK keeps 141 of the questions group. */
export const QUOTA_ERRORS = {
  [ERR.directQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете задавать вопросы экспертам" },
  [ERR.answerQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете отвечать на вопросы" },
  [ERR.commentQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете оставлять комментарии" },
  [ERR.bestVoteQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете голосовать за лучший ответ" },
  [ERR.pollVoteQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете голосовать в опросах" },
  [ERR.markQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете ставить оценки" },
  [ERR.photoQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете загружать фото" },
  [ERR.videoQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете добавлять видео" },
  [ERR.recommendQuotaSpent]: { status: 429, text: "Сегодня вы больше не можете рекомендовать" },
} as const satisfies Record<number, { status: number; text: string }>;
