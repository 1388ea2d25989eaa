import { describe, expect, it } from "vitest";
import { TOP_CATEGORIES } from "../../db/seed/data";
import { stemOf, termOf, wordsOf } from "../../app/lib/stems";
import { excerptOf, highlightParts } from "../../app/models/search/marks.server";
import { queryStems, sameWord, sharedStems } from "../../app/models/search/search.server";

/** The demo data's titles and a few word forms whose endings the stemmer cuts in every way it can. */
const TEXT = [
  ...TOP_CATEGORIES.flatMap((c) => [c.name, ...c.titles, ...c.subs.map((s) => s[0])]),
  "ёлки пальцы длинношеее шеей умнейший чудеснейшая бегающими стоянка стойкость бесконечность",
  "вкуснейшие пирожки, котята и коты, который час, колючие колючки, ноутбуки ноутбука ноутбучный, два котла",
  "PS 0 iPhone Windows 10 C++ й ъ ь",
].join(" ");

const WORDS = [...new Set(wordsOf(TEXT))];

describe("the stems search marks words by", () => {
  it("are always the beginning of their word, so a word no stem begins need not be stemmed", () => {
    expect(WORDS.length).toBeGreaterThan(300);
    for (const w of WORDS) {
      expect(w.startsWith(termOf(w)), `${w} → ${termOf(w)}`).toBe(true);
      expect(w.startsWith(stemOf(w)), `${w} → ${stemOf(w)}`).toBe(true);
    }
  });

  it("mark the words whose term is the query's and no others, as stemming every word would", () => {
    for (const query of ["ноутбуки", "кот", "колючий", "вкусные пирожки", "PS 0", "бесконечный"]) {
      const terms = queryStems(query).map((s) => ({ s }));
      const parts = highlightParts(TEXT, terms);
      expect(parts.map((p) => p.text).join("")).toBe(TEXT);
      const marked = parts.filter((p) => p.mark).map((p) => p.text.toLowerCase().replace(/ё/g, "е"));
      const expected = wordsOf(TEXT).filter((w) => terms.some((t) => t.s === termOf(w)));
      expect(marked, query).toEqual(expected);
    }
    // «кот» (коты) is not «котор» (который), though one begins the other
    const kot = highlightParts("котята и коты, который час", [{ s: termOf("кот") }]);
    expect(kot.filter((p) => p.mark).map((p) => p.text)).toEqual(["коты"]);
  });

  it("place an excerpt at the first matched word", () => {
    const long = `${"слово ".repeat(40)}ноутбука разные`;
    expect(excerptOf(long, [{ s: termOf("ноутбук") }])).toMatch(/^…(слово )+ноутбука разные$/);
    expect(excerptOf("<p>ничего</p>", [{ s: termOf("ноутбук") }])).toBe("ничего");
  });

  it("count the query's stems a text shares, as stemming every word would", () => {
    const reference = (stems: string[], text: string) => {
      const own = wordsOf(text).map(stemOf);
      return stems.filter((s) => own.some((w) => sameWord(s, w))).length;
    };
    const texts = [TEXT, ...TOP_CATEGORIES.flatMap((c) => c.titles)];
    let shared = 0;
    for (const query of ["колючие кусты", "кот", "котлеты", "ноутбук для игр", "как выбрать телефон", "лучший фильм года", "вкусный пирог"]) {
      const stems = queryStems(query);
      for (const text of texts) {
        const n = sharedStems(stems, text);
        expect(n, `${query} in ${text.slice(0, 40)}`).toBe(reference(stems, text));
        shared += n;
      }
    }
    expect(shared).toBeGreaterThan(10);
  });
});
