/** Refusals of brands, private (direct) questions to their experts and brand follows: errids 470–499. */
export const BRAND_ERRORS = {
  // askbrand, addqst brand_tags
  470: { status: 404, text: "Бренд не найден" },
  471: { status: 400, text: "Эксперту нельзя задать вопрос самому себе: вы представитель этого бренда" },
  // the private question and its answer
  472: { status: 404, text: "Вопрос не найден" },
  473: { status: 404, text: "Вопрос удален" },
  474: { status: 403, text: "Отвечать на личные вопросы бренду могут только его эксперты" },
  475: { status: 409, text: "На этот вопрос эксперт уже ответил" },
  476: { status: 400, text: "Введите текст ответа" },
  477: { status: 400, text: "Ответ не может быть длиннее 3800 символов" },
  478: { status: 400, text: "Источник не может быть длиннее 50 символов" },
  // comments on the expert's answer
  480: { status: 404, text: "Ответ эксперта не найден" },
  481: { status: 403, text: "Комментировать личный вопрос могут только его автор и эксперты бренда" },
  482: { status: 404, text: "Комментарий, на который вы отвечаете, не найден или относится к другому ответу" },
  // hideqpersonal, hideqnopersonal
  485: { status: 403, text: "Скрыть вопрос может только его автор" },
  486: { status: 409, text: "Вопрос уже скрыт" },
  487: { status: 409, text: "У этого вопроса нет такой метки бренда" },
  // brand_follow, brand_unfollow
  490: { status: 409, text: "Вы уже подписаны на этот бренд" },
  491: { status: 409, text: "Вы не подписаны на этот бренд" },
  492: { status: 400, text: "Укажите бренд: cid или urlname" },
} as const satisfies Record<number, { status: number; text: string }>;
