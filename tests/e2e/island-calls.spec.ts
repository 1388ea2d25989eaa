import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { signedIn } from "./helpers";

/**
 * The islands' call client: an expired API token is refreshed by one shared refresh_auth and the
 * calls are retried once; a refusal shows the 'Ошибка' pop-up with the server's Russian text.
 */
test("an island's calls after the session's token changed: one refresh_auth for both, then both succeed", async ({ browser }) => {
  const page = await signedIn(browser, "guru@demo.local");
  await page.goto(`/question/${SHOWCASE.openQuestionId}`);
  const buttons = page.getByTestId("mark-button").getByRole("button", { name: "Полезный ответ" });
  await expect(buttons.nth(1)).toBeAttached();
  for (const i of [0, 1]) {
    await buttons.nth(i).scrollIntoViewIfNeeded();
    await expect(buttons.nth(i).locator("xpath=ancestor-or-self::otv-island[1]")).toHaveAttribute("hydrated", "");
  }
  // another tab refreshes the session: the token this page holds is now stale (errid 103)
  const rotated = await page.request.post("/api/v2/refresh_auth", { headers: { origin: new URL(page.url()).origin } });
  expect((await rotated.json()).status).toBe(200);

  const refreshes: string[] = [];
  page.on("request", (r) => r.url().includes("/api/v2/refresh_auth") && refreshes.push(r.url()));
  const ids = await page
    .getByTestId("answer")
    .filter({ has: page.getByTestId("mark-button") })
    .evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute("data-answer-id")));
  const first = page.locator(`#answer-${ids[0]}`);
  const second = page.locator(`#answer-${ids[1]}`);
  const counts = [Number(await first.getByTestId("mark-count").innerText()), Number(await second.getByTestId("mark-count").innerText())];
  // two calls at once, both with the stale token: both buttons clicked in one task (two pointer
  // clicks at once can miss when one scrolls the page under the other)
  const buttonsToClick = [first, second].map((a) => a.getByRole("button", { name: "Полезный ответ" }));
  const handles = await Promise.all(buttonsToClick.map((b) => b.elementHandle()));
  await page.evaluate((els) => {
    for (const el of els) (el as HTMLElement).click();
  }, handles);
  await expect(first.getByTestId("mark-count")).toHaveText(String(counts[0] + 1));
  await expect(second.getByTestId("mark-count")).toHaveText(String(counts[1] + 1));
  expect(refreshes).toHaveLength(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a refused island call shows the 'Ошибка' pop-up with the catalogue's Russian text", async ({ browser }) => {
  const page = await signedIn(browser, "guru@demo.local");
  await page.goto(`/question/${SHOWCASE.openQuestionId}`);
  const answer = page
    .getByTestId("answer")
    .filter({ has: page.getByTestId("mark-button") })
    .first();
  const button = answer.getByRole("button", { name: "Полезный ответ" });
  await button.scrollIntoViewIfNeeded();
  await expect(button.locator("xpath=ancestor-or-self::otv-island[1]")).toHaveAttribute("hydrated", "");
  // the answer is marked behind the page's back (another tab): the island's mark is refused
  const aid = await answer.getAttribute("data-answer-id");
  const meta = JSON.parse((await page.locator('meta[name="otv-session"]').getAttribute("content"))!);
  const other = await page.request.post("/api/v2/mark", {
    headers: { origin: new URL(page.url()).origin },
    form: { aid: aid!, salt: meta.salt, token: meta.token },
  });
  expect((await other.json()).status).toBe(200);
  await button.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Ошибка" })).toBeVisible();
  await expect(dialog).toContainText(/[а-яё]{4,}/i);
});
