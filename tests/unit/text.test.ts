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

  it("a link that a browser would read as another host never stays a direct link: it goes through /301 or is dropped", () => {
    const SITE = "https://otvety.example";
    const hostile = [
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "\\/evil.example",
      "/&#92;evil.example",
      "/&#x5c;evil.example",
      "/&#x5C;/evil.example",
      "/&bsol;evil.example",
      "/&amp;#92;evil.example",
      "//evil.example",
      "///evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/\t/evil.example",
      "/&#9;/evil.example",
      "/&#10;/evil.example",
      " /\\evil.example",
      "https://evil.example/",
      "http:evil.example",
      "https:/evil.example",
      "HTTPS://evil.example",
    ];
    for (const href of hostile) {
      const out = sanitizeUserText(`<a href="${href}">ссылка</a> и ещё <a href='${href}'>одна</a> и <a href=${href.replace(/ /g, "")}>третья</a>`);
      for (const m of out.matchAll(/href="([^"]*)"/g)) {
        // what a browser reads: the attribute's entities decoded, then resolved against the page
        const attr = m[1]
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, "&");
        const target = new URL(attr, `${SITE}/question/1`);
        expect(target.origin, `${href} → ${m[1]}`).toBe(SITE);
        expect(attr, `${href} → ${m[1]}`).toMatch(/^\/(?![/\\])/);
        // the only references in the attribute are the escapes of & " < >: nothing else for a browser to decode
        expect(m[1].replace(/&(amp|quot|lt|gt);/g, ""), `${href} → ${m[1]}`).not.toContain("&");
        // through the interstitial, the page names the real destination
        if (target.pathname === "/301") expect(new URL(target.searchParams.get("url")!).hostname, href).toBe("evil.example");
      }
    }
  });

  it("a link on this site is kept as a plain path, another site's goes through /301 with the address a browser would open", () => {
    expect(sanitizeUserText('<a href="/question/5?p=20#answers">вопрос</a>')).toContain('href="/question/5?p=20#answers"');
    expect(sanitizeUserText('<a href="question/5">вопрос</a>')).toContain('href="/question/5"');
    expect(sanitizeUserText('<a href="/\\evil.example/x">вопрос</a>')).toContain(`href="/301?url=${encodeURIComponent("https://evil.example/x")}"`);
    expect(sanitizeUserText('<a href="/a?x=1&amp;y=2">вопрос</a>')).toContain('href="/a?x=1&amp;y=2"');
    expect(sanitizeUserText("там https://example.com/a?b=1&c=2", { brand: "tehnomir" })).toContain(
      `href="/301?url=${encodeURIComponent("https://example.com/a?b=1&c=2")}&amp;brand=tehnomir"`,
    );
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
