import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { hydrated, island, ownAddress, register } from "./helpers";

/**
 * What a user is told right after writing: the place-and-points message on his new question's page,
 * and the nudge to follow the question he has just answered. Each story registers its own user.
 */

let n = 0;
const stamp = () => `asked${Date.now()}${++n}`;

test("right after asking, the question's page says where the question went, what it cost and what is left of today; a reload shows the question alone", async ({
  browser,
}) => {
  const { page } = await register(browser, stamp(), ownAddress());
  await page.goto("/ask");
  await expect(page.getByRole("tab", { name: "Мой вопрос" })).toBeVisible();
  await page.getByLabel("Мой вопрос").fill(`Какой редактор кода выбрать новичку? ${Date.now()}`);
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
  await page.getByLabel("Подкатегория").selectOption({ label: "Программирование" });
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  const note = page.getByTestId("asked-note");
  await expect(note).toContainText("Ваш вопрос опубликован в категории «Программирование»");
  await expect(note).toContainText("Вопрос стоил 5 баллов, у вас осталось 95 баллов.");
  await expect(note).toContainText(/Сегодня вы можете задать ещё \d+ вопрос\S* из \d+\./);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(note).toHaveCount(0);
});

test("after answering, a nudge to follow the question shows and hides by itself after 5 seconds", async ({ browser }) => {
  const { page } = await register(browser, stamp(), ownAddress());
  await page.goto(`/question/${SHOWCASE.openQuestionId}`);
  await hydrated(island(page, "answer-form"));
  await page.getByTestId("answer-form").getByLabel("Ваш ответ").fill("Попробуйте начать с простого редактора и перейти к IDE позже");
  await page.getByRole("button", { name: "Ответить" }).click();
  const nudge = page.getByTestId("follow-nudge");
  await expect(nudge).toBeVisible();
  const shownAt = Date.now();
  await expect(nudge).toContainText("Следите за вопросом");
  await expect(nudge.getByRole("button", { name: "Следить" })).toBeVisible();
  await expect(nudge).toHaveCount(0, { timeout: 8000 });
  expect(Date.now() - shownAt).toBeGreaterThan(4000);
});
