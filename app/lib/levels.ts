/**
 * Levels (see docs/decisions/0002-levels-and-points.md). The spec fixes Знаток at 250 points being
 * level 3, Профи 500, Гуру 1000 and 'Высший разум' 100000 at the top, the level ids and their
 * ranking order 1–6, 9, 7, 41, 81, 121, 13, 8, and "the first tier shows 100".
 */
export type Level = { id: number; name: string; min: number };

export const LEVELS: readonly Level[] = [
  { id: 1, name: "Новичок", min: 0 },
  { id: 2, name: "Ученик", min: 100 },
  { id: 3, name: "Знаток", min: 250 },
  { id: 4, name: "Профи", min: 500 },
  { id: 5, name: "Гуру", min: 1000 },
  { id: 6, name: "Мастер", min: 2500 },
  { id: 9, name: "Мыслитель", min: 5000 },
  { id: 7, name: "Мудрец", min: 10000 },
  { id: 41, name: "Просветленный", min: 20000 },
  { id: 81, name: "Оракул", min: 35000 },
  { id: 121, name: "Гений", min: 50000 },
  { id: 13, name: "Искусственный интеллект", min: 75000 },
  { id: 8, name: "Высший разум", min: 100000 },
];

/** Points a newly registered user starts with (the first tier, Новичок, ends at 100). */
export const START_POINTS = 100;
/** Level 3 (Знаток) opens choosing the best answer and Like in voting. */
export const EXPERT_LEVEL_POINTS = 250;

export function levelForPoints(points: number): Level {
  let found = LEVELS[0];
  for (const l of LEVELS) if (points >= l.min) found = l;
  return found;
}

export function levelById(id: number): Level {
  return LEVELS.find((l) => l.id === id) ?? LEVELS[0];
}

/** Position of a level in the ranking order (0 = lowest). */
export function levelRank(id: number): number {
  const i = LEVELS.findIndex((l) => l.id === id);
  return Math.max(i, 0);
}

/** Is the user at level Знаток (id 3) or above in the ranking order? */
export function isExpertLevel(id: number): boolean {
  return levelRank(id) >= levelRank(3);
}

/** The next level and the points still missing, or null at the top. */
export function nextLevel(points: number): { level: Level; pointsToLevel: number } | null {
  const next = LEVELS.find((l) => l.min > points);
  return next ? { level: next, pointsToLevel: next.min - points } : null;
}

const COLOURS: Record<number, string> = {
  1: "cyan",
  9: "cyan",
  2: "magenta",
  7: "magenta",
  3: "blue",
  41: "blue",
  4: "purple",
  81: "purple",
  5: "green",
  121: "green",
  6: "lightblue",
  13: "lightblue",
  8: "red",
};

/** The level's colour; banned users are grey. */
export function levelColour(id: number, banned = false): string {
  return banned ? "grey" : (COLOURS[id] ?? "cyan");
}

/** Levels above 6 in the ranking order wear gold, lower ones silver. */
export function levelMetal(id: number): "gold" | "silver" {
  return levelRank(id) > levelRank(6) ? "gold" : "silver";
}
