import { expect, test } from "@playwright/test";
import { guestPage, seriousViolations } from "./helpers";

test("leaders page switches period and nomination", async ({ browser }) => {
  // plain links: the page works the same with JavaScript off
  const page = await guestPage(browser, { javaScriptEnabled: false });
  await page.goto("/top/points/week/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Лидеры по баллам за неделю");
  await expect(page.getByTestId("podium").getByTestId("leader")).toHaveCount(3);
  const filters = page.getByTestId("leaders-filters");
  await expect(filters.getByRole("link", { name: "За неделю" })).toHaveAttribute("aria-current", "page");
  await expect(filters.getByRole("heading", { name: "Категория" })).toBeVisible();

  await filters.getByRole("link", { name: "За всё время" }).click();
  await expect(page).toHaveURL(/\/top\/points\/all\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Лидеры по баллам за всё время");
  await expect(filters.getByRole("link", { name: "За всё время" })).toHaveAttribute("aria-current", "page");
  // the category filter is for the week's points only
  await expect(filters.getByRole("heading", { name: "Категория" })).toHaveCount(0);

  await filters.getByRole("link", { name: "По ответам" }).click();
  await expect(page).toHaveURL(/\/top\/anscnt\/all\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Лидеры по ответам за всё время");
  await expect(page.getByTestId("leader").first()).toContainText(/\d+ ответ/);

  await filters.getByRole("link", { name: "За неделю" }).click();
  await expect(page).toHaveURL(/\/top\/anscnt\/week\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Лидеры по ответам за неделю");

  await filters.getByRole("link", { name: "По лучшим ответам" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Лидеры по лучшим ответам за неделю");

  await filters.getByRole("link", { name: "По баллам" }).click();
  await expect(page).toHaveURL(/\/top\/points\/week\/$/);
  const category = filters.getByRole("navigation", { name: "Категория" }).getByRole("link").nth(1);
  const name = (await category.textContent()) ?? "";
  await category.click();
  await expect(page).toHaveURL(/\/top\/points\/week\/[^/]+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Лидеры по баллам за неделю · ${name}`);
  await expect(filters.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
});

test("the all-time list goes on with 'Показать ещё' from the 20th place", async ({ browser }) => {
  const page = await guestPage(browser);
  await page.goto("/top/points/all/");
  await expect(page.getByTestId("leader")).toHaveCount(19);
  await page.getByTestId("show-more").click();
  await expect(page).toHaveURL(/\/top\/points\/all\/\?p=19$/);
  await expect(page.getByTestId("leaders-list")).toHaveAttribute("start", "20");
  await expect(page.getByTestId("podium")).toHaveCount(0);
});

for (const path of ["/top/points/week/", "/top/bestanscnt/all/"]) {
  test(`${path} fits a 390 px phone without horizontal scroll and has no serious accessibility fault`, async ({ browser }) => {
    const page = await guestPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const podium = page.getByTestId("podium");
    if (await podium.count()) {
      // the podium's pictures keep their sizes: 125, 107 and 90 px
      const sizes = await podium.getByTestId("leader-avatar").evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
      expect(sizes).toEqual([125, 107, 90]);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
}
