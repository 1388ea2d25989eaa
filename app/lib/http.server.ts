/**
 * Guest pages may be kept by shared caches for a minute and served stale while revalidating;
 * the worker's page cache honours s-maxage (see app/calls/page-cache.server.ts).
 */
export const GUEST_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export function cacheHeaders(status = 200): HeadersInit {
  return status === 200 ? { "Cache-Control": GUEST_CACHE } : { "Cache-Control": "public, max-age=0, s-maxage=30" };
}

/** The headers of a page only its reader may see: never stored by any cache. */
export const PRIVATE_PAGE: HeadersInit = { "Cache-Control": "private, no-store" };

/**
 * A loader's "404 unless": throws the plain 404 response (the root's error boundary renders the
 * not-found page) when `condition` is falsy, and narrows it otherwise. `headers` go on the 404
 * (e.g. cacheHeaders(404), or PRIVATE_PAGE for a page that must not be cached even as a 404).
 * Epic Stack's invariantResponse, fixed to 404.
 */
export function notFoundUnless(condition: unknown, headers?: HeadersInit): asserts condition {
  if (!condition) throw new Response("Not found", { status: 404, headers });
}

/** The address of the client: Cloudflare's cf-connecting-ip (127.0.0.1 in local development and tests). */
export function clientIp(req: Request): string {
  return req.headers.get("cf-connecting-ip") ?? "127.0.0.1";
}
