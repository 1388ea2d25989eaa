import { describe, expect, it } from "vitest";
import { askPath, parseAskPath } from "../../app/lib/ask-path";

const empty = { text: "", cid: null, source: null, bid: null, mention: null };

describe("ask page paths", () => {
  it("/ask alone asks nothing in particular", () => {
    expect(parseAskPath("")).toEqual(empty);
  });
  it("a text is URL-decoded and kept", () => {
    expect(parseAskPath("%D0%9A%D0%B0%D0%BA%20%D0%B4%D0%B5%D0%BB%D0%B0%3F")).toEqual({ ...empty, text: "Как дела?" });
  });
  it("an encoded slash stays in the text", () => {
    expect(parseAskPath("1%2F2%20%D0%B8%D0%BB%D0%B8%203%2F4")?.text).toBe("1/2 или 3/4");
  });
  it("a text with a category, and with a category and a source", () => {
    expect(parseAskPath("%D0%92%D0%BE%D0%BF%D1%80%D0%BE%D1%81/cid-12")).toEqual({ ...empty, text: "Вопрос", cid: 12 });
    expect(parseAskPath("%D0%92%D0%BE%D0%BF%D1%80%D0%BE%D1%81/cid-12/rs-main")).toEqual({ ...empty, text: "Вопрос", cid: 12, source: "main" });
  });
  it("a single space stands for 'category only'", () => {
    expect(parseAskPath("%20/cid-3")).toEqual({ ...empty, cid: 3 });
  });
  it("the private forms name the brand", () => {
    expect(parseAskPath("private-7")).toEqual({ ...empty, bid: 7 });
    expect(parseAskPath("%20/private-7")).toEqual({ ...empty, bid: 7 });
    expect(parseAskPath("%D0%A7%D1%82%D0%BE%3F/private-7")).toEqual({ ...empty, text: "Что?", bid: 7 });
  });
  it("mention-{who} alone or after a text", () => {
    expect(parseAskPath("mention-42")).toEqual({ ...empty, mention: 42 });
    expect(parseAskPath("hi/mention-42")).toEqual({ ...empty, text: "hi", mention: 42 });
  });
  it("a trailing slash is allowed", () => {
    expect(parseAskPath("private-7/")).toEqual({ ...empty, bid: 7 });
  });
  it("the text is cut at 120 characters", () => {
    expect(Array.from(parseAskPath(encodeURIComponent("я".repeat(200)))!.text)).toHaveLength(120);
  });
  it("malformed paths are refused", () => {
    for (const bad of ["private-0", "private-x", "private-", "cid-1e3", "a/b", "a/cid-1/cid-2", "a/rs-main", "%E0%A4%A", "a//cid-1", "private-99999999999"]) {
      expect({ bad, parsed: parseAskPath(bad) }).toEqual({ bad, parsed: null });
    }
  });
  it("askPath builds the paths parseAskPath reads back", () => {
    expect(askPath({})).toBe("/ask");
    expect(askPath({ bid: 7 })).toBe("/ask/private-7");
    expect(askPath({ text: "Что?", cid: 3, source: "main" })).toBe("/ask/%D0%A7%D1%82%D0%BE%3F/cid-3/rs-main");
    for (const p of [{ bid: 7 }, { text: "Что?", bid: 7 }, { cid: 3 }, { text: "x y", cid: 3, source: "s" }, { mention: 5 }]) {
      expect(parseAskPath(askPath(p).replace(/^\/ask\/?/, ""))).toEqual({ ...empty, ...p });
    }
  });
});
