import { parse as parseCookie } from "cookie";

/**
 * Read replicas. Every request reads and writes D1 through a session of the D1 Sessions API. A
 * session that starts from a bookmark reads from any replica at least as fresh as that bookmark,
 * and writes always go to the primary. The bookmark after a write is kept in a cookie, so the
 * next requests of the same browser start from it and see that write, and everything else may be
 * read from the nearest replica.
 *
 * The cookie holds the bookmark alone (HttpOnly, the whole site, no expiry: it is gone with the
 * browser session, and an old bookmark is harmless: any replica soon satisfies it). It is set
 * only after a request that may write (anything but GET and HEAD), so pages shared through the
 * cache never carry it.
 */
export const BOOKMARK_COOKIE = "d1b";

/** A D1 bookmark as D1 writes them: hex groups joined by dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){0,7}$/i;

/** The bookmark a request carries, or null (none, or not one D1 could have written). */
export function bookmarkOf(req: Request): string | null {
  const v = parseCookie(req.headers.get("cookie") ?? "")[BOOKMARK_COOKIE];
  return v && v.length <= 200 && BOOKMARK.test(v) ? v : null;
}

function bookmarkCookie(bookmark: string, req: Request): string {
  const host = new URL(req.url).hostname;
  const secure = host === "127.0.0.1" || host === "localhost" ? "" : "; Secure";
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The env a request works with: its D1 is a session that starts from the request's bookmark (or
 * anywhere, when it has none). `cookieAfter` gives the Set-Cookie that keeps the session's newest
 * bookmark after a request that may have written, or null.
 */
export function withD1Session(req: Request, env: Env): { env: Env; cookieAfter(res: Response): string | null } {
  const given = bookmarkOf(req);
  const session = env.DB.withSession(given ?? "first-unconstrained");
  return {
    env: { ...env, DB: session as unknown as D1Database },
    cookieAfter(res) {
      if (req.method === "GET" || req.method === "HEAD" || res.status === 101) return null;
      const now = session.getBookmark();
      return now && now !== given && BOOKMARK.test(now) ? bookmarkCookie(now, req) : null;
    },
  };
}
