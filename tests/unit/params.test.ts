import { describe, expect, it } from "vitest";
import { parseId, parseOffset, parsePrefixedId } from "../../app/lib/params";
import { cut } from "../../app/lib/limits";
import { pageMeta, plainText } from "../../app/lib/seo";

describe("ids and offsets from URLs", () => {
  it("a positive integer id is accepted", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("2147483647")).toBe(2147483647);
  });
  it("an id of a thread database's block (THREADS_n from n × 10^12) is accepted, but not one past 2^31 within its block", () => {
    expect(parseId("1000000000062")).toBe(1_000_000_000_062);
    expect(parseId("9000002147483647")).toBe(9_000_002_147_483_647);
    for (const raw of ["1002147483648", "99999999999", "10000000000000000"]) expect(parseId(raw), raw).toBeNull();
  });
  it("zero, negative, padded, exponent, fractional, huge and non-numeric ids are refused", () => {
    for (const raw of ["0", "-1", "01", "1e3", "1.5", "2147483648", "99999999999999999999", "abc", "12abc", "", " 1"]) {
      expect(parseId(raw)).toBeNull();
    }
    expect(parseId(undefined)).toBeNull();
  });
  it("an absent offset is 0, a malformed one asks for a redirect and a huge one for a 404", () => {
    expect(parseOffset(new URLSearchParams(""))).toEqual({ ok: true, value: 0 });
    expect(parseOffset(new URLSearchParams("p=40"))).toEqual({ ok: true, value: 40 });
    expect(parseOffset(new URLSearchParams("p=-20"))).toEqual({ ok: false, reason: "malformed" });
    expect(parseOffset(new URLSearchParams("p=x"))).toEqual({ ok: false, reason: "malformed" });
    expect(parseOffset(new URLSearchParams("p=100001"))).toEqual({ ok: false, reason: "too-far" });
    // 50 pages of 20 at most: a deeper offset would make the database walk every row before it
    expect(parseOffset(new URLSearchParams("p=1000"))).toEqual({ ok: true, value: 1000 });
    expect(parseOffset(new URLSearchParams("p=1001"))).toEqual({ ok: false, reason: "too-far" });
  });
  it("cid- segments give the comment id", () => {
    expect(parsePrefixedId("cid-42", "cid-")).toBe(42);
    expect(parsePrefixedId("cid-x", "cid-")).toBeNull();
    expect(parsePrefixedId("42", "cid-")).toBeNull();
  });
});

describe("titles and descriptions", () => {
  it("a title is cut at 70 characters with an ellipsis", () => {
    const long = "Очень длинный заголовок вопроса, который никак не помещается в семьдесят символов подряд";
    const title = (pageMeta({ title: long })[0] as { title: string }).title;
    expect(Array.from(title).length).toBe(70);
    expect(title.endsWith("…")).toBe(true);
    expect(cut("коротко", 70)).toBe("коротко");
  });
  it("a cut counts characters, not UTF-16 units: emoji count once and are never split", () => {
    const smiles = "😀".repeat(5);
    expect(cut(smiles, 5)).toBe(smiles);
    expect(cut(`${smiles}!`, 5)).toBe("😀😀😀😀…");
    expect(cut("слово пробел", 7)).toBe("слово…");
  });
  it("descriptions drop markup", () => {
    expect(plainText("<p>Привет, <b>мир</b></p>")).toBe("Привет, мир");
  });
});
