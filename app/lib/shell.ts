/** Pure rules of the site's shell (the toolbar): the seasonal logo and the categories drop-down. */

/** A festive logo, or null for the plain one. */
export type Season = "newyear" | "valentine" | "march8" | null;

/** Moscow keeps UTC+3 all year round. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/**
 * The logo for a moment, chosen by the calendar date in Moscow (wherever the server runs):
 * the New Year logo from 20 December to 14 January (the "old New Year") inclusive, the
 * Valentine's logo on 14 February and the spring logo on 8 March; the plain logo otherwise.
 */
export function seasonOf(ms: number): Season {
  const d = new Date(ms + MOSCOW_OFFSET_MS);
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  if ((month === 12 && day >= 20) || (month === 1 && day <= 14)) return "newyear";
  if (month === 2 && day === 14) return "valentine";
  if (month === 3 && day === 8) return "march8";
  return null;
}

/** What the logo says to a screen reader in each season. */
export const SEASON_TITLES: Record<Exclude<Season, null>, string> = {
  newyear: "С Новым годом!",
  valentine: "С Днём святого Валентина!",
  march8: "С 8 Марта!",
};

/** A category of the drop-down; `fav` marks a signed-in user's favourite (listed first). */
export type DropdownEntry = { name: string; href: string; fav?: boolean };

/**
 * The toolbar's categories drop-down in three columns: «Все вопросы» and the first ten
 * categories, then the 11th to the 21st, then the rest, in the categories' own order.
 */
export function dropdownColumns(categories: DropdownEntry[]): DropdownEntry[][] {
  return [[{ name: "Все вопросы", href: "/" }, ...categories.slice(0, 10)], categories.slice(10, 21), categories.slice(21)];
}

/** How many characters of a nick the toolbar shows. */
export const TOOLBAR_NICK_CUT = 15;
