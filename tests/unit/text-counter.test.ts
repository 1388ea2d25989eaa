import { describe, expect, it } from "vitest";
import { canAttach, composeBody, countText, mediaLink, textLength } from "../../app/islands/lib/text-counter";
import { textLength as serverTextLength } from "../../app/models/core/text.server";

describe("the text counter of the answer and comment forms", () => {
  it("counts characters left of the limit", () => {
    const c = countText("Привет", [], 800);
    expect(c.label).toBe("Осталось символов: 794");
    expect(c.ok).toBe(true);
  });
  it("reads 'Лишние символы: N' over the limit and may not be sent", () => {
    const c = countText("я".repeat(803), [], 800);
    expect(c.label).toBe("Лишние символы: 3");
    expect(c.over).toBe(3);
    expect(c.ok).toBe(false);
  });
  it("exactly at the limit is fine", () => {
    const c = countText("я".repeat(800), [], 800);
    expect(c.label).toBe("Осталось символов: 0");
    expect(c.ok).toBe(true);
  });
  it("an empty or blank text may not be sent", () => {
    expect(countText("", [], 800).ok).toBe(false);
    expect(countText("  \n  ", [], 800).empty).toBe(true);
  });
  it("each attached photo or video counts as 200 characters", () => {
    const media = ["https://example.org/a.jpg", "https://example.org/b.mp4"];
    expect(countText("abc", media, 800).used).toBe(403);
    expect(countText("я".repeat(401), media, 800).label).toBe("Лишние символы: 1");
  });
  it("a media item alone is something to send", () => {
    expect(countText("", ["https://example.org/a.jpg"], 800).ok).toBe(true);
  });
  it("attaching is disabled while over the limit", () => {
    expect(canAttach(countText("я".repeat(801), [], 800))).toBe(false);
    expect(canAttach(countText("я".repeat(800), [], 800))).toBe(true);
  });
  it("counts like the server: surrounding blanks and CRLF do not count, emoji count once", () => {
    for (const s of ["  привет  ", "a\r\nb", "👍🏽x", "\n\nтекст\n"]) expect(textLength(s)).toBe(serverTextLength(s));
  });
  it("sends media links as lines after the text", () => {
    expect(composeBody(" текст ", ["https://example.org/a.jpg"])).toBe("текст\nhttps://example.org/a.jpg");
    expect(composeBody("", ["https://example.org/a.jpg"])).toBe("https://example.org/a.jpg");
    expect(composeBody("текст", [])).toBe("текст");
  });
  it("holds back a text whose written-out links would pass the server's limit", () => {
    const long = `https://example.org/${"x".repeat(300)}`;
    const c = countText("я".repeat(590), [long], 800);
    expect(c.over).toBe(0);
    expect(c.ok).toBe(false);
  });
  it("accepts only http(s) links up to 1000 characters as media", () => {
    expect(mediaLink(" https://example.org/cat.png ")).toBe("https://example.org/cat.png");
    expect(mediaLink("javascript:alert(1)")).toBeNull();
    expect(mediaLink("not a link")).toBeNull();
    expect(mediaLink(`https://example.org/${"x".repeat(1000)}`)).toBeNull();
  });
});
