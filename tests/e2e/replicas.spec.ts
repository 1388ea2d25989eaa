import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * Read replicas in a browser: a write leaves D1's bookmark in the d1b cookie, which the browser
 * sends with its next pages, so they show the write.
 */

test("a question asked in a browser is on the page it lands on, and the browser keeps only D1's bookmark in an HttpOnly cookie", async ({ page, context }) => {
  await signIn(page, "guru@demo.local");
  const signedIn = (await context.cookies()).find((c) => c.name === "d1b");
  expect(signedIn?.httpOnly).toBe(true);
  await page.goto("/ask");
  await expect(page.locator('otv-island[name="ask-form"][hydrated]')).toHaveCount(1);
  const title = `Сколько сохнет краска на балконе зимой? ${Date.now()}`;
  await page.getByLabel("Мой вопрос").fill(title);
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
  await page.getByLabel("Подкатегория").selectOption({ label: "Программирование" });
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const cookie = (await context.cookies()).find((c) => c.name === "d1b");
  expect(cookie).toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.path).toBe("/");
  expect(cookie!.value).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*$/i);
  // the page's scripts cannot read it
  expect(await page.evaluate(() => document.cookie)).not.toContain("d1b=");
});
