import { ERR } from "../errids";
import { RATING_UNAVAILABLE } from "../leaders";
/** Refusals of the leaders (usrrating and /top): errids 560–569. */
export const LEADER_ERRORS = {
  [ERR.ratingTypeInvalid]: { status: 400, text: "Неверная номинация: points (баллы), anscnt (ответы) или bestanscnt (лучшие ответы)" },
  [ERR.ratingCategoryNotAllowed]: { status: 400, text: "Лидеров по категории можно смотреть только по баллам за неделю" },
  [ERR.ratingUnavailable]: { status: 503, text: RATING_UNAVAILABLE },
} as const satisfies Record<number, { status: number; text: string }>;
