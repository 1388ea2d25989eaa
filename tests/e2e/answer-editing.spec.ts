import { expect, test, type Page } from "@playwright/test";
import { api, hydrated, signedIn } from "./helpers";

/**
 * An answer's author edits it from the question page: with JavaScript the edit control opens the
 * form in place (with the answer form's counter); without it the control is a link to the edit
 * page, whose plain form posts through the form door and comes back to the question. Either way
 * the page then shows the new text and that the answer was edited.
 */

/** A fresh question asked by user@demo.local and answered by `answerer`: its id. */
async function answeredQuestion(answerer: Page, stamp: string): Promise<number> {
  const asker = await signedIn(answerer.context().browser()!, "user@demo.local");
  const asked = await api(asker, "addqst", { qtext: `Как настроить роутер дома? ${stamp}`, subcid: "100" });
  expect(asked.status).toBe(200);
  await asker.context().close();
  await answerer.goto("/");
  const answered = await api(answerer, "addans", { qid: String(asked.qid), Body: `Сбросьте настройки кнопкой Reset ${stamp}` });
  expect(answered.status).toBe(200);
  return Number(asked.qid);
}

test.describe("editing one's answer", () => {
  test("with JavaScript the author edits his answer in place and the page says it was edited", async ({ browser }) => {
    const stamp = String(Date.now());
    const author = await signedIn(browser, "znatok@demo.local");
    const qid = await answeredQuestion(author, stamp);
    await author.goto(`/question/${qid}`);
    const answer = author.locator("article.answer", { hasText: stamp });
    const edit = answer.getByTestId("answer-edit");
    await hydrated(edit);
    await edit.click();
    const form = answer.getByTestId("answer-edit-form");
    const body = form.getByLabel("Ваш ответ");
    await expect(body).toHaveValue(`Сбросьте настройки кнопкой Reset ${stamp}`);
    await body.fill(`Сбросьте настройки и обновите прошивку ${stamp}`);
    await expect(form.getByTestId("text-counter")).toBeVisible();
    await form.getByRole("button", { name: "Сохранить" }).click();
    await expect(author.locator("article.answer", { hasText: `обновите прошивку ${stamp}` }).getByTestId("answer-edited")).toBeVisible();
    await expect(author.getByText(`кнопкой Reset ${stamp}`)).toHaveCount(0);
  });

  test("without JavaScript the author edits his answer on the edit page and comes back to the question", async ({ browser }) => {
    const stamp = String(Date.now());
    const setup = await signedIn(browser, "guru@demo.local");
    const qid = await answeredQuestion(setup, stamp);
    await setup.context().close();

    const author = await signedIn(browser, "guru@demo.local", { javaScriptEnabled: false });
    await author.goto(`/question/${qid}`);
    await author.locator("article.answer", { hasText: stamp }).getByRole("link", { name: "Редактировать" }).click();
    await expect(author).toHaveURL(/\/answer\/\d+\/edit$/);
    const form = author.getByTestId("answer-edit-form");
    await form.getByLabel("Ваш ответ").fill(`Сбросьте настройки, без скриптов ${stamp}`);
    await form.getByRole("button", { name: "Сохранить" }).click();
    await expect(author).toHaveURL(new RegExp(`/question/${qid}`));
    const edited = author.locator("article.answer", { hasText: `без скриптов ${stamp}` });
    await expect(edited.getByTestId("answer-edited")).toBeVisible();
  });
});
