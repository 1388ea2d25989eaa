import { expect, test, type Page } from "@playwright/test";
import { api, guestPage, hydrated, island, register, seriousViolations, signedIn } from "./helpers";

/**
 * The category pages and special sections: the adult gate with and without JavaScript, the
 * new-questions banner, and every page of the sections on a 390 px phone with no horizontal scroll
 * and no serious accessibility fault.
 */

/** The first question of the adult category (the seed has some), by its list page for a confirmed guest. */
async function adultQuestionPath(page: Page): Promise<string> {
  await page.goto("/relations/");
  const href = await page.locator("a.qtitle").first().getAttribute("href");
  expect(href).toMatch(/^\/question\/\d+$/);
  return href!;
}

test("an adult category asks for confirmation and remembers it", async ({ browser }) => {
  const page = await guestPage(browser);
  await page.goto("/relations/");
  const gate = page.getByRole("dialog", { name: "Только для взрослых" });
  await expect(gate).toBeVisible();
  // refusing, opened directly, goes home, and the category still asks
  await gate.getByRole("link", { name: "Нет, мне нет 18" }).click();
  await expect(page).toHaveURL(/\/$/);
  // come from a page of the site, refusing closes the gate over that page: he is back where he was reading
  await page.goto("/categories/");
  await page.locator('main a[href="/relations/"]').first().click();
  await expect(page.getByRole("dialog", { name: "Только для взрослых" })).toBeVisible();
  await page.getByRole("link", { name: "Нет, мне нет 18" }).click();
  await expect(page).toHaveURL(/\/categories\/$/);
  await page.goto("/relations/");
  await page.getByRole("button", { name: "Да, мне есть 18 лет" }).click();
  await expect(page).toHaveURL(/\/relations\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Знакомства, Любовь, Отношения");
  // remembered: the questions of the category open without asking again
  const question = await adultQuestionPath(page);
  await page.goto(question);
  await expect(page).toHaveURL(new RegExp(`${question}$`));
  await expect(page.getByRole("dialog", { name: "Только для взрослых" })).toHaveCount(0);

  // a signed-in user's answer is kept with his account: another browser of his does not ask
  const { page: member, email } = await register(browser, `adult${Date.now()}`);
  await member.goto(question);
  await expect(member).toHaveURL(/\/adult\?return=/);
  await member.getByRole("button", { name: "Да, мне есть 18 лет" }).click();
  await expect(member).toHaveURL(new RegExp(`${question}$`));
  const elsewhere = await signedIn(browser, email);
  await elsewhere.goto("/relations/");
  await expect(elsewhere).toHaveURL(/\/relations\/$/);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the adult confirmation is a plain page whose form works", async ({ page }) => {
    await page.goto("/relations/open");
    await expect(page).toHaveURL(/\/adult\?return=%2Frelations%2Fopen$/);
    await page.getByRole("button", { name: "Да, мне есть 18 лет" }).click();
    await expect(page).toHaveURL(/\/relations\/open$/);
    await expect(page.getByTestId("tabs").getByRole("link", { name: "Открытые" })).toHaveAttribute("aria-current", "page");
  });
});

test("the new-questions banner appears when another user asks in the category", async ({ browser }) => {
  const reader = await guestPage(browser);
  await reader.clock.install();
  await reader.goto("/comp/");
  const banner = island(reader, "new-questions");
  await hydrated(banner);
  await expect(reader.getByTestId("new-questions")).toHaveCount(0);

  const asker = await signedIn(browser, "guru@demo.local");
  const cats = (await (await asker.request.get("/api/v2/getCategories")).json()) as {
    categories: { urlname: string; categories: { id: number; urlname: string }[] }[];
  };
  const prog = cats.categories.find((c) => c.urlname === "comp")!.categories.find((c) => c.urlname === "prog")!;
  const qtext = `Какой язык программирования учить первым? ${Date.now()}`;
  const asked = await api(asker, "addqst", { qtext, cid: String(prog.id) });
  expect(asked.status).toBe(200);

  // the next check, 30 s later, finds it
  await reader.clock.fastForward(31_000);
  const link = reader.getByTestId("new-questions");
  // (other stories may ask in the same category meanwhile, and a guest's copy may be a minute old)
  await expect(link).toHaveText(/^(Больше )?\d+ (новый вопрос|новых вопроса|новых вопросов) — показать$/);
  await link.click();
  await expect(reader).toHaveURL(/\/comp\/\?new=\d+$/);
  await expect(reader.locator("li.q-new a.qtitle").filter({ hasText: qtext })).toHaveCount(1);
  // only what is new to the reader is highlighted: the questions above the one his copy started
  // with (?new=), newest first; that one and those below it are not. (Other stories may ask here
  // meanwhile; when they asked a page's worth, every question shown is new.)
  const seenTop = new URL(reader.url()).searchParams.get("new");
  const marks = await reader.locator("li:has(a.qtitle)").evaluateAll((items) => items.map((li) => li.classList.contains("q-new")));
  const firstOld = marks.indexOf(false);
  if (firstOld >= 0) expect(marks.slice(firstOld)).not.toContain(true);
  const seenItem = reader.locator(`li:has(a.qtitle[href="/question/${seenTop}"])`);
  if ((await seenItem.count()) > 0) await expect(seenItem).not.toHaveClass(/q-new/);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of [
    "/golden/",
    "/smstop",
    "/nosmoking/",
    "/newcomers/",
    "/vote/",
    "/categories/",
    "/adult?return=%2Frelations%2F",
    "/reload",
    "/comp/best",
  ]) {
    test(`${path} fits without horizontal scroll and has no serious accessibility fault`, async ({ page }) => {
      await page.goto(path);
      // the page's own content (the toolbar and columns around it are the site frame's): nothing in
      // <main> reaches past the right edge of the screen
      const overflow = await page.evaluate(() => {
        const rights = [...document.querySelectorAll("main, main *")].map((e) => e.getBoundingClientRect().right);
        return Math.max(...rights) - document.documentElement.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page, "main")).toEqual([]);
    });
  }
});
