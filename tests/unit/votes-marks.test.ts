import { describe, expect, it } from "vitest";
import { hasMore, tooltipView, type Voter } from "../../app/islands/voters.island";
import { spsAfter } from "../../app/islands/answer-actions.island";
import { applyPollResult } from "../../app/islands/poll.island";

const voters = (n: number): Voter[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, nick: `Ник ${i + 1}` }));

describe("the who-voted tooltip", () => {
  it("shows every voter and no 'more' while there are fewer than 5", () => {
    const v = tooltipView(voters(4));
    expect(v.shown.map((u) => u.id)).toEqual([1, 2, 3, 4]);
    expect(v.more).toBe(false);
  });

  it("shows 5 avatars and 'more' at exactly 5 voters", () => {
    const v = tooltipView(voters(5));
    expect(v.shown).toHaveLength(5);
    expect(v.more).toBe(true);
  });

  it("shows only the first 5 and 'more' when there are 20", () => {
    const v = tooltipView(voters(20));
    expect(v.shown.map((u) => u.id)).toEqual([1, 2, 3, 4, 5]);
    expect(v.more).toBe(true);
  });

  it("shows nothing for nobody", () => {
    expect(tooltipView([])).toEqual({ shown: [], more: false });
  });
});

describe("the who-voted list pages by 20", () => {
  it("offers another page after a full page while fewer than the total are loaded", () => {
    expect(hasMore(20, 20, 45)).toBe(true);
    expect(hasMore(40, 20, 45)).toBe(true);
  });

  it("stops after a short page or when everyone is loaded", () => {
    expect(hasMore(45, 5, 45)).toBe(false);
    expect(hasMore(20, 20, 20)).toBe(false);
    expect(hasMore(7, 7, 7)).toBe(false);
  });
});

describe("the owner's like marks (can-do-sps, is-sps, is-not-sps)", () => {
  it("a like moves can-do to is-sps and a dislike to is-not-sps", () => {
    expect(spsAfter("thanks", 0, true)).toBe(1);
    expect(spsAfter("notimportant", 0, true)).toBe(-1);
  });

  it("undoing either returns to can-do", () => {
    expect(spsAfter("unthanks", 1, true)).toBe(0);
    expect(spsAfter("unnotimportant", -1, true)).toBe(0);
  });

  it("a second like refused with 253 shows the answer as liked", () => {
    expect(spsAfter("thanks", 0, false, 253)).toBe(1);
  });

  it("refusals that tell the answer is hidden or liked move there; others change nothing", () => {
    expect(spsAfter("thanks", 0, false, 174)).toBe(-1);
    expect(spsAfter("notimportant", 0, false, 174)).toBe(1);
    expect(spsAfter("notimportant", 0, false, 173)).toBe(-1);
    expect(spsAfter("thanks", 0, false, 166)).toBe(0);
    expect(spsAfter("unthanks", 1, false, 175)).toBe(1);
    expect(spsAfter("thanks", 0, false)).toBe(0);
  });
});

describe("the poll results after a vote", () => {
  const options = [
    { id: 1, text: "Зиму", votes: 0 },
    { id: 2, text: "Весну", votes: 3 },
    { id: 3, text: "Лето", votes: 2 },
  ];

  it("take the counts of the reply, option by option", () => {
    const next = applyPollResult(options, [
      { optid: 1, votes: 1 },
      { optid: 2, votes: 3 },
      { optid: 3, votes: 3 },
    ]);
    expect(next.map((o) => o.votes)).toEqual([1, 3, 3]);
    expect(next.map((o) => o.text)).toEqual(["Зиму", "Весну", "Лето"]);
  });

  it("keep the old counts of options the reply does not name", () => {
    expect(applyPollResult(options, [{ optid: 2, votes: 4 }]).map((o) => o.votes)).toEqual([0, 4, 2]);
    expect(applyPollResult(options, undefined)).toEqual(options);
  });
});
