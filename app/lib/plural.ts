const rules = new Intl.PluralRules("ru");

export type Forms = readonly [one: string, few: string, many: string];

/** The Russian form for n: plural(5, ["ответ", "ответа", "ответов"]) → "ответов". */
export function plural(n: number, forms: Forms): string {
  switch (rules.select(n)) {
    case "one":
      return forms[0];
    case "few":
      return forms[1];
    default:
      return forms[2];
  }
}

/** "5 ответов" */
export function countOf(n: number, forms: Forms): string {
  return `${n} ${plural(n, forms)}`;
}

export const ANSWER: Forms = ["ответ", "ответа", "ответов"];
export const COMMENT: Forms = ["комментарий", "комментария", "комментариев"];
export const QUESTION: Forms = ["вопрос", "вопроса", "вопросов"];
export const VOTE: Forms = ["голос", "голоса", "голосов"];
export const POINT: Forms = ["балл", "балла", "баллов"];
export const PERSON_VOTED: Forms = ["Проголосовал", "Проголосовали", "Проголосовали"];
export const PEOPLE: Forms = ["человек", "человека", "человек"];
