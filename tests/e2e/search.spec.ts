import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { api, guestPage, hydrated, island, seriousViolations, signedIn } from "./helpers";

/**
 * Search as its readers meet it: a guest (JavaScript off) searches with a filter and finds a
 * question by a word that only one of its answers holds, and opens that answer; a signed-in user
 * types three letters into the search box and picks a suggestion; the search page fits a phone and
 * has no serious accessibility fault.
 */

/** A made-up Russian word no seeded text holds, different every run: the stamp's digits as letters. */
const wordOf = (stamp: number) => `квазифлор${String(stamp).replace(/\d/g, (d) => "абвгдежзик"[Number(d)])}`;

test("a guest searches with a filter, finds an answer by a word that is only in an answer, and opens it", async ({ browser }) => {
  const stamp = Date.now();
  const word = wordOf(stamp);
  const asker = await signedIn(browser, "guru@demo.local");
  await asker.goto("/");
  const cats = (await (await asker.request.get("/api/v2/getCategories")).json()) as { categories: { categories: { id: number; urlname: string }[] }[] };
  const garden = cats.categories.flatMap((c) => c.categories).find((c) => c.urlname === "prog")!;
  const asked = await api(asker, "addqst", { qtext: `Чем заняться вечером после работы? ${stamp}`, cid: String(garden.id) });
  expect(asked.status).toBe(200);
  const qid = asked.qid ?? asked.id;
  const answerer = await signedIn(browser, "vip@demo.local");
  await answerer.goto(`/question/${qid}`);
  const answered = await api(answerer, "addans", { qid: String(qid), Body: `Попробуйте вырастить ${word} на подоконнике, это успокаивает.` });
  expect(answered.status).toBe(200);

  const page = await guestPage(browser, { javaScriptEnabled: false });
  await page.goto("/search");
  await expect(page.getByTestId("search-empty")).toBeVisible();
  await page.getByRole("combobox", { name: "Поиск по вопросам и ответам" }).fill(word);
  await page.getByTestId("search-box").getByRole("button", { name: "Найти" }).click();
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(word)}$`));
  await expect(page.getByTestId("search-found")).toHaveText("Найден 1 вопрос");

  // the filter: answers only, the query kept
  await page.getByTestId("search-filters").getByRole("link", { name: "Только в ответах" }).click();
  await expect(page).toHaveURL(new RegExp(`/search/w-a/${encodeURIComponent(word)}$`));
  await expect(page.getByTestId("search-filters").getByRole("link", { name: "Только в ответах" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("search-found")).toHaveText("Найден 1 вопрос");
  const excerpt = page.getByTestId("search-answer");
  await expect(excerpt).toContainText(`Попробуйте вырастить ${word} на подоконнике`);
  await expect(excerpt.locator("mark")).toHaveText(word);
  // the title does not hold the word: questions only finds nothing
  await page.getByTestId("search-filters").getByRole("link", { name: "Только в вопросах" }).click();
  await expect(page.getByTestId("search-none")).toBeVisible();
  await expect(page.getByLabel("Ваш вопрос")).toHaveValue(word);
  await page.goBack();

  await excerpt.getByRole("link", { name: "Ответ:" }).click();
  await expect(page).toHaveURL(/\/answer\/\d+$/);
  await expect(page.getByText(`Попробуйте вырастить ${word} на подоконнике`)).toBeVisible();
});

test("a user types three letters and picks a suggestion", async ({ browser }) => {
  const page = await signedIn(browser, "user@demo.local");
  await page.goto("/search");
  const box = page.getByRole("combobox", { name: "Поиск по вопросам и ответам" });
  await hydrated(island(page, "search-suggest"));
  await box.pressSequentially("язы", { delay: 50 });
  const title = "Какой язык программирования выбрать для первой работы в IT?";
  const option = page.getByRole("option", { name: title });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(title).replace(/[?]/g, "\\?")}$`));
  await expect(page.locator(`a.qtitle[href="/question/${SHOWCASE.resolvedQuestionId}"]`)).toBeVisible();

  // the keyboard: down to the first suggestion, Enter opens its search
  const again = page.getByRole("combobox", { name: "Поиск по вопросам и ответам" });
  await hydrated(island(page, "search-suggest"));
  await again.fill("");
  // a slow machine may ask for a shorter text on the way; wait for the answer to the whole one
  const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get("q") === "язык прог");
  await again.pressSequentially("язык прог", { delay: 30 });
  await answered;
  await expect(page.getByRole("option").first()).toBeVisible();
  const first = (await page.getByRole("option").first().textContent())!;
  await again.press("ArrowDown");
  await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await again.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(first).replace(/[?]/g, "\\?")}$`));
});

test("a user types three letters into the toolbar's box on a page without islands and picks a suggestion", async ({ browser }) => {
  const page = await guestPage(browser);
  // the scripts each page asked for, by the page that asked
  const scripts: { url: string; from: string }[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push({ url: new URL(r.url()).pathname, from: new URL(r.frame().url()).pathname }));
  const onlyToolbarScript = (from: string) =>
    expect(scripts.filter((s) => s.from === from).map((s) => s.url)).toEqual([expect.stringMatching(/^\/islands\/toolbar-suggest-[\w-]{8}\.js$/)]);
  await page.goto("/categories/");
  expect(await page.locator("otv-island").count()).toBe(0);
  // the toolbar's script makes the plain box a combobox
  const box = page.locator("header").getByRole("combobox", { name: "Поиск по вопросам" });
  await box.pressSequentially("язы", { delay: 50 });
  const title = "Какой язык программирования выбрать для первой работы в IT?";
  const option = page.locator("header").getByRole("option", { name: title });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  // nothing of React or the islands' entry came with it
  onlyToolbarScript("/categories/");
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(title).replace(/[?]/g, "\\?")}$`));
  await expect(page.locator(`a.qtitle[href="/question/${SHOWCASE.resolvedQuestionId}"]`)).toBeVisible();

  // the keyboard, on another page without islands: down to a suggestion, Escape closes, down again, Enter searches for it
  await page.goto("/help/rules");
  const again = page.locator("header").getByRole("combobox", { name: "Поиск по вопросам" });
  const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get("q") === "язык прог");
  await again.pressSequentially("язык прог", { delay: 30 });
  await answered;
  const options = page.locator("header").getByRole("option");
  await expect(options.first()).toBeVisible();
  await again.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(again).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
  await again.press("Escape");
  await expect(again).toHaveAttribute("aria-expanded", "false");
  await expect(options.first()).toBeHidden();
  await again.press("ArrowDown");
  const chosen = page.locator('header [role="option"][aria-selected="true"]');
  await expect(chosen).toBeVisible();
  const text = (await chosen.textContent())!;
  onlyToolbarScript("/help/rules");
  await again.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(text).replace(/[?]/g, "\\?")}$`));
  await page.context().close();
});

test("the search page fits a 390 px phone without sideways scrolling and has no serious accessibility fault", async ({ browser }) => {
  const page = await guestPage(browser, { viewport: { width: 390, height: 844 } });
  for (const path of [
    "/search",
    `/search/${encodeURIComponent("язык программирования")}`,
    "/search/p-604800/w-a/ромашка",
    `/search/${encodeURIComponent("зыргкляпс")}`,
  ]) {
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.locator("main.search-page")).toBeVisible();
    // the page's own part: nothing in it reaches past the screen's right edge (the shared toolbar is checked with the other pages)
    const overflow = await page.locator("main").evaluate((main) => {
      const edge = document.documentElement.clientWidth;
      return [main, ...main.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > edge + 0.5).map((e) => `${e.tagName}.${e.className}`);
    });
    expect({ path, overflow }).toEqual({ path, overflow: [] });
    expect({ path, faults: await seriousViolations(page, "main") }).toEqual({ path, faults: [] });
  }
});
