import { describe, expect, it } from "vitest";
import {
  EXPERT_LEVEL_POINTS,
  isExpertLevel,
  LEVELS,
  levelById,
  levelColour,
  levelForPoints,
  levelMetal,
  levelRank,
  nextLevel,
  START_POINTS,
} from "../../app/lib/levels";

describe("levels and points", () => {
  it("the ranking order of level ids is 1–6, 9, 7, 41, 81, 121, 13, 8", () => {
    expect(LEVELS.map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6, 9, 7, 41, 81, 121, 13, 8]);
    expect(LEVELS.map((l) => levelRank(l.id))).toEqual(LEVELS.map((_, i) => i));
  });

  it("each level needs more points than the one below it", () => {
    for (let i = 1; i < LEVELS.length; i++) expect(LEVELS[i].min).toBeGreaterThan(LEVELS[i - 1].min);
  });

  it("the thresholds the spec names hold: Ученик 100, Знаток 250, Профи 500, Гуру 1000, Высший разум 100000", () => {
    const at = (p: number) => levelForPoints(p).name;
    expect(at(100)).toBe("Ученик");
    expect(at(250)).toBe("Знаток");
    expect(at(500)).toBe("Профи");
    expect(at(1000)).toBe("Гуру");
    expect(at(100_000)).toBe("Высший разум");
  });

  it("250 points is level 3 (Знаток) and 249 points is not", () => {
    expect(levelForPoints(EXPERT_LEVEL_POINTS).id).toBe(3);
    expect(EXPERT_LEVEL_POINTS).toBe(250);
    expect(levelForPoints(249).id).toBe(2);
  });

  it("nothing and negative points are the first tier, Новичок", () => {
    expect(levelForPoints(0).id).toBe(1);
    expect(levelForPoints(-40).id).toBe(1);
  });

  it("points beyond the top stay at Высший разум", () => {
    expect(levelForPoints(5_000_000).id).toBe(8);
  });

  it("a new account starts with 100 points, which is Ученик", () => {
    expect(START_POINTS).toBe(100);
    expect(levelForPoints(START_POINTS).name).toBe("Ученик");
  });

  it("the empty profile shows 100 for the first tier", () => {
    expect(nextLevel(0)).toEqual({ level: levelById(2), pointsToLevel: 100 });
  });

  it("the next level tells how many points are missing, and there is none at the top", () => {
    expect(nextLevel(240)).toEqual({ level: levelById(3), pointsToLevel: 10 });
    expect(nextLevel(250)?.level.name).toBe("Профи");
    expect(nextLevel(100_000)).toBeNull();
  });

  it("best-answer choice and Like need level Знаток or above in the ranking order", () => {
    expect(isExpertLevel(1)).toBe(false);
    expect(isExpertLevel(2)).toBe(false);
    expect(isExpertLevel(3)).toBe(true);
    expect(isExpertLevel(9)).toBe(true);
    expect(isExpertLevel(8)).toBe(true);
  });

  it("an unknown level id falls back to Новичок", () => {
    expect(levelById(999).id).toBe(1);
    expect(levelRank(999)).toBe(0);
  });

  it("colours: 1 and 9 cyan, 2 and 7 magenta, 3 and 41 blue, 4 and 81 purple, 5 and 121 green, 6 and 13 light blue, 8 red", () => {
    const pairs: [number, string][] = [
      [1, "cyan"],
      [9, "cyan"],
      [2, "magenta"],
      [7, "magenta"],
      [3, "blue"],
      [41, "blue"],
      [4, "purple"],
      [81, "purple"],
      [5, "green"],
      [121, "green"],
      [6, "lightblue"],
      [13, "lightblue"],
      [8, "red"],
    ];
    for (const [id, colour] of pairs) expect(levelColour(id), `level ${id}`).toBe(colour);
  });

  it("a banned user is grey whatever his level", () => {
    expect(levelColour(8, true)).toBe("grey");
    expect(levelColour(1, true)).toBe("grey");
  });

  it("levels above 6 in the ranking order wear gold, the lower ones silver", () => {
    for (const id of [1, 2, 3, 4, 5, 6]) expect(levelMetal(id), `level ${id}`).toBe("silver");
    for (const id of [9, 7, 41, 81, 121, 13, 8]) expect(levelMetal(id), `level ${id}`).toBe("gold");
  });
});
