import { expect, test } from "@playwright/test";

/**
 * The island runtime: only islands hydrate, a page without them ships no JavaScript, and the
 * islands' files are hashed and cached for a year.
 */
test("a page without islands ships no JavaScript at all", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (r) => r.request().resourceType() === "script" && scripts.push(r.url()));
  await page.goto("/categories/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.locator("script[src]").count()).toBe(0);
  expect(await page.locator("otv-island").count()).toBe(0);
  expect(scripts).toEqual([]);
});

test("a question page loads only the islands' hashed files, cached for a year, and no Remix runtime", async ({ page }) => {
  const scripts: { url: string; cache: string }[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push({ url: new URL(r.url()).pathname, cache: r.headers()["cache-control"] ?? "" });
  });
  await page.goto("/question/1");
  await expect(page.locator("otv-island").first()).toBeAttached();
  await page.locator("otv-island").first().scrollIntoViewIfNeeded();
  await expect(page.locator("otv-island[hydrated]").first()).toBeAttached();
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) {
    expect(s.url).toMatch(/^\/islands\/[\w.-]+-[\w-]{8}\.js$/);
    expect(s.cache).toContain("max-age=31536000");
    expect(s.cache).toContain("immutable");
  }
  // the module entry is the only script element, and it never blocks rendering
  const tags = await page.locator("script[src]").evaluateAll((els) => els.map((e) => ({ type: e.getAttribute("type"), async: e.hasAttribute("async") })));
  expect(tags).toEqual([{ type: "module", async: true }]);
});
