import { expect, type Page, test } from "@playwright/test";
import { captchaCodeOf, captchaIdOf, fitsAndAccessible, guestPage, register } from "./helpers";

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

/**
 * A nick that looks like the moderator's is refused under the nick field, with JavaScript off,
 * before any captcha; on a phone the refused form and the real moderator's profile, with its
 * «Модератор» label, fit the screen and pass axe-core.
 */
test("the moderator's nick with a no-break space is refused next to the field, also without JavaScript; on a phone the form and his own profile's label fit", async ({
  browser,
}) => {
  // two pages checked by axe-core: over the default 30 s on a busy two-core machine
  test.setTimeout(90_000);
  const refuse = async (page: Page) => {
    await page.goto("/register");
    await page.getByLabel("Ник").fill("Модератор\u00A0Олег");
    await page.getByLabel("Почта").fill(`staff${Date.now()}@example.org`);
    await page.getByLabel("Пароль").fill("demo12345");
    // this address has registered today: a code, any code, for the form to be sent (the nick is judged before it)
    const code = page.getByTestId("register-captcha").getByLabel("Код с картинки");
    if ((await code.count()) > 0) await code.fill("00000");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    const nick = page.getByLabel("Ник");
    const error = page.getByTestId("register-nick-error");
    await expect(error).toHaveText("Такой ник выбрать нельзя: он похож на ник модератора, администрации или бренда. Выберите другой");
    await expect(nick).toHaveAttribute("aria-invalid", "true");
    await expect(nick).toHaveAccessibleDescription(/Такой ник выбрать нельзя/);
    // under the nick, above the e-mail
    const [n, e, m] = await Promise.all([nick.boundingBox(), error.boundingBox(), page.getByLabel("Почта").boundingBox()]);
    expect(e!.y).toBeGreaterThan(n!.y + n!.height - 1);
    expect(e!.y + e!.height).toBeLessThan(m!.y);
  };
  await refuse(await guestPage(browser, { javaScriptEnabled: false }));

  const phone = await guestPage(browser, { viewport: { width: 390, height: 844 } });
  await refuse(phone);
  await fitsAndAccessible(phone);
  await phone.goto("/profile/id5");
  await expect(phone.getByTestId("staff-label")).toHaveText("Модератор");
  await fitsAndAccessible(phone);
});
