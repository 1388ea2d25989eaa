/**
 * The error catalogue: every refusal the server gives carries an errid, an HTTP status and a
 * Russian text. Models throw DomainError; the API maps it to the envelope, Remix to a page or a
 * form message.
 */
export const ERRORS = {
  100: { status: 403, text: "Доступ с вашего IP-адреса ({ip}) временно ограничен" },
  166: {
    status: 403,
    text: "Функция недоступна. Наберите 250 баллов (уровень «Знаток»), чтобы выбирать лучшие ответы и ставить «Нравится»",
  },
  181: { status: 404, text: "Вопрос не найден или удален" },
  237: { status: 400, text: "Введите капчу" },
  253: { status: 409, text: "Вы уже отметили этот ответ" },
  404: { status: 404, text: "undefined url" },
  999: { status: 500, text: "Что-то пошло не так. Попробуйте перезагрузить страницу и проверьте подключение к интернету" },
} as const satisfies Record<number, { status: number; text: string }>;

export type ErrId = keyof typeof ERRORS;

export class DomainError extends Error {
  constructor(
    readonly errid: ErrId,
    readonly status: number = ERRORS[errid].status,
    text: string = ERRORS[errid].text,
  ) {
    super(text);
    this.name = "DomainError";
  }
}

/** The pop-up text for an errid the client does not know. */
export function unknownErrorText(id: number): string {
  return `неизвестная ошибка: ${id}`;
}
