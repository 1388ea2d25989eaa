import { ERR } from "../errids";
/** Refusals of the live doors (/ws, /ws/question/{qid}): errids 540–549. */
export const LIVE_ERRORS = {
  [ERR.liveSocketsFull]: { status: 429, text: "Слишком много открытых вкладок с сайтом. Закройте лишние и обновите страницу" },
} as const satisfies Record<number, { status: number; text: string }>;
