import { describe, expect, it } from "vitest";
import { timeAgo, timeAgoWords, waitWords } from "../../app/lib/time-ago";

const NOW = Date.UTC(2026, 3, 1, 12, 0, 0);
/** how the time reads `s` seconds after it */
const agoAfter = (s: number) => timeAgoWords(NOW - s * 1000, NOW);

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const WEEK = 7 * DAY;
const MONTH = 2_628_000;
const YEAR = 31_536_000;

describe("how long ago, in the spec's words", () => {
  it("under a minute reads «1 минуту»", () => {
    expect(agoAfter(0)).toBe("1 минуту");
    expect(agoAfter(1)).toBe("1 минуту");
    expect(agoAfter(59)).toBe("1 минуту");
    expect(timeAgoWords(NOW - 59_999, NOW)).toBe("1 минуту");
  });

  it("a time slightly in the future (clock skew) also reads «1 минуту»", () => {
    expect(timeAgoWords(NOW + 5_000, NOW)).toBe("1 минуту");
  });

  it("minutes count whole minutes: 1 минуту, 2 минуты, 5 минут, 21 минуту, 59 минут", () => {
    expect(agoAfter(MINUTE)).toBe("1 минуту");
    expect(agoAfter(2 * MINUTE - 1)).toBe("1 минуту");
    expect(agoAfter(2 * MINUTE)).toBe("2 минуты");
    expect(agoAfter(5 * MINUTE)).toBe("5 минут");
    expect(agoAfter(21 * MINUTE)).toBe("21 минуту");
    expect(agoAfter(HOUR - 1)).toBe("59 минут");
  });

  it("hours: 1 час, 2 часа, 5 часов, 23 часа", () => {
    expect(agoAfter(HOUR)).toBe("1 час");
    expect(agoAfter(2 * HOUR)).toBe("2 часа");
    expect(agoAfter(5 * HOUR)).toBe("5 часов");
    expect(agoAfter(DAY - 1)).toBe("23 часа");
  });

  it("days: 1 день, 2 дня, 6 дней", () => {
    expect(agoAfter(DAY)).toBe("1 день");
    expect(agoAfter(2 * DAY)).toBe("2 дня");
    expect(agoAfter(WEEK - 1)).toBe("6 дней");
  });

  it("weeks: seven days read «1 неделю», then 2 недели, 4 недели", () => {
    expect(agoAfter(WEEK)).toBe("1 неделю");
    expect(agoAfter(2 * WEEK)).toBe("2 недели");
    expect(agoAfter(4 * WEEK)).toBe("4 недели");
  });

  it("months are 2,628,000 seconds", () => {
    expect(agoAfter(MONTH - 1)).toBe("4 недели");
    expect(agoAfter(MONTH)).toBe("1 месяц");
    expect(agoAfter(2 * MONTH)).toBe("2 месяца");
    expect(agoAfter(5 * MONTH)).toBe("5 месяцев");
    expect(agoAfter(YEAR - 1)).toBe("11 месяцев");
  });

  it("years are 31,536,000 seconds: 1 год, 2 года, 5 лет, 21 год", () => {
    expect(agoAfter(YEAR)).toBe("1 год");
    expect(agoAfter(2 * YEAR)).toBe("2 года");
    expect(agoAfter(5 * YEAR)).toBe("5 лет");
    expect(agoAfter(21 * YEAR)).toBe("21 год");
  });

  it("timeAgo adds «назад»", () => {
    expect(timeAgo(NOW - 5 * MINUTE * 1000, NOW)).toBe("5 минут назад");
    expect(timeAgo(NOW, NOW)).toBe("1 минуту назад");
  });
});

describe("how long to wait, after «через»", () => {
  it("seconds under a minute, then minutes and hours, always rounded up", () => {
    expect(waitWords(0)).toBe("1 секунду");
    expect(waitWords(1_500)).toBe("2 секунды");
    expect(waitWords(45_000)).toBe("45 секунд");
    expect(waitWords(60_000)).toBe("1 минуту");
    expect(waitWords(61_000)).toBe("2 минуты");
    expect(waitWords(21 * 60_000)).toBe("21 минуту");
    expect(waitWords(3_600_000)).toBe("1 час");
    expect(waitWords(3_600_001)).toBe("2 часа");
    expect(waitWords(5 * 3_600_000)).toBe("5 часов");
  });
});
