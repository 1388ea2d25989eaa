/**
 * Guest pages may be kept by shared caches for a minute and served stale while revalidating;
 * the worker's page cache honours s-maxage (see app/calls/page-cache.server.ts).
 */
export const GUEST_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export function cacheHeaders(status = 200): HeadersInit {
  return status === 200 ? { "Cache-Control": GUEST_CACHE } : { "Cache-Control": "public, max-age=0, s-maxage=30" };
}
