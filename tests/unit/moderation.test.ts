import { describe, expect, it } from "vitest";
import { BAN_PERIODS, BAN_REASONS, banPeriodsFor, banPeriodText, banReasonTitle, isModerator, isPermanentBan, parseJsonList } from "../../app/lib/moderation";

describe("moderation rules", () => {
  it("a moderator is a volonter with at least one permission", () => {
    expect(isModerator({ type: "volonter", permissions: ["ansdrop"] })).toBe(true);
    expect(isModerator({ type: "volonter", permissions: [] })).toBe(false);
    expect(isModerator({ type: "", permissions: ["ansdrop"] })).toBe(false);
    expect(isModerator(null)).toBe(false);
  });

  it("777 hours or more is a permanent ban", () => {
    expect(isPermanentBan(720)).toBe(false);
    expect(isPermanentBan(777)).toBe(true);
    expect(isPermanentBan(8640)).toBe(true);
  });

  it("only periods up to the moderator's banduration are offered, the permanent ones only with usrkiller", () => {
    expect(BAN_PERIODS).toEqual([3, 6, 12, 24, 72, 168, 720, 8640, 43200]);
    expect(banPeriodsFor({ banduration: 72, permissions: ["tmpban", "usrkiller"] })).toEqual([3, 6, 12, 24, 72]);
    expect(banPeriodsFor({ banduration: 43200, permissions: ["tmpban"] })).toEqual([3, 6, 12, 24, 72, 168, 720]);
    expect(banPeriodsFor({ banduration: 43200, permissions: ["tmpban", "usrkiller"] })).toEqual([...BAN_PERIODS]);
    expect(banPeriodsFor({ banduration: 0, permissions: ["tmpban"] })).toEqual([]);
  });

  it("there are 13 ban reasons, named by key or by title", () => {
    expect(BAN_REASONS).toHaveLength(13);
    expect(new Set(BAN_REASONS.map((r) => r.key)).size).toBe(13);
    expect(banReasonTitle("spam")).toBe("Реклама или спам");
    expect(banReasonTitle("порнография")).toBe("Порнография");
    expect(banReasonTitle("просто так")).toBeNull();
  });

  it("periods read in Russian, the long ones as forever", () => {
    expect(banPeriodText(3)).toBe("3 часа");
    expect(banPeriodText(72)).toBe("72 часа");
    expect(banPeriodText(168)).toBe("168 часов");
    expect(banPeriodText(8640)).toMatch(/^навсегда \(8\s640 часов\)$/);
  });

  it("a stored list that is not JSON reads as empty", () => {
    expect(parseJsonList('["a"]')).toEqual(["a"]);
    expect(parseJsonList("{}")).toEqual([]);
    expect(parseJsonList("oops")).toEqual([]);
  });
});
