import { expect, type Page, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/demo";
import { fitsAndAccessible, guestPage, signedIn } from "./helpers";

/**
 * The installable site that reads offline (app/sw/sw.ts): the manifest and its icons, pages a
 * reader opened read without a connection, the offline page for the rest, a signed-in reader's
 * pages kept only as a guest sees them and dropped when he signs out, and a new build's worker
 * dropping the old build's files. The other stories block service workers (playwright.config.ts);
 * these allow them.
 */

const PHONE = { width: 390, height: 844 };
const ALLOW = { serviceWorkers: "allow" as const, viewport: PHONE };
const A = `/question/${SHOWCASE.resolvedQuestionId}`;
const B = `/question/${SHOWCASE.votingQuestionId}`;
const C = `/question/${SHOWCASE.openQuestionId}`;

/** Waits until the site's service worker controls this page (it claims the pages open when it starts). */
async function underWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** Waits until the worker has kept this address (it keeps a page once the page has come). */
async function kept(page: Page, path: string) {
  await page.waitForFunction(async (url) => Boolean(await (await caches.open("pages")).match(url)), new URL(path, page.url()).href, { timeout: 15_000 });
}

/** The kept copy's HTML, as the worker stored it. */
const keptHtml = async (page: Page, path: string) => {
  // waited for, not read once: a newer copy of the page replaces the old one, which goes first
  const kept = await page.waitForFunction(async (url) => (await (await caches.open("pages")).match(url))?.text(), new URL(path, page.url()).href, {
    timeout: 15_000,
  });
  return (await kept.jsonValue()) as string;
};

test.describe("an installable site that reads offline", () => {
  test("the manifest names the site in Russian and its icons are there, in their sizes", async ({ request, browser }) => {
    const res = await request.get("/manifest.webmanifest");
    expect(res.status()).toBe(200);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ short_name: "Ответы", lang: "ru", start_url: "/", display: "standalone" });
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"]).toContain(icon.type);
      if (icon.type === "image/png") {
        // the PNG's own width and height (its IHDR chunk) are the size the manifest says
        const png = await file.body();
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      }
    }
    const page = await guestPage(browser);
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await page.context().close();
  });

  test("a guest reads the pages he opened without a connection, and gets the offline page for the rest", async ({ browser }) => {
    const page = await guestPage(browser, ALLOW);
    await page.goto("/");
    await underWorker(page);
    await page.goto(A);
    const titleA = (await page.locator("h1").first().textContent())?.trim();
    await page.goto(B);
    await kept(page, A);
    await kept(page, B);

    await page.context().setOffline(true);
    await page.goto(A);
    await expect(page.getByTestId("offline-note")).toContainText("Нет подключения к интернету. Страница сохранена");
    await expect(page.locator("h1").first()).toHaveText(titleA ?? "");
    await fitsAndAccessible(page);

    // an address never opened: the offline page, listing the kept ones, newest first
    await page.goto(C);
    await expect(page.getByRole("heading", { name: "Нет подключения к интернету" })).toBeVisible();
    const links = page.locator("ul[data-saved-pages] a");
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.indexOf(B)).toBeGreaterThanOrEqual(0);
    expect(hrefs.indexOf(B)).toBeLessThan(hrefs.indexOf(A));
    await fitsAndAccessible(page);
    await links
      .filter({ hasText: titleA ?? "" })
      .first()
      .click();
    await expect(page.getByTestId("offline-note")).toBeVisible();

    // back online, pages come from the network again
    await page.context().setOffline(false);
    await page.goto(C);
    await expect(page.getByTestId("offline-note")).toHaveCount(0);
    await expect(page.getByTestId("offline-page")).toHaveCount(0);

    // a kept page that has gone (a moderator dropped it: 404 from now on) leaves the device when next asked for
    await page
      .context()
      .route(new URL(B, page.url()).href, (route) => route.fulfill({ status: 404, contentType: "text/html; charset=utf-8", body: "<h1>Нет</h1>" }));
    await page.goto(B);
    await page.waitForFunction(async (url) => !(await caches.match(url)), new URL(B, page.url()).href, { timeout: 15_000 });
    await page.context().unroute(new URL(B, page.url()).href);
    expect(await keptHtml(page, A)).toContain("<h1");
    await page.context().close();
  });

  test("a signed-in reader's pages are kept only as a guest sees them, and go when he signs out", async ({ browser }) => {
    const page = await signedIn(browser, "znatok@demo.local", ALLOW);
    await underWorker(page);
    await page.goto(A);
    await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
    await kept(page, A);
    const html = await keptHtml(page, A);
    // the guest's rendering: no session keys, not his name
    expect(html).toContain("<h1");
    expect(html).not.toContain("otv-session");
    expect(html).not.toContain("Знаток Пётр");

    await page.context().setOffline(true);
    await page.goto(A);
    await expect(page.getByTestId("offline-note")).toBeVisible();
    await expect(page.getByRole("button", { name: "Выйти" })).toHaveCount(0);
    await page.context().setOffline(false);

    await page.goto(A);
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page.getByRole("link", { name: "Войти" }).first()).toBeVisible();
    await page.waitForFunction(async (url) => !(await caches.match(url)), new URL(A, page.url()).href, { timeout: 15_000 });
    await page.context().setOffline(true);
    await page.goto(A);
    await expect(page.getByRole("heading", { name: "Нет подключения к интернету" })).toBeVisible();
    await page.context().close();
  });

  test("a new build's worker takes over at once and drops the old build's files, keeping the reader's pages", async ({ browser }) => {
    const page = await guestPage(browser, ALLOW);
    // a page with no script of the site's: the old build's cache and a kept page, as an older worker left them
    await page.goto("/manifest.webmanifest");
    await page.evaluate(async () => {
      await (await caches.open("build-0000000000000000")).put("/offline", new Response("old"));
      await (await caches.open("pages")).put("/help/rules", new Response("<html><body>old copy</body></html>", { headers: { "content-type": "text/html" } }));
    });
    await page.goto("/");
    await underWorker(page);
    const names = await page.evaluate(async () => (await caches.keys()).sort());
    expect(names).toHaveLength(2);
    expect(names).toContain("pages");
    expect(names.find((n) => n.startsWith("build-"))).toMatch(/^build-[0-9a-f]{16}$/);
    expect(names).not.toContain("build-0000000000000000");
    // online, a page comes from the network, never from what is kept
    await page.goto("/help/rules");
    await expect(page.getByTestId("help-rules")).toBeVisible();
    await page.context().close();
  });
});
