import { describe, expect, it } from "vitest";
import { sanitizeUserText, textLength } from "../../app/models/core/text.server";
import { VECTORS } from "../e2e/xss/vectors";

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

describe("user text against the XSS corpus", () => {
  // what the sanitiser may emit: the allowed tags, and on links only the attributes it writes itself
  const ALLOWED = new Set(["a", "b", "strong", "i", "em", "u", "s", "br", "p", "ul", "ol", "li", "blockquote", "code", "pre"]);
  const LINK_ATTRS = new Set(["href", "rel", "target", "data-linkbrand"]);
  const TAG = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/iy;

  /** Everything in the sanitised HTML that is not an allowed tag with allowed attributes and a safe link. */
  function strays(html: string): string[] {
    const out: string[] = [];
    for (let i = html.indexOf("<"); i >= 0; i = html.indexOf("<", i + 1)) {
      TAG.lastIndex = i;
      const m = TAG.exec(html);
      if (!m) {
        out.push(`a bare "<" at ${html.slice(i, i + 60)}`);
        continue;
      }
      const [whole, closing, tag, attrs] = m;
      if (!ALLOWED.has(tag.toLowerCase())) out.push(`tag ${whole}`);
      for (const [, name, value] of attrs.matchAll(/([a-z-]+)="([^"]*)"/gi)) {
        if (closing || tag.toLowerCase() !== "a" || !LINK_ATTRS.has(name)) out.push(`attribute ${name} in ${whole.slice(0, 80)}`);
        if (name === "href" && (!value.startsWith("/") || value.startsWith("//"))) out.push(`href ${value}`);
      }
      i += whole.length - 1;
    }
    return out;
  }

  it("no vector leaves a tag, an attribute or a link the allow-list does not write, alone or packed with others", () => {
    const alone = VECTORS.flatMap((v) => strays(sanitizeUserText(v.text)).map((s) => `vector ${v.id}: ${s}`));
    const packed = strays(sanitizeUserText(VECTORS.map((v) => v.text).join("\n\n")));
    const asBrand = VECTORS.flatMap((v) => strays(sanitizeUserText(v.text, { brand: "tehnomir" })).map((s) => `vector ${v.id} (brand): ${s}`));
    expect(VECTORS.length).toBeGreaterThanOrEqual(500);
    expect([...alone, ...packed, ...asBrand]).toEqual([]);
  });
});
