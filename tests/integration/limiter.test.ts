import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const counter = (key: string) => env.LIMITER.get(env.LIMITER.idFromName(`test:${key}`));
const MINUTE = 60_000;

describe("the Limiter: one atomic counter per key", () => {
  it("a hundred hits at once on one key let exactly the limit through", async () => {
    const c = counter("crowd");
    const now = Date.now();
    const verdicts = await Promise.all(Array.from({ length: 100 }, () => c.hit(7, MINUTE, now)));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(7);
    expect(verdicts.filter((v) => v.ok).map((v) => v.count)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 7]));
    expect(await c.count(MINUTE, now)).toBe(7);
  });

  it("a refused hit is not counted and says when the window has room again; the window slides", async () => {
    const c = counter("window");
    const t0 = Date.now();
    expect((await c.hit(2, MINUTE, t0)).ok).toBe(true);
    expect((await c.hit(2, MINUTE, t0 + 10_000)).ok).toBe(true);
    expect(await c.hit(2, MINUTE, t0 + 20_000)).toMatchObject({ ok: false, count: 2, retryAfterMs: 40_000 });
    expect(await c.count(MINUTE, t0 + 20_000)).toBe(2);
    // the first hit leaves the window: one place again, until the second leaves too
    expect((await c.hit(2, MINUTE, t0 + MINUTE + 1)).ok).toBe(true);
    expect(await c.hit(2, MINUTE, t0 + MINUTE + 2)).toMatchObject({ ok: false, retryAfterMs: 10_000 - 2 });
  });

  it("with back-off, each hit over the limit waits twice as long as the one before", async () => {
    const c = counter("backoff");
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) expect((await c.hit(3, 10 * MINUTE, t0 + i, MINUTE)).ok).toBe(true);
    expect(await c.hit(3, 10 * MINUTE, t0 + 3, MINUTE)).toMatchObject({ ok: false, retryAfterMs: MINUTE - 1 });
    let latest = t0 + 2 + MINUTE;
    expect((await c.hit(3, 10 * MINUTE, latest, MINUTE)).ok).toBe(true);
    expect(await c.hit(3, 10 * MINUTE, latest + 1, MINUTE)).toMatchObject({ ok: false, retryAfterMs: 2 * MINUTE - 1 });
    latest += 2 * MINUTE;
    expect((await c.hit(3, 10 * MINUTE, latest, MINUTE)).ok).toBe(true);
    expect(await c.hit(3, 10 * MINUTE, latest + 1, MINUTE)).toMatchObject({ ok: false, retryAfterMs: 4 * MINUTE - 1 });
  });

  it("the back-off wait shortens when old hits leave the window", async () => {
    const c = counter("backoff-window");
    const t0 = Date.now();
    expect((await c.hit(2, 3 * MINUTE, t0, MINUTE)).ok).toBe(true);
    expect((await c.hit(2, 3 * MINUTE, t0 + 1, MINUTE)).ok).toBe(true);
    expect((await c.hit(2, 3 * MINUTE, t0 + 2 * MINUTE, MINUTE)).ok).toBe(true);
    // over the limit by one: two minutes after the latest hit, but at t0 + 3 min the first one leaves
    // the window and one minute after the latest is enough
    expect(await c.hit(2, 3 * MINUTE, t0 + 2 * MINUTE + 1, MINUTE)).toMatchObject({ ok: false, retryAfterMs: MINUTE - 1 });
    expect((await c.hit(2, 3 * MINUTE, t0 + 3 * MINUTE, MINUTE)).ok).toBe(true);
  });

  it("a hit given back frees its place, and reset forgets them all", async () => {
    const c = counter("give-back");
    const now = Date.now();
    const first = await c.hit(1, MINUTE, now);
    expect((await c.hit(1, MINUTE, now)).ok).toBe(false);
    await c.giveBack(first.id);
    expect((await c.hit(1, MINUTE, now)).ok).toBe(true);
    await c.reset();
    expect(await c.count(MINUTE, now)).toBe(0);
  });

  it("drained by two callers at once, the hits in the window are counted for one of them and all forgotten", async () => {
    const c = counter("drain");
    const t0 = Date.now();
    await c.hit(10, MINUTE, t0);
    for (let i = 0; i < 3; i++) await c.hit(10, MINUTE, t0 + MINUTE / 2);
    const counts = await Promise.all([c.drain(MINUTE, t0 + MINUTE + 1), c.drain(MINUTE, t0 + MINUTE + 1)]);
    expect(counts.sort()).toEqual([0, 3]);
    expect(await c.count(MINUTE, t0)).toBe(0);
  });
});
