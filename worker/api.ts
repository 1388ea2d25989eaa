import { recordMailEvents } from "../app/models/mail/suppressions.server";
import { Hono } from "hono";
import { withD1Stats } from "./d1-stats";
import type { AppEnv } from "./types";
import { CALLS } from "../app/calls/registry";
import { hasCall, readInput, runCall } from "../app/calls/run.server";
import { purgePages } from "../app/calls/page-cache.server";
import { handleNotification } from "../app/models/payments/payments.server";

/**
 * The named-call door: /api/v2/{name} (and /api/notify/{name}, /api/slow/{name} and
 * /api/search/search for the calls the API has there). GET reads take a query string; POST
 * writes take form fields or JSON. Every reply is the envelope {status, errid?, error?,
 * on_moderation?, id?, …}; an unknown name is 404 with 'undefined url'.
 */
export const api = new Hono<AppEnv>();

const UNDEFINED_URL = { status: 404, errid: 404, error: "undefined url" };

/**
 * A payment provider's server-to-server notification (docs/decisions/0041-payments.md): 200 when
 * handled (a repeat changes nothing), 400 when it cannot be verified, 404 for a provider that is not
 * configured here. The pages a granted service changed are purged.
 */
api.post("/pay/notify/:provider{test|yookassa}", async (c) => {
  const r = await handleNotification(c.env, c.req.param("provider"), c.req.raw, Date.now());
  if (r.purge.length > 0) await purgePages(new URL(c.req.url).origin, r.purge, c.env, (p) => c.executionCtx.waitUntil(p));
  return c.json({ status: r.status }, r.status as 200, { "Cache-Control": "no-store" });
});

/** The mail provider's reports of bounces and complaints (docs/decisions/0058): those addresses get no more mail. */
api.post("/mail/events", async (c) => {
  const r = await recordMailEvents(c.env, c.req.raw, Date.now());
  return c.json({ status: r.status, suppressed: r.suppressed }, r.status, { "Cache-Control": "no-store" });
});

/**
 * The doors, each a route of its own: a door as a pattern (`/:door{v2|…}/:name`) beside the static
 * `/pay` would make Hono's router fall back from its one-regular-expression matcher to its trie,
 * which walks every route for every request.
 */
const DOORS = ["v2", "notify", "slow", "search"] as const;

for (const door of DOORS) {
  api.all(`/${door}/:name`, async (c) => {
    const name = c.req.param("name");
    if (!hasCall(name) || (CALLS[name].door ?? "v2") !== door) return c.json(UNDEFINED_URL, 404);
    // with D1_STATS=1 (the benchmark, the tests) the reply reports the call's D1 work, as pages do
    const { env, report } = withD1Stats(c.env, c.req.raw);
    const result = await runCall(name, c.req.raw, await readInput(c.req.raw), env, c.executionCtx, "api");
    const res = c.json(result.body, result.status as 200);
    for (const v of result.cookies) res.headers.append("Set-Cookie", v);
    res.headers.set("Cache-Control", "no-store");
    report(res);
    return res;
  });
}

api.all("*", (c) => c.json(UNDEFINED_URL, 404));
