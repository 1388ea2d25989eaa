import { parse as parseCookie } from "cookie";
import { d1Named, SITE_DB, threadBindings } from "../app/models/core/databases.server";

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

/**
 * The cookie keeping the bookmark of database `name`: `d1b` for DB, `d1b_THREADS_1` and so on for
 * the thread databases (docs/decisions/0053: a user reads his own writes back in whichever database
 * they went to, each database's session starting from its own bookmark).
 */
export function bookmarkCookieName(name: string): string {
  return name === SITE_DB ? BOOKMARK_COOKIE : `${BOOKMARK_COOKIE}_${name}`;
}

/** A D1 bookmark as D1 writes them: hex groups joined by dashes; anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){0,7}$/i;

function bookmarkIn(cookies: Record<string, string | undefined>, name: string): string | null {
  const v = cookies[bookmarkCookieName(name)];
  return v && v.length <= 200 && BOOKMARK.test(v) ? v : null;
}

/**
 * What a request's bookmarks say, as one string (null: none), for keys of what was read for the
 * reader: a write to any database he reads changes it.
 */
export function bookmarkOf(req: Request): string | null {
  const cookies = parseCookie(req.headers.get("cookie") ?? "");
  const found = Object.keys(cookies)
    .filter((k) => k === BOOKMARK_COOKIE || k.startsWith(`${BOOKMARK_COOKIE}_`))
    .sort()
    .map((k) => {
      const name = k === BOOKMARK_COOKIE ? SITE_DB : k.slice(BOOKMARK_COOKIE.length + 1);
      const v = bookmarkIn(cookies, name);
      return v && (name === SITE_DB ? v : `${name}:${v}`);
    })
    .filter(Boolean);
  return found.length > 0 ? found.join(",") : null;
}

function bookmarkCookie(name: string, bookmark: string, req: Request): string {
  const host = new URL(req.url).hostname;
  const secure = host === "127.0.0.1" || host === "localhost" ? "" : "; Secure";
  return `${bookmarkCookieName(name)}=${bookmark}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The env a request works with: DB and each thread database are sessions that start from the
 * request's bookmark for that database (or anywhere, when it has none). `cookiesAfter` gives the
 * Set-Cookie headers that keep each session's newest bookmark after a request that may have
 * written (one per database whose bookmark moved).
 */
export function withD1Session(req: Request, env: Env): { env: Env; cookiesAfter(res: Response): string[] } {
  const cookies = parseCookie(req.headers.get("cookie") ?? "");
  const sessions = [SITE_DB, ...threadBindings(env)].map((name) => {
    const given = bookmarkIn(cookies, name);
    const d1 = name === SITE_DB ? env.DB : (d1Named(env, name) as D1Database);
    return { name, given, session: d1.withSession(given ?? "first-unconstrained") };
  });
  return {
    env: { ...env, ...Object.fromEntries(sessions.map((s) => [s.name, s.session as unknown as D1Database])) },
    cookiesAfter(res) {
      if (req.method === "GET" || req.method === "HEAD" || res.status === 101) return [];
      return sessions.flatMap(({ name, given, session }) => {
        const now = session.getBookmark();
        return now && now !== given && BOOKMARK.test(now) ? [bookmarkCookie(name, now, req)] : [];
      });
    },
  };
}
