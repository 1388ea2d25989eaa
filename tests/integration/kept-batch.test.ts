import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dbOf, schema } from "../../app/models/core/db.server";
import { keptBatch } from "../../app/models/core/kept-batch.server";
import { withD1Stats } from "../../worker/d1-stats";

/**
 * Kept batches (the hot pages' reads, their SQL built once per isolate): those a request starts
 * together reach D1 as one batch, and each caller gets its own rows.
 */

const nickOf = keptBatch(
  (e) =>
    [
      dbOf(e)
        .select({ nick: schema.users.nick })
        .from(schema.users)
        .where(sql`${schema.users.id} = ${sql.placeholder("id")}`),
    ] as const,
);

const numbers = keptBatch(
  (e) =>
    [
      dbOf(e)
        .select({ n: sql<number>`${sql.placeholder("n")}` })
        .from(schema.users)
        .limit(1),
      dbOf(e).select({ two: sql<number>`2` }).from(schema.users).limit(1),
    ] as const,
);

/** A batch whose statement names a table that does not exist: D1 refuses it. */
const broken = keptBatch((e) => [dbOf(e).select({ x: sql`1` }).from(sql`no_such_table`)] as const);

/** A request's env whose D1 counts its round trips, and the counts. */
function counted() {
  const { env: e, report } = withD1Stats({ ...env, D1_STATS: "1" } as Env);
  return {
    env: e,
    counts() {
      const res = new Response(null);
      report(res);
      return { roundTrips: res.headers.get("x-d1-roundtrips"), statements: res.headers.get("x-d1-statements") };
    },
  };
}

describe("kept batches", () => {
  it("started together, they take one round trip, each caller getting its own rows", async () => {
    const r = counted();
    const [[[first]], [[second]], [[n], [two]]] = await Promise.all([nickOf(r.env, { id: 1 }), nickOf(r.env, { id: 2 }), numbers(r.env, { n: 7 })]);
    const nicks = await env.DB.prepare("select id, nick from users where id in (1, 2) order by id").all<{ nick: string }>();
    expect([first, second]).toEqual(nicks.results.map((u) => ({ nick: u.nick })));
    expect([n, two]).toEqual([{ n: 7 }, { two: 2 }]);
    expect(r.counts()).toEqual({ roundTrips: "1", statements: "4" });
  });

  it("one started after another has answered takes its own round trip", async () => {
    const r = counted();
    await nickOf(r.env, { id: 1 });
    await nickOf(r.env, { id: 2 });
    expect(r.counts()).toEqual({ roundTrips: "2", statements: "2" });
  });

  it("when D1 refuses the batch, every caller sent with it gets the error", async () => {
    const r = counted();
    const results = await Promise.allSettled([nickOf(r.env, { id: 1 }), broken(r.env, {})]);
    expect(results.map((x) => x.status)).toEqual(["rejected", "rejected"]);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain("no_such_table");
    // and the next batch on the same D1 is sent on its own, as usual
    const [[user]] = await nickOf(r.env, { id: 1 });
    expect(user.nick).toBeTruthy();
  });
});
