import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { HOT_COPY_MS } from "../../app/calls/page-cache.server";
import { BASE, formPost, page, post } from "./helpers/api";
import { as } from "./helpers/users";
import { openQuestions } from "./helpers/db";

/**
 * The guest page cache across locations. A write drops the copies of the location that served it
 * at once; every other location's copy is purged through the zone's purge by URL when the site is
 * configured with its zone and a purge token, and otherwise lives at most its edge lifetime.
 */

const ZONE = { CF_ZONE_ID: "zone-of-the-test", CF_PURGE_TOKEN: "purge-token-of-the-test" };

/** A named call sent to the worker with the zone configured; waitUntil work (the purges) is awaited. */
async function postWithZone(name: string, fields: Record<string, string>, who: { cookie: string; salt: string; token: string }) {
  const ctx = createExecutionContext();
  const body = new URLSearchParams({ ...fields, salt: who.salt, token: who.token });
  const res = await worker.fetch(
    new Request(`${BASE}/api/v2/${name}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE, cookie: who.cookie },
      body,
    }),
    { ...env, ...ZONE },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return (await res.json()) as { status: number };
}

/** Stands in for Cloudflare's API: records the purge calls, lets nothing else leave. */
function zoneApi(status = 200) {
  const calls: { url: string; auth: string | null; files: string[] }[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    if (!req.url.startsWith("https://api.cloudflare.com/")) return real(input, init);
    calls.push({ url: req.url, auth: req.headers.get("authorization"), files: ((await req.json()) as { files: string[] }).files });
    return new Response(JSON.stringify({ success: status === 200 }), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a write reaches guests in every location", () => {
  it("an answer drops the guest's copy here at once and asks the zone to purge the question's address everywhere", async () => {
    const user = await as("user@demo.local");
    const [qid] = await openQuestions(user.id, ["Как быстро гости увидят новый ответ?"]);
    await page(`/question/${qid}`);
    expect((await page(`/question/${qid}`)).res.headers.get("x-page-cache")).toBe("hit");
    const calls = zoneApi();

    expect((await postWithZone("addans", { qid: String(qid), Body: "Ответ, который видят все сразу" }, user)).status).toBe(200);

    const after = await page(`/question/${qid}`);
    expect(after.res.headers.get("x-page-cache")).toBe("miss");
    expect(after.html).toContain("Ответ, который видят все сразу");
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`https://api.cloudflare.com/client/v4/zones/${ZONE.CF_ZONE_ID}/purge_cache`);
    expect(calls[0].auth).toBe(`Bearer ${ZONE.CF_PURGE_TOKEN}`);
    // the addresses the cache keeps the page under: the ordinary guests' copy and the adult readers'
    expect(calls[0].files).toEqual(expect.arrayContaining([`${BASE}/question/${qid}`, `${BASE}/question/${qid}?__adult_copy=1`]));
  });

  it("a refused zone purge still drops the copy here and does not fail the write", async () => {
    const user = await as("user@demo.local");
    const [qid] = await openQuestions(user.id, ["Что если зона откажет в очистке?"]);
    await page(`/question/${qid}`);
    const calls = zoneApi(403);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    expect((await postWithZone("addans", { qid: String(qid), Body: "Ответ при отказе зоны" }, user)).status).toBe(200);

    expect(calls).toHaveLength(1);
    expect(errors).toHaveBeenCalled();
    const after = await page(`/question/${qid}`);
    expect(after.res.headers.get("x-page-cache")).toBe("miss");
    expect(after.html).toContain("Ответ при отказе зоны");
  });

  it("without a zone configured no purge leaves the worker, and the edge lifetime of a guest's copy is the stated minute", async () => {
    const user = await as("user@demo.local");
    const [qid] = await openQuestions(user.id, ["Сколько живёт копия без зоны?"]);
    const calls = zoneApi();
    const first = await page(`/question/${qid}`);
    expect(first.res.headers.get("cache-control")).toMatch(/(^|, )s-maxage=60(,|$)/);
    expect((await post("addans", { qid, Body: "Ответ без зоны" }, user)).json.status).toBe(200);
    expect(calls).toEqual([]);
    expect((await page(`/question/${qid}`)).html).toContain("Ответ без зоны");
  });
});

describe("a page many guests read at once", () => {
  /** Drops the Cache API's copy of a guest's page behind the worker's back, as its edge lifetime ending would. */
  const dropStored = (path: string) => (caches as unknown as { default: Cache }).default.delete(new Request(`${BASE}${path}`));

  it("is served from the isolate's memory for a moment after the cache gave it, and looked up again after", async () => {
    const user = await as("user@demo.local");
    const [qid] = await openQuestions(user.id, ["Сколько раз кэш спросят за секунду?"]);
    const path = `/question/${qid}`;
    const first = await page(path);
    expect((await page(path)).res.headers.get("x-page-cache")).toBe("hit");
    expect(await dropStored(path)).toBe(true);

    // the same copy, twice, with the cache's copy gone
    for (let i = 0; i < 2; i++) {
      const again = await page(path);
      expect(again.res.headers.get("x-page-cache")).toBe("hit");
      expect(again.html).toBe(first.html);
    }

    await new Promise((r) => setTimeout(r, HOT_COPY_MS + 100));
    expect((await page(path)).res.headers.get("x-page-cache")).toBe("miss");
  });

  it("is dropped from memory by a write sent through a form, as from the cache", async () => {
    const user = await as("user@demo.local");
    const [qid] = await openQuestions(user.id, ["Увидит ли гость ответ, отправленный формой?"]);
    const path = `/question/${qid}`;
    await page(path);
    expect((await page(path)).res.headers.get("x-page-cache")).toBe("hit");

    const res = await formPost(
      `/do/addans?return=${encodeURIComponent(path)}`,
      { qid: String(qid), Body: "Ответ из формы без JavaScript", salt: user.salt, token: user.token },
      user,
    );
    expect(res.status).toBeLessThan(400);

    const after = await page(path);
    expect(after.res.headers.get("x-page-cache")).toBe("miss");
    expect(after.html).toContain("Ответ из формы без JavaScript");
  });
});
