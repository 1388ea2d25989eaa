/**
 * The guest page cache. Most readers are guests arriving from search engines, so a guest's GET of
 * a page is answered from the Workers Cache API when a fresh copy is there; otherwise the page is
 * rendered and, when it says it may be shared (Cache-Control s-maxage), stored for the next guest.
 * Signed-in readers (a session cookie) always get a fresh render. Writes purge what they change.
 */
import { SESSION_COOKIE } from "../models/users/session.server";

/** The Workers default cache (the DOM typings of CacheStorage lack it). */
function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

export function isCacheableRequest(req: Request): boolean {
  if (req.method !== "GET") return false;
  const cookie = req.headers.get("cookie") ?? "";
  return !new RegExp(`(^|;\\s*)${SESSION_COOKIE}=`).test(cookie);
}

function cacheKey(req: Request): Request {
  const url = new URL(req.url);
  url.hash = "";
  return new Request(url.toString(), { method: "GET" });
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
  await Promise.all(paths.map((p) => cache.delete(new Request(new URL(p, origin).toString()))));
}
