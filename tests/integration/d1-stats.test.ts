import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { withD1Stats } from "../../worker/d1-stats";

/**
 * The bench's D1 knob (the worker's D1 counts, worker/d1-stats.ts): with BENCH_KNOBS=1 a request
 * that asks for it makes each of its reads twice, so the bench can tell D1's part of a page's cost;
 * writes are made once, the counts stay those of the request, and without the var nothing changes.
 */

const asking = new Request("http://local.test/", { headers: { "x-bench-d1": "reads-twice" } });

async function workOf(vars: Partial<Env>, req: Request) {
  const { env: counted, report } = withD1Stats({ ...env, D1_STATS: "1", ...vars } as Env, req);
  const before = (await env.DB.prepare("select count(*) as n from ip_blocks").first<{ n: number }>())!.n;
  await counted.DB.prepare("select id from users where id = ?1").bind(1).first();
  await counted.DB.batch([counted.DB.prepare("select 1 as a"), counted.DB.prepare("with t(x) as (select 2) select x from t")]);
  // a write, alone and in a batch with a read: made once however the request asks
  const block = (address: string) =>
    counted.DB.prepare("insert into ip_blocks (address, moder_id, hours, reason, added, until) values (?1, 1, 1, 'knob test', 1, 1)").bind(address);
  await block("198.51.100.250").run();
  await counted.DB.batch([counted.DB.prepare("select 1"), block("198.51.100.251")]);
  const after = (await env.DB.prepare("select count(*) as n from ip_blocks").first<{ n: number }>())!.n;
  await env.DB.prepare("delete from ip_blocks where reason = 'knob test'").run();
  const res = new Response(null);
  report(res);
  return { headers: Object.fromEntries([...res.headers].filter(([k]) => k.startsWith("x-d1"))), added: after - before };
}

describe("the bench's knob for D1's part of a request", () => {
  it("repeats each read (a statement or a batch of reads) and no write; the counts are the request's own", async () => {
    const asked = await workOf({ BENCH_KNOBS: "1" }, asking);
    expect(asked.headers["x-d1-repeated"]).toBe("2");
    expect(asked.headers["x-d1-roundtrips"]).toBe("4");
    expect(asked.headers["x-d1-statements"]).toBe("6");
    // each insert made once
    expect(asked.added).toBe(2);
    const plain = await workOf({ BENCH_KNOBS: "1" }, new Request("http://local.test/"));
    expect(plain.headers["x-d1-repeated"]).toBeUndefined();
    expect(plain.headers["x-d1-roundtrips"]).toBe("4");
  });

  it("counts a request that asks on a worker that counts nothing else (D1_STATS off), and only with BENCH_KNOBS", async () => {
    const once = await workOf({ D1_STATS: "0", BENCH_KNOBS: "1" }, new Request("http://local.test/", { headers: { "x-bench-d1": "once" } }));
    expect(once.headers["x-d1-roundtrips"]).toBe("4");
    expect(once.headers["x-d1-repeated"]).toBeUndefined();
    expect((await workOf({ D1_STATS: "0", BENCH_KNOBS: "1" }, asking)).headers["x-d1-repeated"]).toBe("2");
    expect(await workOf({ D1_STATS: "0", BENCH_KNOBS: "1" }, new Request("http://local.test/"))).toEqual({ headers: {}, added: 2 });
    expect(await workOf({ D1_STATS: "0", BENCH_KNOBS: undefined }, asking)).toEqual({ headers: {}, added: 2 });
  });

  it("is off without BENCH_KNOBS, whatever the request asks", async () => {
    const off = await workOf({ BENCH_KNOBS: undefined }, asking);
    expect(off.headers["x-d1-repeated"]).toBeUndefined();
    expect(off.headers["x-d1-roundtrips"]).toBe("4");
    expect(off.added).toBe(2);
  });
});
