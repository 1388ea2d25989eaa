import { expect, test, type Page } from "@playwright/test";
import { BALL_ANSWERS } from "../../app/lib/magic-ball";
import { guestPage, seriousViolations } from "./helpers";

/** The magic ball for a guest: asked with JavaScript off, answered on its share page, on a 390 px phone. */

const PHONE = { width: 390, height: 844 };

async function fitsAndPassesAxe(page: Page) {
  const overflow = await page.evaluate(() => {
    const rights = [...document.querySelectorAll("main, main *")].map((e) => e.getBoundingClientRect().right);
    return Math.max(...rights) - document.documentElement.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page, "main")).toEqual([]);
}

test("a guest without JavaScript asks the magic ball, gets an answer, and its share page opens for another guest", async ({ browser }) => {
  // three pages checked with axe on a machine that may be busy
  test.setTimeout(90_000);
  const page = await guestPage(browser, { javaScriptEnabled: false, viewport: PHONE });
  await page.goto("/magic8ball");
  await expect(page).toHaveURL(/\/newyear\/$/);

  // an empty question is refused on the page itself
  await page.getByLabel("Ваш вопрос").fill("   ");
  await page.getByRole("button", { name: "Спросить шар" }).click();
  await expect(page.getByRole("alert")).toHaveText("Задайте шару вопрос, на который можно ответить «да» или «нет»");

  await page.getByLabel("Ваш вопрос").fill("Сдам ли я экзамен по физике?");
  await page.getByRole("button", { name: "Спросить шар" }).click();
  await expect(page).toHaveURL(/\/magic8ball\/[^/]+\/\d+$/);
  const answer = (await page.getByTestId("ball-answer").locator(".ball-answer").textContent())?.trim();
  expect(BALL_ANSWERS).toContain(answer);
  await expect(page.getByText("«Сдам ли я экзамен по физике?»")).toBeVisible();
  await expect(page.getByTestId("ball-share").getByRole("link", { name: "ВКонтакте" })).toBeVisible();

  // the shared address shows the same question and answer to anyone; both pages fit the phone (axe runs scripts: JavaScript on)
  const other = await guestPage(browser, { viewport: PHONE });
  await other.goto(page.url());
  await expect(other.getByTestId("ball-answer").locator(".ball-answer")).toHaveText(answer!);
  await fitsAndPassesAxe(other);
  await other.goto("/newyear/");
  await fitsAndPassesAxe(other);
});
