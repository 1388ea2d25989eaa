import { describe, expect, it } from "vitest";
import { BASE, get, post, workerFetch } from "./helpers/api";
import { value } from "./helpers/db";

/** `n` requests at once; their replies. */
const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe("limits per address on what anyone may do without signing in", () => {
  it("tracking events: sixty a minute from one address are stored, the rest are refused with 429 and when to try again", async () => {
    const before = await value("select count(*) v from track_events");
    const replies = await times(70, () => post("dwh", { name: "survey_shown", qid: 3 }, undefined, { ip: "198.51.100.10" }));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(60);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0].json).toMatchObject({
      status: 429,
      errid: expect.any(Number),
      error: expect.stringMatching(/^Слишком много запросов\. Попробуйте через (1 минуту|\d+ секунд)/),
      retry_after: expect.any(Number),
    });
    expect(await value("select count(*) v from track_events")).toBe(before + 60);
    // another address has its own allowance
    expect((await post("dwh", { name: "survey_shown", qid: 3 }, undefined, { ip: "198.51.100.11" })).status).toBe(200);
  });

  it("brand link clicks: thirty a minute from one address are recorded, and the page still leads on", async () => {
    const before = await value("select count(*) v from track_events where name = 'external_link_click'");
    const pages = await times(35, () =>
      workerFetch(`${BASE}/301?url=${encodeURIComponent("https://example.org/help")}&brand=tehnomir`, { headers: { "cf-connecting-ip": "198.51.100.20" } }),
    );
    expect(pages.every((p) => p.status === 200)).toBe(true);
    expect(await value("select count(*) v from track_events where name = 'external_link_click'")).toBe(before + 30);
  });

  it("fresh captchas: sixty in ten minutes for one address, then 429 and no more rows", async () => {
    const before = await value("select count(*) v from captchas");
    const replies = await times(65, () => post("captcha_new", {}, undefined, { ip: "198.51.100.30" }));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(60);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await value("select count(*) v from captchas")).toBe(before + 60);
  });

  it("search: sixty queries a minute from one address, then 429", async () => {
    const replies = await times(62, (i) => get("search", { keyword: `кот ${i}` }, undefined, "search", "198.51.100.40"));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(60);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(2);
    expect((await get("search", { q: "кот" }, undefined, "search", "198.51.100.41")).status).toBe(200);
  });
});
