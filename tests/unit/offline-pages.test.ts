import { describe, expect, it } from "vitest";
import { isSignOut, keepable, overLimit, PAGES_LIMIT, stylesheetsOf, titleOf, withOfflineNote, withSavedList } from "../../app/sw/offline-pages";

/** What the service worker keeps for reading offline, and how it shows a kept page (app/sw/sw.ts). */

const page = (headers: Record<string, string>, status = 200) => new Response("<html></html>", { status, headers });

describe("the pages the service worker keeps", () => {
  it("keeps a whole page any cache may keep, never a reader's own (no-store), an error or something else than HTML", () => {
    expect(keepable(page({ "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60, s-maxage=300" }))).toBe(true);
    expect(keepable(page({ "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" }))).toBe(false);
    expect(keepable(page({ "content-type": "text/html; charset=utf-8" }, 404))).toBe(false);
    expect(keepable(page({ "content-type": "application/json" }))).toBe(false);
  });

  it("drops the oldest beyond the limit, and nothing within it", () => {
    const keys = Array.from({ length: PAGES_LIMIT + 3 }, (_, i) => i);
    expect(overLimit(keys)).toEqual([0, 1, 2]);
    expect(overLimit(keys.slice(0, PAGES_LIMIT))).toEqual([]);
  });

  it("knows sign-out, by the form and by the named call, and nothing else", () => {
    expect(isSignOut("POST", "/logout")).toBe(true);
    expect(isSignOut("POST", "/api/v2/exit")).toBe(true);
    expect(isSignOut("GET", "/logout")).toBe(false);
    expect(isSignOut("POST", "/api/v2/exitpoll")).toBe(false);
  });

  it("reads a page's title without the site's name, and its own stylesheets", () => {
    const html =
      '<head><title>Как выбрать ноутбук? — Ответы</title><link rel="stylesheet" href="/assets/site-abc.css"/><link rel="icon" href="/favicon.svg"/></head>';
    expect(titleOf(html)).toBe("Как выбрать ноутбук?");
    expect(stylesheetsOf(html)).toEqual(["/assets/site-abc.css"]);
  });
});

describe("a kept page shown offline", () => {
  it("starts with a line saying the reader is offline and when the page was kept, in Russian", () => {
    const html = withOfflineNote('<html><body class="x"><main>текст</main></body></html>', Date.UTC(2026, 11, 3, 9, 30));
    expect(html).toMatch(
      /^<html><body class="x"><p class="offline-note" role="status"[^>]*>Нет подключения к интернету\. Страница сохранена 3 декабря[^<]*\.<\/p><main>/,
    );
  });

  it("the offline page lists the kept pages, their titles escaped", () => {
    const html = withSavedList('<ul data-saved-pages=""></ul>', [
      { url: "/question/2", title: "<script>x</script>" },
      { url: "/question/1", title: "" },
    ]);
    expect(html).toBe(
      '<ul data-saved-pages=""><li><a href="/question/2">&#60;script&#62;x&#60;/script&#62;</a></li><li><a href="/question/1">/question/1</a></li></ul>',
    );
  });
});
