import { expect, test } from "@playwright/test";
import { captchaCodeOf, captchaIdOf, guestPage, register } from "./helpers";

/**
 * Registration from an address that has already made an account today asks for the captcha, also
 * with JavaScript off: the picture, its code field and 'Не вижу код' are part of the plain form.
 */
test("a second registration from one address asks for the captcha; a wrong code keeps the form, the right one lets the newcomer in", async ({ browser }) => {
  const stamp = `reg${Date.now()}`;
  await register(browser, `${stamp}a`);

  const page = await guestPage(browser, { javaScriptEnabled: false });
  await page.goto("/register");
  const captcha = page.getByTestId("register-captcha");
  const img = captcha.getByRole("img", { name: "Код с картинки" });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await expect(captcha.getByRole("link", { name: "Не вижу код" })).toBeVisible();

  await page.getByLabel("Ник").fill(`Второй ${stamp}`);
  await page.getByLabel("Почта").fill(`${stamp}b@example.org`);
  await page.getByLabel("Пароль").fill("demo12345");
  const code = await captchaCodeOf(await captchaIdOf(img));
  await captcha.getByLabel("Код с картинки").fill(code === "00000" ? "11111" : "00000");
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByRole("alert")).toHaveText("Введите капчу");
  await expect(page.getByLabel("Ник")).toHaveValue(`Второй ${stamp}`);

  // a fresh captcha came with the refusal
  await page.getByLabel("Пароль").fill("demo12345");
  const fresh = await captchaIdOf(page.getByTestId("register-captcha").getByRole("img", { name: "Код с картинки" }));
  await page
    .getByTestId("register-captcha")
    .getByLabel("Код с картинки")
    .fill(await captchaCodeOf(fresh));
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
});
