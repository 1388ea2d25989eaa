import { describe, expect, it } from "vitest";
import { collectFields } from "../../app/lib/fields";
import { safeReturn } from "../../app/lib/return-to";

const O = "http://127.0.0.1:8787";

describe("fields named like an object's own machinery", () => {
  it("a field named __proto__, constructor or toString is an own field and leaves the prototype alone", () => {
    const fields = collectFields(new URLSearchParams("__proto__=1&__proto__[]=2&constructor=3&toString=4&qid=5").entries());
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(fields, "__proto__")?.value).toEqual(["1", "2"]);
    expect(fields.constructor).toBe("3");
    expect(fields.toString).toBe("4");
    expect(fields.qid).toBe("5");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a repeated field and a name[] field are lists, as before", () => {
    expect(collectFields(new URLSearchParams("vote=1&vote=2&poll_options[]=a").entries())).toEqual({ vote: ["1", "2"], poll_options: ["a"] });
  });
});

describe("the address to come back to", () => {
  it("a path on this site stays, percent-encoded so that it is a valid Location header; a line break sends home", () => {
    expect(safeReturn("/question/1?p=20#answers", O)).toBe("/question/1?p=20#answers");
    expect(safeReturn("/ask/вопрос", O)).toBe("/ask/%D0%B2%D0%BE%D0%BF%D1%80%D0%BE%D1%81");
    expect(safeReturn("/x\r\nSet-Cookie: a=1", O)).toBe("/");
  });

  it("another host, however it is spelled, becomes the home page", () => {
    for (const raw of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeReturn(raw, O)).toBe("/");
    }
  });
});
