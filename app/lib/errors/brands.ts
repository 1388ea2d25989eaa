import { ERR } from "../errids";
/** Refusals of brands, private (direct) questions to their experts and brand follows: errids 469–499; deciding on recommendations 525–527; favourite categories 468. */
export const BRAND_ERRORS = {
  // askbrand, addqst brand_tags
  [ERR.brandUnknown]: { status: 404, text: "Бренд не найден" },
  [ERR.askOwnBrand]: { status: 400, text: "Эксперту нельзя задать вопрос самому себе: вы представитель этого бренда" },
  // the private question and its answer
  [ERR.privateQuestionMissing]: { status: 404, text: "Вопрос не найден" },
  [ERR.privateQuestionDeleted]: { status: 404, text: "Вопрос удален" },
  [ERR.brandExpertsOnly]: { status: 403, text: "Отвечать на личные вопросы бренду могут только его эксперты" },
  [ERR.privateAlreadyAnswered]: { status: 409, text: "На этот вопрос эксперт уже ответил" },
  [ERR.privateAnswerMissing]: { status: 400, text: "Введите текст ответа" },
  [ERR.privateAnswerTooLong]: { status: 400, text: "Ответ не может быть длиннее 3800 символов" },
  [ERR.privateSourceTooLong]: { status: 400, text: "Источник не может быть длиннее 50 символов" },
  // comments on the expert's answer
  [ERR.expertAnswerMissing]: { status: 404, text: "Ответ эксперта не найден" },
  [ERR.privateCommentNotAllowed]: { status: 403, text: "Комментировать личный вопрос могут только его автор и эксперты бренда" },
  [ERR.privateParentGone]: { status: 404, text: "Комментарий, на который вы отвечаете, не найден или относится к другому ответу" },
  // hideqpersonal, hideqnopersonal
  [ERR.hideNotOwner]: { status: 403, text: "Скрыть вопрос может только его автор" },
  [ERR.alreadyHidden]: { status: 409, text: "Вопрос уже скрыт" },
  [ERR.brandTagMissing]: { status: 409, text: "У этого вопроса нет такой метки бренда" },
  // brand_follow, brand_unfollow
  [ERR.alreadyFollowingBrand]: { status: 409, text: "Вы уже подписаны на этот бренд" },
  [ERR.notFollowingBrand]: { status: 409, text: "Вы не подписаны на этот бренд" },
  [ERR.brandKeyMissing]: { status: 400, text: "Укажите бренд: cid или urlname" },
  // the brand page's lists and recommendations
  [ERR.brandAdminOnly]: { status: 403, text: "Этот раздел доступен только администраторам бренда" },
  [ERR.brandTabUnknown]: { status: 404, text: "Такого раздела на странице бренда нет" },
  [ERR.recommendQuestionMissing]: { status: 404, text: "Вопрос не найден: укажите номер или адрес открытого вопроса" },
  [ERR.alreadyRecommended]: { status: 409, text: "Этот вопрос уже рекомендован" },
  // deciding on a recommendation (kqapprove, kqdecline)
  [ERR.recommendationMissing]: { status: 404, text: "Рекомендация не найдена" },
  [ERR.recommendationDecided]: { status: 409, text: "Эта рекомендация уже рассмотрена" },
  [ERR.recommendationDeciders]: { status: 403, text: "Рассматривать рекомендации могут администраторы бренда и модераторы" },
  // favourite categories
  [ERR.favoritesFull]: { status: 409, text: "В избранном уже 30 категорий: уберите одну, чтобы добавить другую" },
  // the brand edit page
  [ERR.brandEditGodOnly]: { status: 403, text: "Изменять бренды могут только главные администраторы сайта" },
  [ERR.brandNameInvalid]: { status: 400, text: "Название бренда — от 1 до 100 символов" },
  [ERR.brandTextTooLong]: { status: 400, text: "Имя представителя — не длиннее 100 символов, его текст — не длиннее 1000" },
  [ERR.brandLinkInvalid]: { status: 400, text: "Ссылка должна начинаться с https:// (логотип — также с /) и быть не длиннее 1000 символов" },
} as const satisfies Record<number, { status: number; text: string }>;
