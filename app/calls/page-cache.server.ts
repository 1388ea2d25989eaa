/**
 * The guest page cache. Most readers are guests arriving from search engines, so a guest's GET of
 * a page is answered from the Workers Cache API when a fresh copy is there; otherwise the page is
 * rendered and, when it says it may be shared (Cache-Control s-maxage), stored for the next guest.
 * Signed-in readers (a session cookie) always get a fresh render. Writes purge what they change.
 * A guest who confirmed he is an adult sees adult questions that others do not, so his copies are
 * kept apart from everyone else's: the cache key carries a mark that no request can set itself.
 * A copy read from the Cache API is kept in the isolate's memory for a moment (HOT_COPY_MS), so a
 * page many guests read at once costs one lookup in that moment, not one each.
 */
import { guestConfirmedAdult } from "../lib/adult";
import { BoundedStore } from "../lib/bounded-store";
import { isolateValue } from "../lib/isolate-value";
import { SESSION_COOKIE } from "../models/users/session.server";

/** The query parameter of the cache key that marks the copies of the guests who confirmed their age. */
const ADULT_KEY_MARK = "__adult_copy";

/** The Workers default cache (the DOM typings of CacheStorage lack it). */
function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** A session cookie among a request's cookies. */
const HAS_SESSION = new RegExp(`(^|;\\s*)${SESSION_COOKIE}=`);

export function isCacheableRequest(req: Request): boolean {
  if (req.method !== "GET") return false;
  return !HAS_SESSION.test(req.headers.get("cookie") ?? "");
}

function keyOf(url: URL, adult: boolean): Request {
  const key = new URL(url);
  key.hash = "";
  // a request may not name the mark itself: it is the cache's alone
  key.searchParams.delete(ADULT_KEY_MARK);
  if (adult) key.searchParams.set(ADULT_KEY_MARK, "1");
  return new Request(key.toString(), { method: "GET" });
}

/**
 * The key under which the current generation of a question page's copies for signed-in readers is
 * kept (shared-page.server.tsx): dropping it with the guests' copy makes those copies unreachable.
 */
export function generationKey(url: URL): Request {
  const key = new URL(url.pathname, url.origin);
  key.searchParams.set("__generation", "1");
  return new Request(key.toString(), { method: "GET" });
}

function cacheKey(req: Request): Request {
  return keyOf(new URL(req.url), guestConfirmedAdult(req.headers.get("cookie")));
}

/** The requests whose copy was already looked for in the cache (and not found) before the router ran. */
const lookedUp = new WeakSet<Request>();

/**
 * How long an isolate answers guests from its memory with a copy it read from the Cache API before
 * it looks again. A write drops the copies of the isolate that served it at once (purgePages); the
 * other isolates of its location may serve theirs for this long after.
 */
export const HOT_COPY_MS = 2_000;

type HotCopy = { body: ArrayBuffer; status: number; headers: [string, string][]; until: number };

/**
 * The copies in memory, by cache key, one store per isolate: the worker answers a guest before Remix
 * runs, a write may purge from a form's action in Remix. `purges` counts the purges this isolate
 * made: a copy whose lookup a purge overlapped is not kept.
 */
const hot = isolateValue("otv.hot-guest-copies", () => ({
  copies: new BoundedStore<HotCopy>(2_000_000, (copy) => copy.body.byteLength),
  purges: 0,
}));

/** A copy served to a guest: a new response (a stored one's headers are immutable), marked as a hit. */
function served(copy: HotCopy): Response {
  const res = new Response(copy.body, { status: copy.status, headers: copy.headers });
  res.headers.set("x-page-cache", "hit");
  return res;
}

/** The guest's copy under `key`: from memory while it is fresh there, else from the Cache API (and then kept in memory); or undefined. */
async function copyOf(key: Request): Promise<Response | undefined> {
  const now = Date.now();
  const kept = hot.copies.get(key.url);
  if (kept && kept.until > now) return served(kept);
  const purges = hot.purges;
  const hit = await defaultCache().match(key);
  if (!hit) {
    hot.copies.delete(key.url);
    return undefined;
  }
  const copy: HotCopy = { body: await hit.arrayBuffer(), status: hit.status, headers: [...hit.headers], until: now + HOT_COPY_MS };
  if (hot.purges === purges) hot.copies.set(key.url, copy);
  return served(copy);
}

