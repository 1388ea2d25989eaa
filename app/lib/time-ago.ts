import { plural, type Forms } from "./plural";

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const WEEK = 604_800;
/** a month (a twelfth of a year) and a year of 365 days */
const MONTH = 2_628_000;
const YEAR = 31_536_000;

const UNITS: ReadonlyArray<[seconds: number, forms: Forms]> = [
  [YEAR, ["год", "года", "лет"]],
  [MONTH, ["месяц", "месяца", "месяцев"]],
  [WEEK, ["неделю", "недели", "недель"]],
  [DAY, ["день", "дня", "дней"]],
  [HOUR, ["час", "часа", "часов"]],
  [MINUTE, ["минуту", "минуты", "минут"]],
];

/** How long ago, in Russian words: under 60 s reads "1 минуту", then whole units with plurals. */
export function timeAgoWords(thenMs: number, nowMs: number): string {
  const s = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (s < MINUTE) return "1 минуту";
  for (const [size, forms] of UNITS) {
    if (s >= size) {
      const n = Math.floor(s / size);
      return `${n} ${plural(n, forms)}`;
    }
  }
  return "1 минуту";
}

/** "5 минут назад" */
export function timeAgo(thenMs: number, nowMs: number): string {
  return `${timeAgoWords(thenMs, nowMs)} назад`;
}

/**
 * How long to wait, in Russian words after "через", rounded up: "45 секунд" under a minute,
 * "2 минуты" under an hour, then whole hours ("3 часа").
 */
export function waitWords(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < MINUTE) return `${s} ${plural(s, ["секунду", "секунды", "секунд"])}`;
  if (s < HOUR) {
    const m = Math.ceil(s / MINUTE);
    return `${m} ${plural(m, ["минуту", "минуты", "минут"])}`;
  }
  const h = Math.ceil(s / HOUR);
  return `${h} ${plural(h, ["час", "часа", "часов"])}`;
}
