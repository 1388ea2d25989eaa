import { ERR } from "../errids";
/** Refusals of the notification and settings calls: errids 360–379. */
export const NOTIFY_ERRORS = {
  [ERR.notificationUnknown]: { status: 404, text: "Уведомление не найдено" },
  [ERR.notificationIdInvalid]: { status: 400, text: "Неверный номер уведомления" },
  [ERR.tooManyNotifications]: { status: 400, text: "Слишком много уведомлений за раз: не больше 100" },
  [ERR.settingValueInvalid]: { status: 400, text: "Неверное значение настройки: нужно 0 или 1" },
  [ERR.notYourFeed]: { status: 403, text: "Это не ваша лента уведомлений" },
  [ERR.feedTimeInvalid]: { status: 400, text: "Неверное время: нужно число секунд" },
  [ERR.feedSubInvalid]: { status: 400, text: "Такого раздела ленты нет: updates, users или questions" },
} as const satisfies Record<number, { status: number; text: string }>;
