import { describe, expect, it } from "vitest";
import { ANSWER, COMMENT, countOf, PEOPLE, PERSON_VOTED, plural, POINT, QUESTION, VOTE } from "../../app/lib/plural";

const say = (ns: number[], forms = ANSWER) => ns.map((n) => countOf(n, forms)).join(", ");

describe("Russian plurals", () => {
  it("1 ответ, 2 ответа, 5 ответов", () => {
    expect(say([1, 2, 5])).toBe("1 ответ, 2 ответа, 5 ответов");
  });

  it("21 ответ, 22 ответа, 25 ответов, 111 ответов", () => {
    expect(say([21, 22, 25, 111])).toBe("21 ответ, 22 ответа, 25 ответов, 111 ответов");
  });

  it("eleven to fourteen take the «many» form: 11 ответов, 12 ответов, 13 ответов, 14 ответов", () => {
    expect(say([11, 12, 13, 14])).toBe("11 ответов, 12 ответов, 13 ответов, 14 ответов");
  });

  it("zero reads «0 ответов»", () => {
    expect(countOf(0, ANSWER)).toBe("0 ответов");
  });

  it("large numbers follow their last digits: 101 ответ, 1002 ответа, 1000000 ответов", () => {
    expect(say([101, 1002, 1_000_000])).toBe("101 ответ, 1002 ответа, 1000000 ответов");
  });

  it("plural() returns only the word", () => {
    expect(plural(3, ANSWER)).toBe("ответа");
    expect(plural(31, ANSWER)).toBe("ответ");
  });

  it("comments: 1 комментарий, 3 комментария, 7 комментариев", () => {
    expect(say([1, 3, 7], COMMENT)).toBe("1 комментарий, 3 комментария, 7 комментариев");
  });

  it("questions: 1 вопрос, 4 вопроса, 20 вопросов", () => {
    expect(say([1, 4, 20], QUESTION)).toBe("1 вопрос, 4 вопроса, 20 вопросов");
  });

  it("votes: 1 голос, 2 голоса, 5 голосов", () => {
    expect(say([1, 2, 5], VOTE)).toBe("1 голос, 2 голоса, 5 голосов");
  });

  it("points: 1 балл, 3 балла, 25 баллов, 101 балл", () => {
    expect(say([1, 3, 25, 101], POINT)).toBe("1 балл, 3 балла, 25 баллов, 101 балл");
  });

  it("people: 1 человек, 2 человека, 5 человек", () => {
    expect(say([1, 2, 5], PEOPLE)).toBe("1 человек, 2 человека, 5 человек");
  });

  it("a poll says «Проголосовал 1 человек» and «Проголосовали 21 человек»", () => {
    const line = (n: number) => `${plural(n, PERSON_VOTED)} ${countOf(n, PEOPLE)}`;
    expect(line(1)).toBe("Проголосовал 1 человек");
    expect(line(2)).toBe("Проголосовали 2 человека");
    expect(line(5)).toBe("Проголосовали 5 человек");
    expect(line(21)).toBe("Проголосовал 21 человек");
  });
});
