import { describe, expect, it } from "vitest";
import { corporateDomains, drawSuggestGroup, emailBucket, emailGroup, isCorporateEmail, suggestGroupOf } from "../../app/lib/experiments";

describe("experiment groups", () => {
  it("an address's bucket is 1–100, the same whatever its case and blanks", () => {
    expect(emailBucket(" User@Demo.Local ")).toBe(emailBucket("user@demo.local"));
    const buckets = Array.from({ length: 2000 }, (_, i) => emailBucket(`user${i}@mail.ru`));
    expect(Math.min(...buckets)).toBe(1);
    expect(Math.max(...buckets)).toBe(100);
    // the two groups split the users about evenly
    const low = buckets.filter((b) => b <= 50).length;
    expect(low).toBeGreaterThan(900);
    expect(low).toBeLessThan(1100);
  });

  it("bucket 50 or lower is one group, 51–100 the other", () => {
    const emails = Array.from({ length: 200 }, (_, i) => `u${i}@yandex.ru`);
    for (const e of emails) expect(emailGroup(e, [])).toBe(emailBucket(e) <= 50 ? "le50" : "gt50");
  });

  it("a corporate address (the domain or its subdomain) is in no group", () => {
    const domains = corporateDomains(" Corp.Test , @staff.example ,, ");
    expect(domains).toEqual(["corp.test", "staff.example"]);
    expect(isCorporateEmail("ivan@corp.test", domains)).toBe(true);
    expect(isCorporateEmail("ivan@mail.CORP.test", domains)).toBe(true);
    expect(isCorporateEmail("ivan@notcorp.test", domains)).toBe(false);
    expect(emailGroup("ivan@corp.test", domains)).toBeNull();
    expect(emailGroup("ivan@mail.ru", domains)).not.toBeNull();
  });

  it("the suggest cookie names group 1, 2 or 3, and a draw gives each", () => {
    expect([suggestGroupOf("1"), suggestGroupOf("2"), suggestGroupOf("3")]).toEqual([1, 2, 3]);
    for (const v of ["0", "4", "02", "", "x", null, undefined]) expect(suggestGroupOf(v)).toBeNull();
    expect([0, 0.34, 0.67, 0.999999].map(drawSuggestGroup)).toEqual([1, 2, 3, 3]);
  });
});
