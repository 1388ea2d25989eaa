import { expect, test, type Page } from "@playwright/test";
import { api, fitsAndAccessible, ownAddress, register } from "./helpers";

/**
 * Paying in roubles through the local test provider, as people do: a user buys VIP and sees his
 * VIP block, a user sends a gift paid in roubles, an author makes his question a leader and finds
 * it on /smstop. The provider's page and the success page fit a 390 px phone with no serious
 * accessibility fault.
 */

let n = 0;
const stamp = () => `pay${Date.now()}${++n}`;
const phone = { viewport: { width: 390, height: 844 } };

/** The test provider's page, reached by the link the order signed for the payment, as a real provider's. */
const TEST_PAGE = /\/pay\/test\/\d+\?sig=[0-9a-f]{64}$/;

/** On the test provider's page (checked when asked): pay; the return checks the payment and goes on. */
async function payOnTestPage(page: Page, check = false) {
  await expect(page).toHaveURL(TEST_PAGE);
  await expect(page.getByTestId("test-payment")).toBeVisible();
  if (check) await fitsAndAccessible(page);
  await page.getByRole("button", { name: "Оплатить" }).click();
}

test.describe("paid services through the test provider", () => {
  test("a user buys VIP in roubles on a phone and sees his VIP block; the provider's page fits and is accessible", async ({ browser }) => {
    const { page, id } = await register(browser, stamp(), { nick: "Покупатель", ...phone, ...ownAddress() });
    await page.goto(`/profile/id${id}`);
    await page.getByTestId("vip-block").locator("summary").click();
    await page.getByTestId("mvip-money").click();
    await expect(page.getByTestId("test-payment-amount")).toHaveText("100 ₽");
    await payOnTestPage(page, true);
    await expect(page).toHaveURL(new RegExp(`/profile/id${id}$`), { timeout: 10_000 });
    await expect(page.getByTestId("vip-block")).toContainText("Ваша активность видна всем.");
    await expect(page.getByRole("button", { name: "Скрыть мою активность" })).toBeVisible();
  });

  test("a user sends a gift paid in roubles and the recipient's gifts show it with the message", async ({ browser }) => {
    const recipient = await register(browser, stamp(), { nick: "Получатель", ...ownAddress() });
    const { page, nick } = await register(browser, stamp(), { nick: "Даритель", ...ownAddress() });
    await page.goto(`/profile/id${recipient.id}/gifts`);
    const form = page.getByTestId("gift-form");
    // a newcomer has under 250 points: roubles are chosen, points closed with the hint
    await expect(form.getByLabel("Баллами")).toBeDisabled();
    await expect(form.getByLabel("Рублями (банковской картой или СБП)")).toBeChecked();
    await expect(page.getByTestId("gift-points-hint")).toBeVisible();
    await form.getByLabel("Сообщение (необязательно)").fill("С праздником!");
    await form.getByRole("button", { name: "Подарить" }).click();
    await expect(page.getByTestId("test-payment-amount")).toHaveText(/^(20|40) ₽$/);
    await payOnTestPage(page);
    await expect(page).toHaveURL(new RegExp(`/profile/id${recipient.id}/gifts$`), { timeout: 10_000 });
    const gifts = page.getByTestId("profile-gifts");
    await expect(gifts).toContainText(nick);
    await expect(gifts).toContainText("С праздником!");
  });

  test("an author makes his question a leader and finds it on /smstop", async ({ browser }) => {
    const { page } = await register(browser, stamp(), { nick: "Автор", ...ownAddress() });
    const qtext = `Какую книгу взять в дорогу на неделю ${stamp()}?`;
    await page.goto("/");
    const asked = await api(page, "addqst", { qtext, cid: "25" });
    expect(asked.status).toBe(200);
    await page.goto(`/question/${asked.qid}`);
    await page.getByRole("button", { name: "Сделать лидером — 50 ₽" }).click();
    await payOnTestPage(page);
    await expect(page).toHaveURL(new RegExp(`/question/${asked.qid}$`), { timeout: 10_000 });
    await page.goto("/smstop/");
    await expect(page.getByText(qtext)).toBeVisible();
  });

  test("an author pays to lead a question he deleted meanwhile: the success page on a phone says the amount went to his balance, and it fits and is accessible", async ({
    browser,
  }) => {
    const { page } = await register(browser, stamp(), { nick: "Торопливый", ...phone, ...ownAddress() });
    await page.goto("/");
    const asked = await api(page, "addqst", { qtext: `Стоит ли брать зонт в поход по горам ${stamp()}?`, cid: "25" });
    await page.goto(`/question/${asked.qid}`);
    await page.getByRole("button", { name: "Сделать лидером — 50 ₽" }).click();
    await expect(page).toHaveURL(TEST_PAGE);
    expect((await api(page, "delqst", { qid: String(asked.qid) })).status).toBe(200);
    await payOnTestPage(page);
    await expect(page.getByTestId("success-paid")).toContainText("Сумма зачислена на ваш счёт на сайте");
    await fitsAndAccessible(page);
  });
});
