import { adultGatePath } from "./adult";
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
 * A loader's age gate: unless the page's category is `open` to its reader, throws the redirect to
 * the confirmation page, which leads back here. A guest's redirect may be kept by the page cache
 * (a guest who confirmed has his copies apart); a signed-in reader's is never stored.
 */
export function adultGateUnless(open: boolean, request: Request, signedIn: boolean): void {
  if (open) return;
  const url = new URL(request.url);
  const headers = new Headers(signedIn ? PRIVATE_PAGE : cacheHeaders());
  headers.set("Location", adultGatePath(url.pathname + url.search));
  throw new Response(null, { status: 302, headers });
}

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

/**
 * The headers every response carries (the worker adds them; static files get the same from
 * public/_headers): HSTS for a year (browsers ignore it over plain http, so local development on
 * http://127.0.0.1 is unaffected and the header is the same everywhere), no MIME sniffing, and no
 * full address sent to other sites.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * A page's content policy: scripts from this site only, plus, when a nonce is given, the inline
 * scripts React writes for streamed parts of a page rendered for one reader.
 */
export function pageContentPolicy(nonce?: string): string {
  const scripts = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  return `default-src 'self'; script-src ${scripts}; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`;
}

/** Anything that is not a page (JSON, loader data, the captcha SVG, text) runs and loads nothing, even opened on its own. */
export const NON_PAGE_CONTENT_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The response with the security headers (and a content policy when it has none); a response with immutable headers is copied first. */
export function withSecurityHeaders(res: Response): Response {
  const set = (h: Headers) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) h.set(k, v);
    if (!h.has("Content-Security-Policy")) {
      h.set("Content-Security-Policy", (h.get("Content-Type") ?? "").startsWith("text/html") ? pageContentPolicy() : NON_PAGE_CONTENT_POLICY);
    }
  };
  try {
    set(res.headers);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    set(copy.headers);
    return copy;
  }
}
