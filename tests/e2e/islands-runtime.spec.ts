import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/**
 * The island runtime: only islands hydrate, a page without them loads nothing but the toolbar's
 * small suggestions script (no React, no island entry), and the scripts' files are hashed and
 * cached for a year.
 */
test("a page without islands loads only the toolbar's suggestions script: no React, no island entry, under 2 KB gzip", async ({ page }) => {
  const scripts: { url: string; body: Buffer; cache: string }[] = [];
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script")
      scripts.push({ url: new URL(r.url()).pathname, body: await r.body(), cache: r.headers()["cache-control"] ?? "" });
  });
  await page.goto("/categories/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // the script has run once the box is a combobox
  await expect(page.locator("header").getByRole("combobox", { name: "Поиск по вопросам" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.locator("otv-island").count()).toBe(0);
  const tags = await page.locator("script[src]").evaluateAll((els) => els.map((e) => ({ src: e.getAttribute("src"), type: e.getAttribute("type") })));
  expect(tags).toEqual([{ src: expect.stringMatching(/^\/islands\/toolbar-suggest-[\w-]{8}\.js$/), type: "module" }]);
  // that one file and nothing it pulls in
  expect(scripts.map((s) => s.url)).toEqual([tags[0].src]);
  expect(scripts[0].cache).toContain("immutable");
  const text = scripts[0].body.toString("utf8");
  expect(text).not.toMatch(/\bimport\b/);
  expect(text).not.toMatch(/react|hydrateRoot/i);
  expect(gzipSync(scripts[0].body).length).toBeLessThanOrEqual(2048);
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
  // the toolbar's script and the islands' entry are the only script elements, and neither blocks rendering
  const tags = await page
    .locator("script[src]")
    .evaluateAll((els) =>
      els.map((e) => ({ src: e.getAttribute("src")?.replace(/-[\w-]{8}\.js$/, ""), type: e.getAttribute("type"), async: e.hasAttribute("async") })),
    );
  expect(tags).toEqual([
    { src: "/islands/toolbar-suggest", type: "module", async: true },
    { src: "/islands/client", type: "module", async: true },
  ]);
});

test("a guest's question page runs its live answers and the survey without React, in at most 15 KB of script", async ({ page }) => {
  const scripts: Promise<Buffer>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r.body());
  });
  await page.goto("/question/1");
  // every island of the page wakes: scrolled through, then the survey's 2 s
  for (const island of await page.locator("otv-island").all()) {
    await island.scrollIntoViewIfNeeded();
    await expect(island).toHaveAttribute("hydrated", "");
  }
  await expect(page.locator('otv-island[name="answers-live"]')).toHaveAttribute("live", "up");
  await expect(page.getByTestId("survey")).toBeVisible();
  await page.getByTestId("more-answers").click();
  await expect(page.getByTestId("answer")).toHaveCount(23);
  await page.waitForLoadState("networkidle");

  const bodies = await Promise.all(scripts);
  // React's production build carries this name; none of the guest's scripts may
  expect(bodies.filter((b) => b.includes("__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED"))).toHaveLength(0);
  const gzip = bodies.reduce((n, b) => n + gzipSync(b).length, 0);
  // the errids are numbers in the islands' files and the pop-ups load when first shown, which won
  // back what the session's refresh and the page events had added: the goal holds again
  expect(gzip).toBeLessThanOrEqual(15 * 1024);
});
