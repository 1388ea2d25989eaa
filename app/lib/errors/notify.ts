/** Refusals of the notification and settings calls: errids 360–379. */
export const NOTIFY_ERRORS = {
  360: { status: 404, text: "Уведомление не найдено" },
  361: { status: 400, text: "Неверный номер уведомления" },
  362: { status: 400, text: "Слишком много уведомлений за раз: не больше 100" },
  363: { status: 400, text: "Неверное значение настройки: нужно 0 или 1" },
  364: { status: 403, text: "Это не ваша лента уведомлений" },
  365: { status: 400, text: "Неверное время: нужно число секунд" },
} as const satisfies Record<number, { status: number; text: string }>;
