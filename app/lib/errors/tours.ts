import { ERR } from "../errids";
/** Refusals of the onboarding tours' calls (savepress, overlay_shown): errids 620–629. */
export const TOUR_ERRORS = {
  [ERR.tourUnknown]: { status: 400, text: "Такого знакомства с сайтом нет" },
  [ERR.tourStepUnknown]: { status: 400, text: "Такого шага в знакомстве с сайтом нет" },
  [ERR.tourValueInvalid]: { status: 400, text: "Ответ на шаге знакомства — «да» (1) или «нет» (0)" },
  [ERR.tourFinished]: { status: 409, text: "Это знакомство с сайтом уже пройдено или закрыто" },
} as const satisfies Record<number, { status: number; text: string }>;
