import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";

test.describe("a guest from a search engine, with JavaScript off", () => {
  // everything a reader needs works as plain HTML; the islands only enhance it (their stories are elsewhere)
  test.use({ javaScriptEnabled: false });

  test("opens the index, a category tab, a question, pages through its answers and opens a comment in context", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Новые вопросы" })).toBeVisible();
    await expect(page.getByTestId("question-list").locator("li[data-qid]")).toHaveCount(20);

    // the category of the showcase question, then its 'best' tab
    await page.goto(`/question/${SHOWCASE.resolvedQuestionId}`);
    const crumbs = page.locator("nav.crumbs a");
    await crumbs.nth(1).click();
    await expect(page.getByTestId("tabs")).toBeVisible();
    await page.getByTestId("tabs").getByRole("link", { name: "Лучшие" }).click();
    await expect(page).toHaveURL(/\/best$/);
    await expect(page.getByTestId("tabs").getByRole("link", { name: "Лучшие" })).toHaveAttribute("aria-current", "page");

    // the question: state, best answer, the first 3 answers (it has more than five), then the next 20 by a real link
    await page.goto(`/question/${SHOWCASE.resolvedQuestionId}`);
    await expect(page.getByTestId("question-state")).toHaveText("Вопрос решён");
    await expect(page.getByTestId("best-answer")).toBeVisible();
    await expect(page.getByTestId("answer")).toHaveCount(3);
    const firstPageIds = await page.getByTestId("answer").evaluateAll((els) => els.map((e) => e.getAttribute("data-answer-id")));
    await page.getByTestId("more-answers").click();
    await expect(page).toHaveURL(/\?p=3#answers$/);
    await expect(page.getByTestId("answer")).toHaveCount(20);
    const secondPageIds = await page.getByTestId("answer").evaluateAll((els) => els.map((e) => e.getAttribute("data-answer-id")));
    expect(secondPageIds.filter((id) => firstPageIds.includes(id))).toEqual([]);

    // a comment in its context, highlighted
    await page.goto(`/question/${SHOWCASE.resolvedQuestionId}/cid-${SHOWCASE.contextCommentId}`);
    const highlighted = page.locator(`#cmt-${SHOWCASE.contextCommentId} > [data-highlighted="1"]`);
    await expect(highlighted).toBeVisible();
    await page.getByTestId("all-answers").click();
    await expect(page).toHaveURL(new RegExp(`/question/${SHOWCASE.resolvedQuestionId}$`));
  });

  test("meets a deleted question and a missing one", async ({ page }) => {
    const deleted = await page.goto(`/question/${SHOWCASE.deletedQuestionId}`);
    expect(deleted?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Вопрос не найден или удален" })).toBeVisible();
    await expect(page.getByText("модераторами за нарушение правил проекта")).toBeVisible();

    const missing = await page.goto(`/question/${SHOWCASE.missingQuestionId}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Вопрос не найден. Воспользуйтесь поиском" })).toBeVisible();

    const junk = await page.goto("/question/not-a-number");
    expect(junk?.status()).toBe(404);
  });
});
