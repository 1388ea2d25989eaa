import { expect, type Browser, type Page } from "@playwright/test";

/** Signs a demo user in (password demo12345) through the sign-in page, in this page. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Почта").fill(email);
  await page.getByLabel("Пароль").fill("demo12345");
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
}

/** A page of its own browser context, signed in as a demo user. */
export async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** A newly registered user (password demo12345) in his own browser context: his page, e-mail and id. */
export async function register(browser: Browser, stamp: string): Promise<{ page: Page; email: string; id: number }> {
  const page = await (await browser.newContext()).newPage();
  const email = `${stamp}@example.org`;
  await page.goto("/register");
  await page.getByLabel("Ник").fill(`Участник ${stamp}`);
  await page.getByLabel("Почта").fill(email);
  await page.getByLabel("Пароль").fill("demo12345");
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
  const href = await page.locator(".toolbar-user").getAttribute("href");
  return { page, email, id: Number(href!.replace(/\D/g, "")) };
}
