/**
 * The error catalogue: every refusal the server gives carries an errid (named in ./errids.ts), an
 * HTTP status and a Russian text. Models throw `new DomainError(ERR.questionGone)`; the API maps it
 * to the envelope {status, errid, error}, Remix to a page or a form message. Accounts and general
 * refusals are here; the others are grouped by subject, each group in its own file:
 * errors/questions.ts 130–159, errors/answers.ts 160–199, errors/comments.ts 200–299,
 * errors/reads.ts 300–349, errors/quotas.ts 350–359, errors/notify.ts 360–379,
 * errors/follows.ts 380–389, errors/blacklist.ts 390–399, errors/moderation.ts 410–439,
 * errors/moderation-queue.ts 440–469, errors/brands.ts 470–499, errors/gifts.ts 500–519,
 * errors/live.ts 540–549, errors/photos.ts 580–599.
 */
import { ERR } from "./errids";
import { waitWords } from "./time-ago";
import { ANSWER_ERRORS } from "./errors/answers";
import { BLACKLIST_ERRORS } from "./errors/blacklist";
import { BRAND_ERRORS } from "./errors/brands";
import { COMMENT_ERRORS } from "./errors/comments";
import { FOLLOW_ERRORS } from "./errors/follows";
import { GIFT_ERRORS } from "./errors/gifts";
import { BALL_ERRORS } from "./errors/ball";
import { PAYMENT_ERRORS } from "./errors/payments";
import { LEADER_ERRORS } from "./errors/leaders";
import { LIVE_ERRORS } from "./errors/live";
import { MODERATION_QUEUE_ERRORS } from "./errors/moderation-queue";
import { MODERATION_ERRORS } from "./errors/moderation";
import { NOTIFY_ERRORS } from "./errors/notify";
import { PHOTO_ERRORS } from "./errors/photos";
import { QUESTION_ERRORS } from "./errors/questions";
import { QUOTA_ERRORS } from "./errors/quotas";
import { READ_ERRORS } from "./errors/reads";
import { TOUR_ERRORS } from "./errors/tours";
import { PUSH_ERRORS } from "./errors/push";
import { DATABASE_ERRORS } from "./errors/databases";

export const ERRORS = {
  [ERR.ipBlocked]: { status: 403, text: "Доступ с вашего IP-адреса ({ip}) временно ограничен" },
  [ERR.signInNeeded]: { status: 401, text: "Войдите на сайт, чтобы продолжить" },
  [ERR.wrongCredentials]: { status: 401, text: "Неверная почта или пароль" },
  [ERR.sessionExpired]: { status: 401, text: "Сессия истекла, войдите заново" },
  [ERR.tooManySignIns]: { status: 429, text: "Слишком много попыток входа. Попробуйте через {wait}" },
  [ERR.emailTaken]: { status: 409, text: "Пользователь с такой почтой уже зарегистрирован" },
  [ERR.nickInvalid]: { status: 400, text: "Введите ник от 2 до 30 символов" },
  [ERR.emailInvalid]: { status: 400, text: "Введите правильный адрес электронной почты" },
  [ERR.passwordTooShort]: { status: 400, text: "Пароль должен быть не короче 8 символов" },
  [ERR.nickReserved]: { status: 400, text: "Такой ник выбрать нельзя: он похож на ник модератора, администрации или бренда. Выберите другой" },
  [ERR.userBanned]: { status: 403, text: "Ваш аккаунт заблокирован, писать пока нельзя" },
  [ERR.foreignOrigin]: { status: 403, text: "Запрос отклонён: он пришёл не с нашего сайта" },
  [ERR.tooManyRequests]: { status: 429, text: "Слишком много запросов. Попробуйте через {wait}" },
  [ERR.tooManyRegistrations]: { status: 429, text: "С вашего адреса слишком много регистраций. Попробуйте через {wait}" },
  [ERR.siteNotConfigured]: { status: 503, text: "Сайт не настроен: администратору нужно задать секреты сервера. Попробуйте зайти позже" },
  [ERR.userNotFound]: { status: 404, text: "Пользователь не найден" },
  [ERR.levelTooLow]: {
    status: 403,
    text: "Функция недоступна. Наберите 250 баллов (уровень «Знаток»), чтобы выбирать лучшие ответы и ставить «Нравится»",
  },
  [ERR.questionGone]: { status: 404, text: "Вопрос не найден или удален" },
  [ERR.captchaNeeded]: { status: 400, text: "Введите капчу" },
  [ERR.alreadyLiked]: { status: 409, text: "Вы уже отметили этот ответ" },
  [ERR.badFields]: { status: 400, text: "Проверьте правильность заполнения полей" },
  [ERR.undefinedUrl]: { status: 404, text: "undefined url" },
  [ERR.wrongMethod]: { status: 405, text: "Этот вызов нужно делать другим методом" },
  [ERR.unexpected]: { status: 500, text: "Что-то пошло не так. Попробуйте перезагрузить страницу и проверьте подключение к интернету" },
  ...QUESTION_ERRORS,
  ...ANSWER_ERRORS,
  ...COMMENT_ERRORS,
  ...READ_ERRORS,
  ...QUOTA_ERRORS,
  ...NOTIFY_ERRORS,
  ...FOLLOW_ERRORS,
  ...BLACKLIST_ERRORS,
  ...GIFT_ERRORS,
  ...PAYMENT_ERRORS,
  ...BRAND_ERRORS,
  ...MODERATION_QUEUE_ERRORS,
  ...MODERATION_ERRORS,
  ...LIVE_ERRORS,
  ...LEADER_ERRORS,
  ...BALL_ERRORS,
  ...PHOTO_ERRORS,
  ...TOUR_ERRORS,
  ...PUSH_ERRORS,
  ...DATABASE_ERRORS,
} as const satisfies Record<number, { status: number; text: string }>;

export type ErrId = keyof typeof ERRORS;

/** errid 166 when the level refused a comment: the same errid, words about what was refused. */
export const LEVEL_TOO_LOW_TO_COMMENT =
  "Комментировать вопрос в первый час после публикации можно с уровня «Знаток» (250 баллов). Ответьте на вопрос или вернитесь к нему позже";

export class DomainError extends Error {
  readonly status: number;
  /** extra reply fields of a refusal (e.g. the captcha_id of a 237) */
  readonly data?: Record<string, unknown>;
  constructor(
    readonly errid: ErrId,
    text?: string,
  ) {
    super(text ?? ERRORS[errid].text);
    this.name = "DomainError";
    this.status = ERRORS[errid].status;
  }
}

/**
 * A refusal by a rate limit (HTTP 429): the catalogue's text with the wait filled in ("Попробуйте
 * через 2 минуты"); the reply also carries `retry_after` in seconds.
 */
export class TooSoon extends DomainError {
  readonly data: { retry_after: number };
  constructor(errid: ErrId, retryAfterMs: number) {
    super(errid, ERRORS[errid].text.replace("{wait}", waitWords(retryAfterMs)));
    this.data = { retry_after: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }
}

/**
 * A write from an address a moderator blocked (HTTP 403): the catalogue's text with the caller's
 * own address filled in, so that he can quote it to the site's support.
 */
export class AddressBlocked extends DomainError {
  constructor(ip: string) {
    super(ERR.ipBlocked, ERRORS[ERR.ipBlocked].text.replace("{ip}", ip));
  }
}

/** The envelope of a refusal. */
export function errorEnvelope(e: DomainError) {
  return { ...e.data, status: e.status, errid: e.errid, error: e.message };
}
