import { expect, test, type Page } from "@playwright/test";
import { api, guestPage, hydrated, seriousViolations, sideScroll, signedIn } from "./helpers";

/**
 * Photos: an answerer uploads photos in the answer form (each previewed at 120 while composing,
 * the preview gone when an upload is refused) and answers; readers open the photos in the viewer
 * over the page (JavaScript on) or on the photo's own page with plain links (JavaScript off).
 */

const PHONE = { width: 390, height: 844 };
const JPEG = "tests/fixtures/photos/gps.jpg";
const PNG = "tests/fixtures/photos/tall.png";

/** A fresh question asked by user@demo.local: its id. */
async function freshQuestion(page: Page, stamp: string): Promise<number> {
  const asker = await signedIn(page.context().browser()!, "user@demo.local");
  const asked = await api(asker, "addqst", { qtext: `Как сфотографировать луну на телефон? ${stamp}`, subcid: "100" });
  expect(asked.status).toBe(200);
  await asker.context().close();
  return Number(asked.qid);
}

test.describe
  .serial("photos in an answer", () => {
    let qid = 0;
    const stamp = String(Date.now());

    test("an answerer attaches two photos (previewed at 120), a refused file loses its preview, and the answer shows the photos", async ({ browser }) => {
      const author = await signedIn(browser, "znatok@demo.local");
      qid = await freshQuestion(author, stamp);
      await author.goto(`/question/${qid}`);
      const form = author.getByTestId("answer-form");
      await hydrated(form);
      await form.getByLabel("Ваш ответ").fill(`Снимайте со штатива ${stamp}`);
      const file = form.getByTestId("photo-file");
      // a page named .gif is not a photo: its preview goes and the error says why
      await file.setInputFiles({ name: "fake.gif", mimeType: "image/gif", buffer: Buffer.from("<!doctype html><p>не фото</p>") });
      await expect(author.getByText("Неверный формат файла", { exact: false })).toBeVisible();
      await expect(form.getByTestId("photo-pending")).toHaveCount(0);
      await expect(form.getByTestId("photo-attached")).toHaveCount(0);
      await author.keyboard.press("Escape");
      await expect(author.locator("dialog.popup")).toHaveCount(0);
      await file.setInputFiles(JPEG);
      await expect(form.getByTestId("photo-attached")).toHaveCount(1);
      await file.setInputFiles(PNG);
      await expect(form.getByTestId("photo-attached")).toHaveCount(2);
      await expect(form.getByTestId("photo-attached").first()).toHaveJSProperty("naturalWidth", 120);
      await form.getByRole("button", { name: "Ответить" }).click();
      const answer = author.locator("article.answer", { hasText: stamp });
      await expect(answer.locator("a.photo-link")).toHaveCount(2);
      await author.context().close();
    });

    test("a reader opens a photo in the viewer over the page, goes next and back around, and closes it with Escape", async ({ browser }) => {
      const reader = await guestPage(browser);
      await reader.goto(`/question/${qid}`);
      const links = reader.locator("article.answer", { hasText: stamp }).locator("a.photo-link");
      await expect(links).toHaveCount(2);
      await expect(reader.locator('otv-island[name="photo-viewer"]')).toHaveAttribute("hydrated", "");
      await links.first().click();
      const viewer = reader.getByRole("dialog", { name: "Просмотр фото" });
      await expect(viewer).toBeVisible();
      await expect(reader).toHaveURL(new RegExp(`/question/${qid}$`));
      const img = viewer.locator("img");
      await expect(img).toHaveAttribute("alt", "Фото 1 из 2");
      await viewer.getByRole("button", { name: "Следующее фото" }).click();
      await expect(img).toHaveAttribute("alt", "Фото 2 из 2");
      await viewer.getByRole("button", { name: "Следующее фото" }).click();
      await expect(img).toHaveAttribute("alt", "Фото 1 из 2");
      await viewer.getByRole("button", { name: "Предыдущее фото" }).click();
      await expect(img).toHaveAttribute("alt", "Фото 2 из 2");
      // 50 px clear at the sides and 60 px above and below
      const box = (await img.boundingBox())!;
      const size = reader.viewportSize()!;
      expect(box.x).toBeGreaterThanOrEqual(49);
      expect(box.y).toBeGreaterThanOrEqual(59);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width - 49);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height - 59);
      await reader.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);
      await reader.context().close();
    });

    test("with JavaScript off the photos are plain links to a viewer page: next wraps around and close goes back to the answer", async ({ browser }) => {
      const reader = await guestPage(browser, { javaScriptEnabled: false, viewport: PHONE });
      await reader.goto(`/question/${qid}`);
      await reader.locator("article.answer", { hasText: stamp }).locator("a.photo-link").first().click();
      await expect(reader).toHaveURL(/\/photo\/\d+$/);
      await expect(reader.getByTestId("photo-counter")).toHaveText("Фото 1 из 2");
      expect(await sideScroll(reader)).toBeLessThanOrEqual(0);
      await reader.getByTestId("photo-next").click();
      await expect(reader.getByTestId("photo-counter")).toHaveText("Фото 2 из 2");
      await reader.getByTestId("photo-next").click();
      await expect(reader.getByTestId("photo-counter")).toHaveText("Фото 1 из 2");
      await reader.getByTestId("photo-prev").click();
      await expect(reader.getByTestId("photo-counter")).toHaveText("Фото 2 из 2");
      await reader.getByTestId("photo-close").click();
      await expect(reader).toHaveURL(new RegExp(`/question/${qid}#answer-\\d+$`));
      await reader.context().close();
    });

    test("the viewer page and the viewer over the question fit a 390 px phone with no serious accessibility fault", async ({ browser }) => {
      const reader = await guestPage(browser, { viewport: PHONE });
      await reader.goto(`/question/${qid}`);
      const link = reader.locator("article.answer", { hasText: stamp }).locator("a.photo-link").first();
      const href = (await link.getAttribute("href"))!;
      await expect(reader.locator('otv-island[name="photo-viewer"]')).toHaveAttribute("hydrated", "");
      await link.click();
      await expect(reader.getByRole("dialog", { name: "Просмотр фото" })).toBeVisible();
      expect(await sideScroll(reader)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(reader)).toEqual([]);
      await reader.goto(href);
      await expect(reader.getByTestId("photo-view")).toBeVisible();
      expect(await sideScroll(reader)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(reader)).toEqual([]);
      await reader.context().close();
    });

    test("with JavaScript off an answerer sends a photo with the answer form's file field", async ({ browser }) => {
      const author = await signedIn(browser, "guru@demo.local", { javaScriptEnabled: false });
      await author.goto(`/question/${qid}`);
      const form = author.getByTestId("answer-form");
      await form.getByLabel("Ваш ответ").fill(`Без скриптов, с фото ${stamp}`);
      await form.getByLabel("Фото (необязательно)").setInputFiles(PNG);
      await form.getByRole("button", { name: "Ответить" }).click();
      await expect(author).toHaveURL(new RegExp(`/question/${qid}`));
      await expect(author.locator("article.answer", { hasText: "Без скриптов, с фото" }).locator("a.photo-link img")).toHaveCount(1);
      await author.context().close();
    });
  });
