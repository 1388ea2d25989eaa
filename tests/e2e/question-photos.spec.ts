import { expect, test } from "@playwright/test";
import { guestPage, signedIn } from "./helpers";

/**
 * Photos in a question: the asker uploads a photo in the ask form (previewed at 120, counted as
 * 200 characters; a refused file loses its preview) and asks; a reader opens it in the viewer.
 */

const JPEG = "tests/fixtures/photos/gps.jpg";

test("a user asks a question with a photo and a reader opens it in the viewer", async ({ browser }) => {
  const stamp = String(Date.now());
  const asker = await signedIn(browser, "guru@demo.local");
  await asker.goto("/ask");
  await expect(asker.getByRole("tab", { name: "Мой вопрос" })).toBeVisible();
  const title = `Что за гриб я нашёл в лесу? ${stamp}`;
  await asker.getByLabel("Мой вопрос").fill(title);
  await asker.getByLabel("Пояснение").fill("Шляпка бурая");
  await expect(asker.getByTestId("body-counter")).toHaveText("Символов: 12");
  const file = asker.getByTestId("photo-file");
  await file.setInputFiles({ name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<!doctype html><p>не фото</p>") });
  await expect(asker.getByText("Неверный формат файла", { exact: false })).toBeVisible();
  await expect(asker.getByTestId("photo-pending")).toHaveCount(0);
  await asker.keyboard.press("Escape");
  await file.setInputFiles(JPEG);
  await expect(asker.getByTestId("photo-attached")).toHaveCount(1);
  await expect(asker.getByTestId("photo-attached")).toHaveJSProperty("naturalWidth", 120);
  await expect(asker.getByTestId("body-counter")).toHaveText("Символов: 212");
  await asker.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
  await asker.getByLabel("Подкатегория").selectOption({ label: "Программирование" });
  await asker.getByRole("button", { name: "Опубликовать" }).click();
  await expect(asker).toHaveURL(/\/question\/\d+$/);
  const url = asker.url();
  await asker.context().close();

  const reader = await guestPage(browser);
  await reader.goto(url);
  const link = reader.locator(".question-head a.photo-link");
  await expect(link).toHaveCount(1);
  await expect(reader.locator('otv-island[name="photo-viewer"]')).toHaveAttribute("hydrated", "");
  await link.click();
  const viewer = reader.getByRole("dialog", { name: "Просмотр фото" });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator("img")).toHaveAttribute("alt", "Фото 1 из 1");
  await reader.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await reader.context().close();
});
