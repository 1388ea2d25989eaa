import { describe, expect, it } from "vitest";
import { errorText, GENERIC_ERROR, pageType, SILENT_ERRIDS } from "../../app/islands/lib/call";

describe("the islands' call client", () => {
  it("shows the server's catalogue text, else 'неизвестная ошибка: {id}', else the generic text", () => {
    expect(errorText({ status: 403, errid: 163, error: "Нельзя отвечать на свой вопрос" })).toBe("Нельзя отвечать на свой вопрос");
    expect(errorText({ status: 400, errid: 777 })).toBe("неизвестная ошибка: 777");
    expect(errorText({ status: 500 })).toBe(GENERIC_ERROR);
    expect(errorText(null)).toBe(GENERIC_ERROR);
  });

  it("keeps the spec's silent errids silent", () => {
    expect([...SILENT_ERRIDS].sort((a, b) => a - b)).toEqual([103, 121, 122, 123, 124, 147, 171, 181, 214, 999]);
  });

  it("reports the page type from the path", () => {
    expect(pageType("/")).toBe("index");
    expect(pageType("/question/12")).toBe("question");
    expect(pageType("/ask/private-1")).toBe("ask");
    expect(pageType("/comp/open")).toBe("category");
    expect(pageType("/ask2/x")).toBe("category");
  });
});
