import { expect, test, type Locator } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { api, hydrated, markDocument, sameDocument, signedIn } from "./helpers";

/**
 * The question page's vote and mark islands with JavaScript on: poll voting (the empty-choice
 * pop-up, single and multiple choice updating the results in place), marking an answer (the
 * count, and the button back after 3 s), the owner's like and a second like refused, a vote for
 * the best answer on voting, and the who-voted tooltip with 5 avatars and 'more'.
 */

function votesOf(option: Locator) {
  return option.getByTestId("poll-votes");
}

test.describe("votes and marks on the question page", () => {
  test("voting in a single-choice poll without a choice shows the pop-up; a vote updates the results without a reload", async ({ browser }) => {
    const page = await signedIn(browser, "user@demo.local");
    await page.goto(`/question/${SHOWCASE.pollSingleQuestionId}`);
    const form = page.getByTestId("poll-form");
    await hydrated(form);
    await markDocument(page);
    await expect(form.getByRole("radio")).not.toHaveCount(0);
    await expect(form.getByRole("checkbox")).toHaveCount(0);

    await form.getByRole("button", { name: "Голосовать" }).click();
    const popup = page.locator("dialog.popup-message");
    await expect(popup).toContainText("Просьба выбрать вариант ответа в опросе");
    await popup.getByRole("button", { name: "Закрыть" }).click();
    await expect(popup).toHaveCount(0);

    const totalBefore = Number((await page.getByTestId("poll-total").innerText()).match(/\d+/)![0]);
    const option = page.getByTestId("poll-option").first();
    const votesBefore = Number((await votesOf(option).innerText()).match(/\d+/)![0]);
    const label = (await form.locator("label.poll-choice").first().innerText()).trim();
    await form.getByLabel(label).check();
    await form.getByRole("button", { name: "Голосовать" }).click();

    await expect(page.getByTestId("poll-total")).toContainText(`${totalBefore + 1} человек`);
    await expect(votesOf(option)).toContainText(String(votesBefore + 1));
    await expect(option).toHaveClass(/poll-mine/);
    await expect(page.getByTestId("poll-voted")).toContainText("Ваш голос учтён");
    await expect(page.getByTestId("poll-form")).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);

    // what the page shows is what D1 holds
    await page.reload();
    await expect(page.getByTestId("poll-total")).toContainText(`${totalBefore + 1} человек`);
    await expect(page.getByTestId("poll-form")).toHaveCount(0);
  });

  test("voting in a multiple-choice poll with two checkboxes updates both counts and the total without a reload", async ({ browser }) => {
    const asker = await signedIn(browser, "znatok@demo.local");
    const stamp = Date.now();
    const asked = await api(asker, "addqst", {
      qtext: `Что вы берёте с собой в поход? ${stamp}`,
      subcid: "100",
      poll: "C",
      poll_options: ["Палатку", "Котелок", "Фонарик"],
    });
    expect(asked.status).toBe(200);

    const page = await signedIn(browser, "guru@demo.local");
    await page.goto(`/question/${asked.qid}`);
    const form = page.getByTestId("poll-form");
    await hydrated(form);
    await markDocument(page);
    await expect(form.getByRole("checkbox")).toHaveCount(3);
    await expect(form.getByRole("radio")).toHaveCount(0);
    await form.getByLabel("Палатку").check();
    await form.getByLabel("Фонарик").check();
    await form.getByRole("button", { name: "Голосовать" }).click();

    await expect(page.getByTestId("poll-total")).toHaveText("Проголосовал 1 человек");
    const options = page.getByTestId("poll-option");
    await expect(votesOf(options.filter({ hasText: "Палатку" }))).toHaveText("1 голос");
    await expect(votesOf(options.filter({ hasText: "Котелок" }))).toHaveText("0 голосов");
    await expect(votesOf(options.filter({ hasText: "Фонарик" }))).toHaveText("1 голос");
    await expect(page.getByTestId("poll-form")).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);
  });

  test("marking an answer raises its count in place and the button returns to its normal look after 3 s", async ({ browser }) => {
    const page = await signedIn(browser, "znatok@demo.local");
    await page.clock.install();
    await page.goto(`/question/${SHOWCASE.openQuestionId}`);
    const aid = await page
      .getByTestId("answer")
      .filter({ has: page.getByTestId("mark-button") })
      .first()
      .getAttribute("data-answer-id");
    const answer = page.locator(`#answer-${aid}`);
    await hydrated(answer.getByTestId("mark-button"));
    await markDocument(page);
    const before = Number(await answer.getByTestId("mark-count").innerText());

    await answer.getByTestId("mark-button").getByRole("button", { name: "Полезный ответ" }).click();
    await expect(answer.getByTestId("mark-done")).toHaveText("Отмечено");
    await expect(answer.getByTestId("mark-count")).toHaveText(String(before + 1));

    await page.clock.runFor(3000);
    await expect(answer.getByTestId("mark-done")).toHaveCount(0);
    await expect(answer.getByTestId("unmark").getByRole("button", { name: "Убрать отметку" })).toBeVisible();
    await expect(answer.getByTestId("mark-count")).toHaveText(String(before + 1));
    expect(await sameDocument(page)).toBe(true);

    // taking it back lowers the count again, still in place
    await answer.getByTestId("unmark").getByRole("button", { name: "Убрать отметку" }).click();
    await expect(answer.getByTestId("mark-button")).toBeVisible();
    await expect(answer.getByTestId("mark-count")).toHaveText(String(before));
  });

  test("the owner likes an answer (is-sps) and a second like from a stale page is refused with 253", async ({ browser }) => {
    const asker = await signedIn(browser, "znatok@demo.local");
    const stamp = Date.now();
    const asked = await api(asker, "addqst", { qtext: `Какой рюкзак выбрать для города? ${stamp}`, subcid: "100" });
    expect(asked.status).toBe(200);
    const answerer = await signedIn(browser, "guru@demo.local");
    const answered = await api(answerer, "addans", { qid: String(asked.qid), Body: `Городской рюкзак на 20 литров ${stamp}` });
    expect(answered.status).toBe(200);

    const stale = await asker.context().newPage();
    await stale.goto(`/question/${asked.qid}`);
    await asker.goto(`/question/${asked.qid}`);
    const answer = asker.getByTestId("answer").filter({ hasText: `Городской рюкзак на 20 литров ${stamp}` });
    await hydrated(answer.getByTestId("thanks"));
    await markDocument(asker);
    await expect(answer.getByTestId("sps")).toHaveAttribute("data-state", "can-do-sps");
    await answer.getByRole("button", { name: "Нравится", exact: true }).click();
    await expect(answer.getByTestId("sps")).toHaveAttribute("data-state", "is-sps");
    await expect(answer.getByTestId("sps")).toContainText("Вам понравился этот ответ");
    await expect(answer.getByRole("button", { name: "Отменить «Нравится»" })).toBeVisible();
    expect(await sameDocument(asker)).toBe(true);

    const staleAnswer = stale.getByTestId("answer").filter({ hasText: `Городской рюкзак на 20 литров ${stamp}` });
    await hydrated(staleAnswer.getByTestId("thanks"));
    await staleAnswer.getByRole("button", { name: "Нравится", exact: true }).click();
    const popup = stale.locator("dialog.popup-message");
    await expect(popup).toContainText("Ошибка");
    await expect(popup).toContainText("Вы уже отметили этот ответ");
    await expect(staleAnswer.getByTestId("sps")).toHaveAttribute("data-state", "is-sps");
  });

  test("a vote for the best answer on voting counts in place and takes every other vote button away", async ({ browser }) => {
    const page = await signedIn(browser, "znatok@demo.local");
    await page.goto(`/question/${SHOWCASE.votingQuestionId}`);
    await expect(page.getByTestId("question-state")).toHaveText("Вопрос на голосовании");
    const answer = page
      .getByTestId("answer")
      .filter({ has: page.getByTestId("votefor") })
      .first();
    const aid = await answer.getAttribute("data-answer-id");
    const voted = page.locator(`#answer-${aid}`);
    await hydrated(voted.getByTestId("votefor"));
    await expect(page.locator('otv-island[name="answer-actions"]:not([hydrated])')).toHaveCount(0);
    await markDocument(page);
    await expect(page.getByRole("button", { name: "Против всех" })).toBeVisible();
    const before = Number(await voted.getByTestId("answer-rating").getAttribute("data-rating"));
    const overall = page.getByTestId("question-voters");
    await expect(overall).toContainText(/Проголосовал/);
    const votersBefore = Number((await overall.innerText()).match(/\d+/)![0]);

    await voted.getByRole("button", { name: "Голосовать за этот ответ" }).click();
    await expect(voted.getByTestId("vote-done")).toContainText("Ваш голос учтён");
    await expect(voted.getByTestId("answer-rating")).toHaveText(new RegExp(`^${before + 1} голос`));
    await expect(page.getByTestId("votefor")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Против всех" })).toHaveCount(0);
    await expect(overall).toContainText(`${votersBefore + 1} человек`);
    expect(await sameDocument(page)).toBe(true);

    await page.reload();
    await expect(page.locator(`#answer-${aid}`).getByTestId("answer-rating")).toHaveText(new RegExp(`^${before + 1} голос`));
    await expect(page.getByTestId("votefor")).toHaveCount(0);
  });

  test("watching and unwatching the question, and marking it, change in place", async ({ browser }) => {
    const page = await signedIn(browser, "vip@demo.local");
    await page.goto(`/question/${SHOWCASE.openQuestionId}`);
    const box = page.locator('otv-island[name="question-actions"]');
    await hydrated(box);
    await markDocument(page);
    const watch = box.getByRole("button", { name: "Следить за вопросом" });
    const unwatch = box.getByRole("button", { name: "Не следить за вопросом" });
    const startedWatching = await watch.isVisible();
    await (startedWatching ? watch : unwatch).click();
    await expect(startedWatching ? unwatch : watch).toBeVisible();
    await (startedWatching ? unwatch : watch).click();
    await expect(startedWatching ? watch : unwatch).toBeVisible();

    const before = Number(await box.getByTestId("mark-count").innerText());
    await box.getByRole("button", { name: "Интересный вопрос" }).click();
    await expect(box.getByTestId("mark-done")).toBeVisible();
    await expect(box.getByTestId("mark-count")).toHaveText(String(before + 1));
    await expect(box.getByRole("button", { name: "Убрать отметку" })).toBeVisible({ timeout: 4500 });
    expect(await sameDocument(page)).toBe(true);

    await page.reload();
    await expect(page.locator('otv-island[name="question-actions"]').getByTestId("mark-count")).toHaveText(String(before + 1));
  });

  test("hovering a poll option's count shows 5 avatars and 'more', which opens the list of its voters", async ({ browser }) => {
    const page = await signedIn(browser, "user@demo.local");
    await page.goto(`/question/${SHOWCASE.pollMultiQuestionId}`);
    const option = page.getByTestId("poll-option").first();
    const count = option.getByTestId("voters-count");
    await hydrated(count);
    const votes = Number((await count.innerText()).match(/\d+/)![0]);
    expect(votes).toBeGreaterThanOrEqual(5);

    await count.hover();
    const tip = option.getByTestId("voters-tip");
    await expect(tip.getByTestId("voter")).toHaveCount(5);
    await expect(tip.getByTestId("voter").first()).toHaveAttribute("href", /^\/profile\/id\d+$/);
    await tip.getByTestId("voters-more").click();
    const list = page.getByTestId("voters-list");
    await expect(list).toBeVisible();
    await expect(list.getByRole("heading", { name: "Проголосовали" })).toBeVisible();
    await expect(list.locator("li")).toHaveCount(Math.min(20, votes));
  });
});
