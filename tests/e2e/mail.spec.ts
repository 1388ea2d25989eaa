import { expect, test } from "@playwright/test";
import { api, fitsAndAccessible, guestPage, register, signedIn } from "./helpers";

/**
 * E-mail in the browser (docs/decisions/0058): an answer to a new user's question reaches the local
 * mail sink (/dev/mail); the mail's unsubscribe link opens a page that changes nothing until its
 * button is pressed, with no sign-in, and it fits a phone.
 */

const PHONE = { width: 390, height: 844 };

test("a mail in the local sink, and its one-click unsubscribe page, on a phone, signed out", async ({ browser }) => {
  const stamp = String(Date.now());
  const asker = await register(browser, stamp, { nick: "Почтальон" });
  const asked = await api(asker.page, "addqst", { qtext: `Как отправить письмо за границу? ${stamp}`, subcid: "100" });
  expect(asked.status).toBe(200);
  await asker.page.context().close();
  const answerer = await signedIn(browser, "znatok@demo.local");
  await answerer.goto("/");
  expect((await api(answerer, "addans", { qid: String(asked.qid), Body: `Через отделение почты, с уведомлением ${stamp}` })).status).toBe(200);
  await answerer.context().close();

  const page = await guestPage(browser, { viewport: PHONE });
  // the queue hands the mail over within a second or two: the sink shows it once it is in
  const mail = page.getByTestId("dev-mail-item").filter({ hasText: stamp });
  await expect(async () => {
    await page.goto("/dev/mail");
    await expect(mail).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(mail.getByRole("heading")).toContainText("ответил(а) на вопрос «Как отправить письмо за границу?");
  await expect(mail).toContainText(asker.email);
  await fitsAndAccessible(page);

  const text = (await mail.locator("pre").textContent()) ?? "";
  const link = /Отписаться от писем: (\S+)/.exec(text)?.[1];
  expect(link).toMatch(/\/unsubscribe\/\d+\.[A-Za-z0-9_-]{22}$/);
  await page.goto(link!);
  await expect(page.getByRole("button", { name: "Отписаться от писем" })).toBeVisible();
  await fitsAndAccessible(page);
  await page.getByRole("button", { name: "Отписаться от писем" }).click();
  await expect(page.getByTestId("unsubscribed")).toHaveText("Готово: письма больше не придут. Включить их снова можно в настройках уведомлений.");
  await page.context().close();
});
