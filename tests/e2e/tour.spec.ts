import { expect, test, type Page } from "@playwright/test";
import { fitsAndAccessible, ownAddress, register, signIn } from "./helpers";

/**
 * The onboarding tours: a new user meets the welcome tour as a dialog on his first pages, answers
 * its yes/no questions, and never sees it again once it is over; without JavaScript it is a notice
 * and plain pages. Each story registers its own user.
 */

let n = 0;
const stamp = () => `tour${Date.now()}${++n}`;

/** The user's recorded step flags of a tour (usrsettings). */
const flagsOf = (page: Page, title: string) =>
  page.evaluate(async (title) => {
    const r = await fetch(`/api/v2/usrsettings?title=${title}`, { credentials: "same-origin" });
    return ((await r.json()) as { content: Record<string, string> }).content;
  }, title);

test("a new user goes through the welcome tour once, answering yes and no, and never sees it again on the next page or at the next sign-in", async ({
  browser,
}) => {
  const { page, email } = await register(browser, stamp(), { tour: true, ...ownAddress() });
  const dialog = page.getByRole("dialog", { name: "Добро пожаловать на Ответы!" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Шаг 1 из 3")).toBeVisible();
  // the notice that offers the tour without JavaScript is hidden behind the dialog
  await expect(page.getByTestId("tour-notice")).toBeHidden();
  await dialog.getByRole("button", { name: "Да" }).click();
  const asking = page.getByRole("dialog", { name: "Как задать вопрос" });
  await expect(asking).toBeVisible();
  await expect(asking).toContainText(/сегодня вы можете задать до \d+ вопрос/);
  await asking.getByRole("button", { name: "Нет" }).click();
  await expect(page.getByTestId("tour-dialog")).toHaveCount(0);
  await expect.poll(() => flagsOf(page, "welcome")).toEqual({ loginfirst: "1", "1shown": "1", "1value": "1", "2value": "0" });

  await page.goto("/");
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
  await expect(page.getByTestId("tour-notice")).toHaveCount(0);
  await expect(page.getByTestId("tour-dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "Выйти" }).click();
  await signIn(page, email);
  await page.goto("/categories/");
  await expect(page.getByTestId("tour-notice")).toHaveCount(0);
  await expect(page.getByTestId("tour-dialog")).toHaveCount(0);
});

test("the tour's dialog fits a 390 px phone with no serious accessibility fault, keeps focus inside, and Escape closes it for good", async ({ browser }) => {
  const { page } = await register(browser, stamp(), { tour: true, ...ownAddress(), viewport: { width: 390, height: 844 } });
  const dialog = page.getByTestId("tour-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(dialog.getByRole("button", { name: "Да" })).toBeFocused();
  await fitsAndAccessible(page);
  // Tab moves among the dialog's own buttons, never to the page behind it
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[data-testid=tour-dialog]"))).toBe(true);
  }
  // Escape ends the tour for good: the page tells the server (overlay_shown) before it is reloaded
  const ended = page.waitForResponse((r) => r.url().endsWith("/api/v2/overlay_shown") && r.ok());
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await ended;
  await page.reload();
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
  await expect(page.getByTestId("tour-notice")).toHaveCount(0);
});

test("with JavaScript off the tour is a notice and plain pages whose yes/no forms lead through it and end it", async ({ browser }) => {
  const { page } = await register(browser, stamp(), { tour: true, ...ownAddress(), javaScriptEnabled: false });
  const notice = page.getByTestId("tour-notice");
  await expect(notice).toBeVisible();
  await notice.getByRole("link", { name: "Начать знакомство" }).click();
  await expect(page.getByRole("heading", { name: "Добро пожаловать на Ответы!" })).toBeVisible();
  await page.getByRole("button", { name: "Нет" }).click();
  await expect(page).toHaveURL(/\/tour\/welcome\/3$/);
  await expect(page.getByText("Шаг 3 из 3")).toBeVisible();
  await page.getByRole("button", { name: "Позже" }).click();
  await expect(page.getByRole("heading", { name: "Знакомство окончено" })).toBeVisible();
  await page.getByRole("button", { name: "Готово" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
  await expect(page.getByTestId("tour-notice")).toHaveCount(0);
});
