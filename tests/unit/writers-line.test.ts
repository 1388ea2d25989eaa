import { describe, expect, it } from "vitest";
import { writersText } from "../../app/islands/lib/writers-line";

describe("the line of people writing an answer", () => {
  it("agrees the noun and the verb with the number, as Russian does", () => {
    expect(writersText(1)).toBe("1 человек пишет ответ");
    expect(writersText(2)).toBe("2 человека пишут ответ");
    expect(writersText(4)).toBe("4 человека пишут ответ");
    expect(writersText(5)).toBe("5 человек пишут ответ");
    expect(writersText(11)).toBe("11 человек пишут ответ");
    expect(writersText(21)).toBe("21 человек пишет ответ");
    expect(writersText(22)).toBe("22 человека пишут ответ");
  });
});
