import { describe, expect, it } from "vitest";
import { sanitizeUserText, textLength } from "../../app/models/core/text.server";

describe("user text", () => {
  it("scripts and event handlers never survive", () => {
    const out = sanitizeUserText('<script>alert(1)</script><img src=x onerror="alert(2)"><b onclick="x()">жирный</b>');
    expect(out).not.toMatch(/<script|<img/);
    expect(out).toContain("&lt;img");
    expect(out).toContain("<b>жирный</b>");
  });
  it("a bare link becomes a nofollow link through the /301 page", () => {
    const out = sanitizeUserText("Смотрите https://example.com/a?b=1 там всё есть");
    expect(out).toContain('href="/301?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1"');
    expect(out).toContain('rel="nofollow ugc"');
    expect(out).toContain(">https://example.com/a?b=1</a>");
  });
  it("javascript: links are dropped", () => {
    expect(sanitizeUserText('<a href="javascript:alert(1)">жми</a>')).not.toContain("javascript");
  });
  it("a link to this site stays local", () => {
    expect(sanitizeUserText('<a href="/question/5">вопрос</a>')).toContain('href="/question/5"');
  });
  it("length counts characters, not bytes", () => {
    expect(textLength("  привет\r\n ")).toBe(6);
  });
});
