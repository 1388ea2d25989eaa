/**
 * What the service worker (sw.ts) keeps for reading without a connection, and how it shows it:
 * plain functions, no imports, so that the worker's bundle is this file and sw.ts alone.
 */

/** The pages kept, newest first: older ones go as new ones come. */
export const PAGES_LIMIT = 50;

/** The cache of the pages a reader opened (kept across builds: a page's HTML names its own stylesheet, kept beside it). */
export const PAGES_CACHE = "pages";

/** The page shown for an address not kept, offline. */
export const OFFLINE_PATH = "/offline";

/** Headers the worker adds to a kept page: when it was kept, and its title for the offline page's list. */
export const SAVED_AT = "x-saved-at";
export const SAVED_TITLE = "x-saved-title";

/**
 * Whether a page's response may be kept on the device: a whole page (200, HTML) that no cache may
 * keep otherwise is never kept — a signed-in reader's rendering carries his session's keys and
 * parts only he may see, and says `no-store`. For those the worker keeps the guest's rendering.
 */
export function keepable(res: Response): boolean {
  return (
    res.status === 200 &&
    res.type !== "opaqueredirect" &&
    (res.headers.get("content-type") ?? "").startsWith("text/html") &&
    !/no-store/.test(res.headers.get("cache-control") ?? "")
  );
}

/** Sign-out (the form and the named call): the pages kept are dropped with the session. */
export function isSignOut(method: string, path: string): boolean {
  return method === "POST" && /^\/(logout|api\/[^/]+\/exit)$/.test(path);
}

/** The page's title, without the site's name after the dash. */
export function titleOf(html: string): string {
  const m = /<title>([^<]*)<\/title>/.exec(html);
  return (m?.[1] ?? "").replace(/\s+—\s+Ответы$/, "").trim();
}

/** The stylesheets a page links to on this site (kept beside it so that it reads the same offline). */
export function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => /href="(\/[^"]+)"/.exec(m[0])?.[1]).filter((h): h is string => Boolean(h));
}

/** The keys to delete so that at most `limit` pages stay, the oldest first (the cache lists keys in the order they were put). */
export function overLimit<T>(keys: readonly T[], limit = PAGES_LIMIT): T[] {
  return keys.length > limit ? keys.slice(0, keys.length - limit) : [];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SAVED = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
const savedDate = (ms: number) => SAVED.format(new Date(ms));

/** Puts a line first in the page's body: the reader is offline, and the page is as it was when kept. */
export function withOfflineNote(html: string, savedAt: number): string {
  const note = `<p class="offline-note" role="status" data-testid="offline-note">Нет подключения к интернету. Страница сохранена ${escapeHtml(savedDate(savedAt))}.</p>`;
  return html.replace(/<body\b[^>]*>/, (body) => body + note);
}

/** Fills the offline page's list with the pages kept, newest first. */
export function withSavedList(html: string, pages: readonly { url: string; title: string }[]): string {
  if (pages.length === 0) return html;
  const items = pages.map((p) => `<li><a href="${escapeHtml(p.url)}">${escapeHtml(p.title || p.url)}</a></li>`).join("");
  return html.replace(/<ul data-saved-pages="">\s*<\/ul>/, `<ul data-saved-pages="">${items}</ul>`);
}
