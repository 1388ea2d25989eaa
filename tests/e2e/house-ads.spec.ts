import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { fitsAndAccessible } from "./helpers";

/** The list's children in order: "q" for a question, "ad" for the in-list slot. */
const listOrder = (list: import("@playwright/test").Locator) =>
  list
    .locator(":scope > li")
    .evaluateAll((els) => els.map((e) => (e.hasAttribute("data-qid") ? "q" : e.getAttribute("data-testid") === "ad-slot" ? "ad" : "?")));

test.describe("a guest with JavaScript off sees the site's own promotions", () => {
  test.use({ javaScriptEnabled: false });

  test("the index shows a promotion after the 4th question and one in the side column, each a link on this site marked «Промо»", async ({ page }) => {
    await page.goto("/");
    const list = page.getByTestId("question-list");
    const order = await listOrder(list);
    expect(order.indexOf("ad")).toBe(4);
    expect(order.filter((x) => x === "q")).toHaveLength(20);
    const inList = list.getByTestId("ad-slot");
    await expect(inList).toHaveAttribute("data-slot", "2");
    await expect(inList).toContainText("Промо");
    const side = page.getByTestId("right-column").getByTestId("ad-slot");
    await expect(side).toHaveAttribute("data-slot", "1");
    for (const slot of [inList, side]) expect(await slot.getByRole("link").getAttribute("href")).toMatch(/^\/(?!\/)/);
    // the promotions lead to pages of this site that open
    for (const slot of [inList, side]) {
      const res = await page.request.get((await slot.getByRole("link").getAttribute("href"))!);
      expect(res.status()).toBe(200);
    }
  });

  test("the gold fund lists its questions with no promotion among them", async ({ page }) => {
    await page.goto("/golden/");
    const order = await listOrder(page.getByTestId("question-list"));
    expect(order.filter((x) => x === "q").length).toBeGreaterThanOrEqual(5);
    expect(order).not.toContain("ad");
    await expect(page.getByTestId("question-list").getByTestId("ad-slot")).toHaveCount(0);
  });

  test("a question page has its recommendation block of 4 questions", async ({ page }) => {
    await page.goto(`/question/${SHOWCASE.resolvedQuestionId}`);
    await expect(page.getByRole("heading", { name: "Рекомендуем прочитать" })).toBeVisible();
    await expect(page.getByTestId("recommended").locator("li")).toHaveCount(4);
  });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ["/", "/top/points/week/", "/search/вопрос", `/question/${SHOWCASE.resolvedQuestionId}`]) {
    test(`${path}: the slots fit the screen and have no serious accessibility fault`, async ({ page }) => {
      // axe over a whole question page takes a while on a busy machine
      test.setTimeout(120_000);
      await page.goto(path);
      await expect(page.getByTestId("ad-slot").first()).toBeVisible();
      for (const slot of await page.getByTestId("ad-slot").all()) {
        const box = (await slot.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await fitsAndAccessible(page);
    });
  }
});
