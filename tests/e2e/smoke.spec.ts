import { expect, test } from "@playwright/test";

test("a guest opens the front page and gets a Russian page", async ({ page }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  expect(await res?.text()).toContain('<html lang="ru">');
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
});
