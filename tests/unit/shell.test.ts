import { describe, expect, it } from "vitest";
import { dropdownColumns, seasonOf } from "../../app/lib/shell";

/** A moment given as Moscow wall-clock time (UTC+3 all year). */
const moscow = (y: number, m: number, d: number, h = 12, min = 0) => Date.UTC(y, m - 1, d, h - 3, min);

describe("the seasonal logo, chosen by the date in Moscow", () => {
  it("shows the New Year logo from 20 December to 14 January", () => {
    expect(seasonOf(moscow(2026, 12, 20, 0, 0))).toBe("newyear");
    expect(seasonOf(moscow(2026, 12, 31))).toBe("newyear");
    expect(seasonOf(moscow(2027, 1, 1))).toBe("newyear");
    expect(seasonOf(moscow(2027, 1, 14, 23, 59))).toBe("newyear");
  });

  it("shows the plain logo the day before and the day after the New Year period", () => {
    expect(seasonOf(moscow(2026, 12, 19, 23, 59))).toBeNull();
    expect(seasonOf(moscow(2027, 1, 15, 0, 0))).toBeNull();
  });

  it("shows the Valentine's logo on 14 February only", () => {
    expect(seasonOf(moscow(2027, 2, 13, 23, 59))).toBeNull();
    expect(seasonOf(moscow(2027, 2, 14, 0, 0))).toBe("valentine");
    expect(seasonOf(moscow(2027, 2, 14, 23, 59))).toBe("valentine");
    expect(seasonOf(moscow(2027, 2, 15, 0, 0))).toBeNull();
  });

  it("shows the spring logo on 8 March only", () => {
    expect(seasonOf(moscow(2027, 3, 7, 23, 59))).toBeNull();
    expect(seasonOf(moscow(2027, 3, 8, 0, 0))).toBe("march8");
    expect(seasonOf(moscow(2027, 3, 8, 23, 59))).toBe("march8");
    expect(seasonOf(moscow(2027, 3, 9, 0, 0))).toBeNull();
  });

  it("follows Moscow's date, not the server's: 8 March starts at 21:00 UTC on 7 March", () => {
    expect(seasonOf(Date.UTC(2027, 2, 7, 20, 59))).toBeNull();
    expect(seasonOf(Date.UTC(2027, 2, 7, 21, 0))).toBe("march8");
    expect(seasonOf(Date.UTC(2027, 2, 8, 20, 59))).toBe("march8");
    expect(seasonOf(Date.UTC(2027, 2, 8, 21, 0))).toBeNull();
  });

  it("shows the plain logo on an ordinary day", () => {
    expect(seasonOf(moscow(2026, 11, 24))).toBeNull();
    expect(seasonOf(moscow(2027, 6, 1))).toBeNull();
  });
});

describe("the categories drop-down's columns", () => {
  const cats = Array.from({ length: 25 }, (_, i) => ({ name: `Категория ${i + 1}`, href: `/c${i + 1}/` }));

  it("puts «Все вопросы» and categories 1–10 first, 11–21 second and the rest third", () => {
    const [first, second, third] = dropdownColumns(cats);
    expect(first.map((c) => c.name)).toEqual(["Все вопросы", ...cats.slice(0, 10).map((c) => c.name)]);
    expect(first[0].href).toBe("/");
    expect(second.map((c) => c.name)).toEqual(cats.slice(10, 21).map((c) => c.name));
    expect(third.map((c) => c.name)).toEqual(["Категория 22", "Категория 23", "Категория 24", "Категория 25"]);
  });

  it("leaves the later columns empty when there are few categories", () => {
    expect(dropdownColumns(cats.slice(0, 4)).map((c) => c.length)).toEqual([5, 0, 0]);
  });
});
