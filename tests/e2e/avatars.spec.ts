import { expect, test } from "@playwright/test";
import { api, fitsAndAccessible, hydrated, ownAddress, register, signedIn } from "./helpers";

/**
 * Avatars: a user sets his avatar on his own profile (previewed at 120 while it uploads; a refused
 * file loses its preview), sees it in the toolbar and beside his answer, removes it and sees the
 * generated one again.
 */

const JPEG = "tests/fixtures/photos/gps.jpg";
const PHONE = { width: 390, height: 844 };

test("a user sets an avatar on his profile, sees it in the toolbar and beside his answer, removes it and sees the default", async ({ browser }) => {
  const stamp = String(Date.now());
  const { page, id } = await register(browser, `av${stamp}`, { ...ownAddress(), viewport: PHONE });
  await page.goto(`/profile/id${id}`);
  await expect(page.getByTestId("avatar-placeholder")).toBeVisible();
  const form = page.getByTestId("avatar-form");
  await hydrated(form);
  await expect(form.getByRole("button", { name: "Сохранить аватар" })).toHaveCount(0);
  await fitsAndAccessible(page);

  // a page named .jpg is not a photo: its preview goes and the error says why
  await form.getByTestId("avatar-file").setInputFiles({ name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<!doctype html><p>не фото</p>") });
  await expect(page.getByText("Неверный формат файла", { exact: false })).toBeVisible();
  await expect(form.getByTestId("avatar-pending")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await form.getByTestId("avatar-file").setInputFiles(JPEG);
  const picture = page.getByTestId("avatar-picture");
  await expect(picture).toBeVisible();
  const src = (await picture.getAttribute("src")) ?? "";
  const key = /\/img\/p\/([0-9a-f]{32})\//.exec(src)?.[1];
  expect(key).toBeTruthy();
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId("toolbar-avatar")).toHaveAttribute("src", `/img/p/${key}/120`);

  // his answer carries the same avatar beside his nick
  const asker = await signedIn(browser, "user@demo.local");
  const q = await api(asker, "addqst", { qtext: `Какой аватар выбрать для профиля? ${stamp}`, subcid: "100" });
  expect(q.status).toBe(200);
  await asker.context().close();
  const a = await api(page, "addans", { qid: String(q.qid), Body: `Своё фото крупным планом ${stamp}` });
  expect(a.status).toBe(200);
  await page.goto(`/question/${q.qid}`);
  const answer = page.locator("article.answer", { hasText: stamp });
  await expect(answer.getByTestId("mini-avatar")).toHaveAttribute("src", `/img/p/${key}/120`);
  await expect(page.getByTestId("toolbar-avatar")).toHaveAttribute("src", `/img/p/${key}/120`);

  // removed: the generated picture everywhere again
  await page.goto(`/profile/id${id}`);
  await page.getByTestId("avatar-remove").click();
  await expect(page.getByTestId("avatar-placeholder")).toBeVisible();
  await expect(page.getByTestId("toolbar-avatar")).toHaveCount(0);
  await expect(page.locator(".toolbar-avatar-empty")).toBeVisible();
  await page.goto(`/question/${q.qid}`);
  await expect(page.locator("article.answer", { hasText: stamp }).locator(".mini-avatar-empty")).toBeVisible();
  await page.context().close();
});
