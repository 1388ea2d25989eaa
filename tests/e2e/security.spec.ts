import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { api, register } from "./helpers";

/**
 * What Chromium is sent and what it makes of it: the static files (served by wrangler's asset
 * handler before the worker, with public/_headers) carry the same security headers as the
 * worker's responses, and a link in a user's text that the browser would read as another site is
 * never a direct link.
 */

test.describe("what the browser is sent", () => {
  test("static files carry HSTS and nosniff like every page", async ({ request }) => {
    const html = await (await request.get(`/question/${SHOWCASE.resolvedQuestionId}`)).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    const script = /src="(\/islands\/[^"]+\.js)"/.exec(html)?.[1];
    expect(css).toBeTruthy();
    expect(script).toBeTruthy();
    for (const path of ["/favicon.svg", css!, script!, `/question/${SHOWCASE.resolvedQuestionId}`]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const headers = res.headers();
      expect(headers["strict-transport-security"], path).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    }
  });

  test("no link in an answer takes Chromium to another site directly: the outside ones lead through /301", async ({ browser }) => {
    const { page } = await register(browser, `links${Date.now()}`, { nick: "Ссыльщик" });
    await page.goto(`/question/${SHOWCASE.openQuestionId}`);
    const hrefs = [
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "/&#92;evil.example",
      "/&bsol;evil.example",
      "/.//evil.example",
      "//evil.example",
      "/question/1",
    ];
    const body = hrefs.map((h, i) => `<a href="${h}">ссылка ${i}</a>`).join(" ");
    const r = await api(page, "addans", { qid: String(SHOWCASE.openQuestionId), Body: body, source: "" });
    expect(r.status).toBe(200);
    await page.goto(`/answer/${r.id}`);
    const origin = new URL(page.url()).origin;
    const resolved = await page.locator(".atext a[href]").evaluateAll((els) => els.map((a) => (a as HTMLAnchorElement).href));
    expect(resolved.length).toBeGreaterThan(0);
    // every link Chromium would follow stays on this site; the outside ones pass the /301 page
    for (const href of resolved) expect(new URL(href).origin, href).toBe(origin);
    const through301 = resolved.map((h) => new URL(h)).filter((u) => u.pathname === "/301");
    expect(through301.length).toBeGreaterThanOrEqual(4);
    for (const u of through301) expect(new URL(u.searchParams.get("url")!).host).toBe("evil.example");
    expect(resolved.map((h) => new URL(h).pathname)).toContain("/question/1");
  });
});
