import { levelRank } from "./levels";

/**
 * The daily quotas, counted per Moscow day in the user's UserHub.
 * One table: the limit of each code by level, and the VIP limit. The start text promises a newcomer
 * 5 questions a day and VIP 100: a new account (100 points, Ученик) may ask 5; the other numbers are
 * ours (docs/decisions/0013-quotas-and-live.md). A limit never falls during a day (UserHub keeps the
 * day's highest), so the question that costs a user his level does not cut his day short.
 */
export const QUOTA_CODES = ["ASK", "DIQ", "AAQ", "CMA", "VBA", "OPV", "QAM", "IMQ", "VIQ", "GSR"] as const;
export type QuotaCode = (typeof QUOTA_CODES)[number];

/**
 * The other codes a limits reply carries (the original lists them without saying what they count):
 * nothing on this site limits them, so each is reported as limit 0, "no limit".
 */
export const UNLIMITED_CODES = ["ADA", "CMD", "UDA", "UDQ", "ADQ", "ABA", "BAN"] as const;

/** Columns: Новичок, Ученик, Знаток, Профи, Гуру, Мастер and above; then VIP. */
export const QUOTA_TABLE: Record<QuotaCode, { byLevel: readonly [number, number, number, number, number, number]; vip: number; what: string }> = {
  ASK: { byLevel: [5, 5, 20, 30, 50, 75], vip: 100, what: "вопросы" },
  DIQ: { byLevel: [3, 5, 10, 10, 20, 30], vip: 50, what: "вопросы экспертам" },
  AAQ: { byLevel: [30, 60, 100, 150, 200, 300], vip: 500, what: "ответы" },
  CMA: { byLevel: [50, 100, 200, 300, 400, 500], vip: 1000, what: "комментарии" },
  VBA: { byLevel: [20, 20, 50, 100, 150, 200], vip: 300, what: "голоса за лучший ответ" },
  OPV: { byLevel: [50, 100, 200, 300, 400, 500], vip: 1000, what: "голоса в опросах" },
  QAM: { byLevel: [50, 100, 200, 300, 400, 500], vip: 1000, what: "оценки" },
  IMQ: { byLevel: [10, 20, 30, 50, 50, 100], vip: 200, what: "фото" },
  VIQ: { byLevel: [5, 10, 20, 30, 30, 50], vip: 100, what: "видео" },
  GSR: { byLevel: [5, 10, 20, 30, 30, 50], vip: 100, what: "рекомендации" },
};

/** Today's limit of a quota for a user of this level (level id) and VIP status. */
export function quotaLimit(code: QuotaCode, lvl: number, vip: boolean): number {
  const row = QUOTA_TABLE[code];
  if (vip) return row.vip;
  return row.byLevel[Math.min(levelRank(lvl), row.byLevel.length - 1)];
}

export type QuotaView = Record<QuotaCode, { limit: number; used: number; left: number }>;

/** Every quota's limit at this level (level id) and VIP status, as the user's hub is asked for today's. */
export function quotaLimits(lvl: number, vip: boolean): Record<QuotaCode, number> {
  return Object.fromEntries(QUOTA_CODES.map((code) => [code, quotaLimit(code, lvl, vip)])) as Record<QuotaCode, number>;
}

/** Every limit of a user from today's use and limit of each ({code: {limit, used, left}}). */
export function quotaView(today: Record<string, { used: number; limit: number }>): QuotaView {
  const out = {} as QuotaView;
  for (const code of QUOTA_CODES) {
    const { used, limit } = today[code] ?? { used: 0, limit: 0 };
    out[code] = { limit, used, left: Math.max(0, limit - used) };
  }
  return out;
}
