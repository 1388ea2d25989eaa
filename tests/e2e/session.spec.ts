import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { hydrated, island, markDocument, ownAddress, register, sameDocument, signIn } from "./helpers";

/**
 * The session while a page is open: the tabs of one browser follow who is signed in, the session
 * is refreshed every minute, a refresh the server refuses reloads the page, a slow call shows the
 * preloader, and an island whose file does not arrive says so and offers a retry.
 */

let n = 0;
const stamp = () => `sess${Date.now()}${++n}`;

test("a sign-out in one tab reloads the other tab of the same browser as a guest's page", async ({ browser }) => {
  const { page: first } = await register(browser, stamp(), ownAddress());
  await first.goto("/categories/");
  await expect(first.getByRole("button", { name: "Выйти" })).toBeVisible();
  await markDocument(first);
  const second = await first.context().newPage();
  await second.goto("/");
  await second.getByRole("button", { name: "Выйти" }).click();
  await expect(second.getByRole("link", { name: "Войти" }).first()).toBeVisible();
  // the first tab was reloaded (the mark is gone) and is a guest's page now
  await expect(first.getByRole("link", { name: "Войти" }).first()).toBeVisible();
  expect(await sameDocument(first)).toBe(false);
  await expect(first.getByRole("button", { name: "Выйти" })).toHaveCount(0);
});

test("a sign-in as another user in one tab reloads the other tab as that user's page", async ({ browser }) => {
  const { page: first } = await register(browser, stamp(), ownAddress());
  await first.goto("/categories/");
  await markDocument(first);
  const second = await first.context().newPage();
  await signIn(second, "znatok@demo.local");
  await expect.poll(() => sameDocument(first).catch(() => false)).toBe(false);
  await expect(first.locator(".toolbar-user")).toHaveAttribute("href", (await second.locator(".toolbar-user").getAttribute("href"))!);
});

test("every minute an open page refreshes the session and takes its new token; when the server says the session is gone it reloads after 250 ms", async ({
  browser,
}) => {
  const { page } = await register(browser, stamp(), ownAddress());
  await page.clock.install();
  await page.goto("/categories/");
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
  const tokenOf = () => page.evaluate(() => JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="otv-session"]')!.content).token as string);
  const before = await tokenOf();
  const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/v2/refresh_auth"));
  await page.clock.runFor(60_000);
  expect((await (await refreshed).json()).status).toBe(200);
  await expect.poll(tokenOf).not.toBe(before);
  // the new token works for a write
  const saved = await page.evaluate(async () => {
    const s = JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="otv-session"]')!.content) as { salt: string; token: string };
    const body = new URLSearchParams({ title: "privacy", flag: "test", val: "1", salt: s.salt, token: s.token });
    return ((await (await fetch("/api/v2/usrsettings_set", { method: "POST", body })).json()) as { status: number }).status;
  });
  expect(saved).toBe(200);

  // the session ends elsewhere (the cookie is gone): the next refresh is refused, the page clears
  // its credentials and reloads as a guest's page
  await markDocument(page);
  await page.context().clearCookies();
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/v2/refresh_auth"));
  await page.clock.runFor(60_000);
  expect((await (await refused).json()).errid).toBe(103);
  await expect.poll(() => page.evaluate(() => document.querySelector('meta[name="otv-session"]') === null).catch(() => true)).toBe(true);
  await page.clock.runFor(300);
  await expect(page.getByRole("link", { name: "Войти" }).first()).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
});

test("an island whose file does not arrive says 'Loading chunk failed' in Russian, and «Повторить» loads the page again with it", async ({ browser }) => {
  const { page } = await register(browser, stamp(), ownAddress());
  let block = true;
  await page.route(/\/islands\/bell\.island-[\w-]+\.js$/, (route) => (block ? route.abort() : route.continue()));
  await page.goto("/categories/");
  const popup = page.getByRole("dialog").filter({ hasText: "Loading chunk failed" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("Не удалось загрузить часть страницы");
  await markDocument(page);
  block = false;
  await popup.getByRole("button", { name: "Повторить" }).click();
  await expect.poll(() => sameDocument(page).catch(() => true)).toBe(false);
  await expect(island(page, "bell")).toHaveAttribute("hydrated", "");
});

test("a call that takes longer than 250 ms shows the preloader until it answers", async ({ browser }) => {
  const { page } = await register(browser, stamp(), ownAddress());
  await page.goto(`/question/${SHOWCASE.openQuestionId}`);
  await hydrated(island(page, "answer-form"));
  await page.getByTestId("answer-form").getByLabel("Ваш ответ").fill("Ответ, который сервер примет не сразу");
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/v2/addans", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Ответить" }).click();
  const preloader = page.getByTestId("preloader");
  await expect(preloader).toBeVisible();
  await expect(preloader).toHaveText("Загрузка…");
  release();
  await expect(page.getByTestId("answer-sent")).toBeVisible();
  await expect(preloader).toHaveCount(0);
});
