import { describe, expect, it } from "vitest";
import { cutQuery, parseSearchPath, searchHref } from "../../app/lib/search-path";

describe("the search page's address", () => {
  it("reads every filter in order and the query last", () => {
    expect(parseSearchPath("/search/q-voted/c-auto/s-date/p-0/w-a/%D0%BA%D0%BE%D1%82")).toEqual({
      type: "voted",
      cat: "auto",
      sort: "date",
      period: 0,
      where: "a",
      query: "кот",
    });
    expect(parseSearchPath("/search")).toEqual({ query: "" });
    expect(parseSearchPath("/search/")).toEqual({ query: "" });
  });

  it("is not an address with an unknown value, filters out of order, repeated, empty or extra segments", () => {
    for (const p of [
      "/search/q-all",
      "/search/s-date/q-open",
      "/search/q-open/q-open",
      "/search//x",
      "/search/x/y",
      "/search/p-1",
      "/search/%E0%A4%A",
      "/searching",
    ]) {
      expect({ p, parsed: parseSearchPath(p) }).toEqual({ p, parsed: null });
    }
  });

  it("writes a query that begins like a filter so that it reads back as the query", () => {
    for (const query of ["c-класс", "q-open", "w-a", "p-0 и всё", "обычный запрос", "50% / 100%"]) {
      const href = searchHref({ type: "open", query });
      expect(parseSearchPath(href)).toEqual({ type: "open", query });
    }
  });

  it("leaves the defaults out of the links", () => {
    expect(searchHref({ sort: "relevance", period: 0, query: "" })).toBe("/search");
    expect(searchHref({ sort: "date", period: 604800, where: "q", query: "кот" })).toBe("/search/s-date/p-604800/w-q/%D0%BA%D0%BE%D1%82");
  });

  it("cuts the query to 750 characters once encoded, never inside a character", () => {
    const q = cutQuery("я".repeat(500));
    expect(encodeURIComponent(q).length).toBeLessThanOrEqual(750);
    expect(q).toBe("я".repeat(125));
    expect(cutQuery("a".repeat(800))).toHaveLength(750);
    expect(cutQuery("0")).toBe("0");
  });
});