/** The paths the worker answers with something else than a page: the calls, the sockets, the photos. */
const NOT_A_PAGE = /^\/(api|ws|img\/p)(\/|$)/;

/**
 * A guest's cached page, looked for before anything else runs (no router, no D1 session), or null:
 * then the request goes its normal way, and the page cache does not look for the copy again.
 */
export async function guestCopy(req: Request): Promise<Response | null> {
  if (!isCacheableRequest(req) || NOT_A_PAGE.test(new URL(req.url).pathname)) return null;
  const hit = await copyOf(cacheKey(req));
  if (hit) return hit;
  lookedUp.add(req);
  return null;
}

export async function withPageCache(req: Request, ctx: ExecutionContext, render: () => Promise<Response>): Promise<Response> {
  if (!isCacheableRequest(req)) {
    // a page, or its loader data (?_data=), rendered for a session cookie may carry the reader's own
    // parts (the islands' salt and token): no cache anywhere may keep it, whatever the route said
    const res = await render();
    if (req.method === "GET") res.headers.set("Cache-Control", "private, no-store");
    return res;
  }
  const cache = defaultCache();
  const key = cacheKey(req);
  const hit = lookedUp.has(req) ? undefined : await copyOf(key);
  if (hit) return hit;
  const res = await render();
  const cc = res.headers.get("cache-control") ?? "";
  if (/s-maxage=\d+/.test(cc) && !res.headers.has("set-cookie") && res.body) {
    const [forCache, forReader] = res.body.tee();
    ctx.waitUntil(cache.put(key, new Response(forCache, res)));
    const out = new Response(forReader, res);
    out.headers.set("x-page-cache", "miss");
    return out;
  }
  return res;
}

/** The Cloudflare API's purge of a zone's cached files by URL, at most this many addresses a call. */
const ZONE_PURGE = (zone: string) => `https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(zone)}/purge_cache`;
const PURGE_BATCH = 30;

/**
 * Drops the cached copies of the given paths (after a write changed them), everywhere. The Cache
 * API is per location: `cache.delete` drops the copies of the data centre that served the write at
 * once (this isolate's memory too; the location's other isolates look again within HOT_COPY_MS),
 * and, when the zone and an API token are configured (CF_ZONE_ID, CF_PURGE_TOKEN), the same
 * addresses are purged from every location through the zone's purge by URL, which reaches the
 * copies the Cache API stored under them. The generation of the signed-in readers' shared copies
 * goes with them. Without them, or when that call fails, other locations
 * keep a copy until its edge lifetime ends (s-maxage of GUEST_CACHE): that lifetime is the bound.
 */
export async function purgePages(
  origin: string,
  paths: string[],
  env?: Pick<Env, "CF_ZONE_ID" | "CF_PURGE_TOKEN">,
  later: (work: Promise<void>) => void = () => {},
): Promise<void> {
  const cache = defaultCache();
  const keys = paths.flatMap((p) => [keyOf(new URL(p, origin), false), keyOf(new URL(p, origin), true), generationKey(new URL(p, origin))]);
  // this isolate's memory, before the deletes and again after them: a lookup that started before
  // they ended may have read the old copy, and is not kept either
  const forget = () => {
    hot.purges++;
    for (const k of keys) hot.copies.delete(k.url);
  };
  forget();
  // the other locations' copies: after the reply
  later(
    purgeZone(
      env,
      keys.map((k) => k.url),
    ),
  );
  await Promise.all(keys.map((k) => cache.delete(k).catch(() => false)));
  forget();
}

async function purgeZone(env: Pick<Env, "CF_ZONE_ID" | "CF_PURGE_TOKEN"> | undefined, urls: string[]): Promise<void> {
  if (!env?.CF_ZONE_ID || !env.CF_PURGE_TOKEN || urls.length === 0) return;
  for (let i = 0; i < urls.length; i += PURGE_BATCH) {
    try {
      const res = await fetch(ZONE_PURGE(env.CF_ZONE_ID), {
        method: "POST",
        headers: { authorization: `Bearer ${env.CF_PURGE_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ files: urls.slice(i, i + PURGE_BATCH) }),
      });
      if (!res.ok) console.error(`zone purge refused (${res.status}): other locations keep their copies until they expire`);
    } catch (e) {
      console.error("zone purge failed: other locations keep their copies until they expire", e);
    }
  }
}
