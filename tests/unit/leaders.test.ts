import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LeadersBlock } from "../../app/components/leaders-block";
import { type LeaderRow, moscowWeek, moscowWeekStart, parseTopPath, ratingHasMore, ratingPageSize } from "../../app/lib/leaders";

const row = (i: number): LeaderRow => ({
  place: i + 1,
  id: 100 + i,
  nick: `Участник ${i + 1}`,
  filin: null,
  lvl: 2,
  points: 500 - i,
  kpd: 0,
  vip: 0,
  anscnt: 0,
  bestanscnt: 0,
  difpoints: 50 - i,
  difanscnt: 0,
  difbestanscnt: 0,
  value: 50 - i,
});

const block = (n: number) =>
  renderToStaticMarkup(createElement(LeadersBlock, { title: "Лидеры", rows: Array.from({ length: n }, (_, i) => row(i)), more: "/top/points/week/" }));

describe("the leaders block", () => {
  it("shows the first 3 large and the next 5 small, with the 'ещё' link when there are more than 6", () => {
    const html = block(8);
    const [top, small] = html.split('class="leaders-block-small"');
    expect(top.match(/data-testid="leader-avatar"/g)).toHaveLength(3);
    expect(small.match(/<li>/g)).toHaveLength(5);
    expect(small).toContain('start="4"');
    expect(html).toContain('href="/top/points/week/" data-testid="leaders-block-more">ещё</a>');
  });

  it("has no 'ещё' link with 6 leaders or fewer, and shows nothing without leaders", () => {
    expect(block(6)).not.toContain("ещё");
    expect(block(7)).toContain("ещё");
    expect(block(0)).toBe("");
  });
});

describe("the Moscow week", () => {
  it("starts on Monday at 00:00 Moscow time (21:00 UTC on Sunday)", () => {
    const monday = Date.UTC(2026, 10, 22, 21, 0, 0); // Monday 23 November 2026, 00:00 in Moscow
    expect(moscowWeek(monday)).toBe(moscowWeek(monday - 1) + 1);
    expect(moscowWeek(monday + 7 * 86_400_000 - 1)).toBe(moscowWeek(monday));
    expect(moscowWeekStart(moscowWeek(monday + 3 * 86_400_000))).toBe(monday);
  });
});

describe("the leaders' addresses and paging", () => {
  it("reads /top[/{type}][/{period}][/{cat}] and refuses the rest", () => {
    expect(parseTopPath([])).toEqual({ type: "points", period: "week", cat: null });
    expect(parseTopPath(["all"])).toEqual({ type: "points", period: "all", cat: null });
    expect(parseTopPath(["anscnt"])).toEqual({ type: "anscnt", period: "week", cat: null });
    expect(parseTopPath(["points", "week", "auto"])).toEqual({ type: "points", period: "week", cat: "auto" });
    for (const bad of [["week"], ["points", "day"], ["anscnt", "week", "auto"], ["points", "all", "auto"], ["all", "week"], ["points", "week", "auto", "x"]]) {
      expect(parseTopPath(bad), bad.join("/")).toBeNull();
    }
  });

  it("pages 19, then 20, and offers more while fewer than 80 are shown", () => {
    expect([0, 19, 39, 59, 79].map(ratingPageSize)).toEqual([19, 20, 20, 20, 20]);
    expect(ratingHasMore(79, true)).toBe(true);
    expect(ratingHasMore(80, true)).toBe(false);
    expect(ratingHasMore(19, false)).toBe(false);
  });
});
