/**
 * The guest page cache. Most readers are guests arriving from search engines, so a guest's GET of
 * a page is answered from the Workers Cache API when a fresh copy is there; otherwise the page is
 * rendered and, when it says it may be shared (Cache-Control s-maxage), stored for the next guest.
 * Signed-in readers (a session cookie) always get a fresh render. Writes purge what they change.
 * A guest who confirmed he is an adult sees adult questions that others do not, so his copies are
 * kept apart from everyone else's: the cache key carries a mark that no request can set itself.
 */
import { guestConfirmedAdult } from "../lib/adult";
import { SESSION_COOKIE } from "../models/users/session.server";

/** The query parameter of the cache key that marks the copies of the guests who confirmed their age. */
const ADULT_KEY_MARK = "__adult_copy";

/** The Workers default cache (the DOM typings of CacheStorage lack it). */
function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

export function isCacheableRequest(req: Request): boolean {
  if (req.method !== "GET") return false;
  const cookie = req.headers.get("cookie") ?? "";
  return !new RegExp(`(^|;\\s*)${SESSION_COOKIE}=`).test(cookie);
}

function keyOf(url: URL, adult: boolean): Request {
  const key = new URL(url);
  key.hash = "";
  // a request may not name the mark itself: it is the cache's alone
  key.searchParams.delete(ADULT_KEY_MARK);
  if (adult) key.searchParams.set(ADULT_KEY_MARK, "1");
  return new Request(key.toString(), { method: "GET" });
}

function cacheKey(req: Request): Request {
  return keyOf(new URL(req.url), guestConfirmedAdult(req.headers.get("cookie")));
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
  const hit = await cache.match(key);
  if (hit) {
    const res = new Response(hit.body, hit);
    res.headers.set("x-page-cache", "hit");
    return res;
  }
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

/** Drops the cached copies of the given paths (after a write changed them). */
export async function purgePages(origin: string, paths: string[]): Promise<void> {
  const cache = defaultCache();
  await Promise.all(paths.flatMap((p) => [false, true].map((adult) => cache.delete(keyOf(new URL(p, origin), adult)))));
}
