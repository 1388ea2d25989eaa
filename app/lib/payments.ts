/** Prices of the services paid in roubles (gifts cost 20 or 40 ₽ by their kind); ours where the product names none. */
export const SERVICE_PRICES = { vip: 100, hideqst: 30, hideans: 20, leadqst: 50 } as const;
/** How long a paid lead of a question lasts, in days. */
export const LEAD_DAYS = 3;

/** A paid service as the payment pages name it. */
export const SERVICE_TITLES: Record<string, string> = {
  gift: "Подарок",
  vip: "VIP-статус на 10 дней",
  hideqst: "Скрытие вопроса",
  hideans: "Удаление ответа",
  leadqst: `Вопрос-лидер на ${LEAD_DAYS} дня`,
};
