import { expect, test } from "@playwright/test";
import { hydrated, register, signedIn } from "./helpers";

/**
 * The core story, once with JavaScript disabled and once enabled: a newcomer registers; a «Знаток»
 * asks a poll; the newcomer answers it and votes in the poll; the asker likes the answer and picks
 * it as the best; the newcomer's points on the page rise by 2 + 1 + 5.
 */
for (const javaScriptEnabled of [false, true]) {
  test.describe(`the core story with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test("register, ask a poll, answer and vote, like and pick the best, points change", async ({ browser }) => {
      const stamp = `${javaScriptEnabled ? "js" : "nojs"}${Date.now()}`;
      const { page: newcomer } = await register(browser, stamp, { nick: "Новичок", javaScriptEnabled });

      const asker = await signedIn(browser, "znatok@demo.local", { javaScriptEnabled });
      await asker.goto("/ask");
      // with JavaScript on, the ask form is an island: what is typed before it hydrates is not what it sends
      if (javaScriptEnabled) await hydrated(asker.getByLabel("Мой вопрос"));
      await asker.getByLabel("Мой вопрос").fill(`Какой чай вы пьёте по вечерам? ${stamp}`);
      await asker.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
      await asker.getByLabel("Подкатегория").selectOption({ label: "Программирование" });
      await asker.getByLabel("Тип вопроса").selectOption("S");
      await asker.getByLabel("Первый вариант").fill("Чёрный");
      await asker.getByLabel("Второй вариант").fill("Зелёный");
      await asker.getByLabel("Третий вариант").fill("Травяной");
      await asker.getByRole("button", { name: "Опубликовать" }).click();
      await expect(asker).toHaveURL(/\/question\/\d+$/);
      const questionUrl = asker.url();

      await newcomer.goto(questionUrl);
      await newcomer.getByLabel("Зелёный").check();
      await newcomer.getByRole("button", { name: "Голосовать" }).click();
      await expect(newcomer.getByTestId("poll-total")).toHaveText("Проголосовал 1 человек");
      await newcomer.getByLabel("Ваш ответ").fill("Зелёный с жасмином, и никакого сахара.");
      await newcomer.getByRole("button", { name: "Ответить" }).click();
      const answer = newcomer.getByTestId("answer").filter({ hasText: "Зелёный с жасмином" });
      await expect(answer).toBeVisible();
      await expect(answer.locator(".author")).toContainText("103 балла");

      await asker.goto(questionUrl);
      const seen = asker.getByTestId("answer").filter({ hasText: "Зелёный с жасмином" });
      await seen.getByRole("button", { name: "Нравится", exact: true }).click();
      await asker.getByTestId("answer").filter({ hasText: "Зелёный с жасмином" }).getByRole("button", { name: "Выбрать лучшим" }).click();
      const best = asker.getByTestId("best-answer");
      await expect(best).toContainText("Зелёный с жасмином");
      await expect(best.locator(".author")).toContainText("108 баллов");
      await expect(asker.getByTestId("question-state")).toHaveText("Вопрос решён");
    });
  });
}
