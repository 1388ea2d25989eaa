import { expect, test, type Browser } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { captchaCodeOf, captchaIdOf, hydrated, island, markDocument, register, sameDocument, signedIn } from "./helpers";

/**
 * The question page's forms, hydrated: the answer form's counter and in-place answer, replies
 * and 'more' in the comment threads, the 17-second highlight of a comment in context, the
 * owner's supplement, and the captcha round trip on the 5th comment in 10 minutes. Each story
 * registers its own newcomer (an Ученик: asked for a captcha, never exempt), so the stories never
 * share a user's answers or comment bursts.
 */

let n = 0;
const newcomer = (browser: Browser) => register(browser, `ac${Date.now()}${++n}`, { nick: "Новичок" });

test.describe("the question page's forms with JavaScript", () => {
  test("the answer counter turns to 'Лишние символы' over the limit and the submit is disabled", async ({ browser }) => {
    const { page } = await newcomer(browser);
    await page.goto(`/question/${SHOWCASE.openQuestionId}`);
    await hydrated(island(page, "answer-form"));
    const form = page.getByTestId("answer-form");
    const body = form.getByLabel("Ваш ответ");
    const submit = form.getByRole("button", { name: "Ответить" });
    const counter = form.getByTestId("text-counter");
    await expect(body).toHaveAttribute("placeholder", "Введите текст ответа");

    // empty: nothing to send
    await expect(counter).toHaveText("Осталось символов: 800");
    await expect(submit).toBeDisabled();

    // the short form holds 800
    await body.fill("я".repeat(801));
    await expect(counter).toHaveText("Лишние символы: 1");
    await expect(submit).toBeDisabled();
    await expect(form.getByRole("button", { name: "Фото или видео" })).toBeDisabled();

    // the full form holds 3800
    await form.getByRole("button", { name: "Полная форма" }).click();
    await expect(counter).toHaveText("Осталось символов: 2999");
    await expect(submit).toBeEnabled();
    await expect(form.getByLabel("Источник (необязательно)")).toBeVisible();
    await form.getByRole("button", { name: "Короткая форма" }).click();
    await expect(counter).toHaveText("Лишние символы: 1");

    // a photo attached by link counts 200, and attaching stops once over
    await body.fill("я".repeat(601));
    await expect(counter).toHaveText("Осталось символов: 199");
    await form.getByRole("button", { name: "Фото или видео" }).click();
    await form.getByLabel("Ссылка на фото или видео").fill("https://example.org/cat.jpg");
    await form.getByRole("button", { name: "Прикрепить" }).click();
    await expect(form.getByTestId("media-list")).toContainText("https://example.org/cat.jpg");
    await expect(counter).toHaveText("Лишние символы: 1");
    await expect(counter).toHaveClass(/text-over/);
    await expect(submit).toBeDisabled();
    await expect(form.getByRole("button", { name: "Фото или видео" })).toBeDisabled();
    await form.getByRole("button", { name: "Убрать" }).click();
    await expect(counter).toHaveText("Осталось символов: 199");
    await expect(submit).toBeEnabled();
  });

  test("posting an answer shows it without a reload", async ({ browser }) => {
    const { page, nick } = await newcomer(browser);
    await page.goto(`/question/${SHOWCASE.openQuestionId}`);
    await hydrated(island(page, "answer-form"));
    const before = Number.parseInt((await page.getByTestId("answers-count").textContent()) ?? "", 10);
    await markDocument(page);

    const text = `Ответ без перезагрузки ${Date.now()}: проверьте настройки роутера.`;
    await page.getByLabel("Ваш ответ").fill(text);
    await page.getByRole("button", { name: "Ответить" }).click();

    const answer = page.getByTestId("answer").filter({ hasText: text });
    await expect(answer).toHaveCount(1);
    await expect(answer.locator(".author")).toContainText(nick);
    await expect(page.getByTestId("answers-count")).toContainText(String(before + 1));
    await expect(page.getByTestId("answer-sent")).toBeVisible();
    await expect(page.getByLabel("Ваш ответ")).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);

    // it is stored: a fresh load shows it once, and no form (one answer per user)
    await page.reload();
    await expect(page.getByLabel("Ваш ответ")).toHaveCount(0);
    // a question of more than five answers opens at its first three: the new one is there or on the next page
    const mine = page.getByTestId("answer").filter({ hasText: text });
    if ((await mine.count()) === 0) await page.goto(`/question/${SHOWCASE.openQuestionId}?p=3`);
    await expect(mine).toHaveCount(1);
  });

  test("a reply to a comment appears nested", async ({ browser }) => {
    const { page, nick } = await newcomer(browser);
    await page.goto(`/answer/${SHOWCASE.contextAnswerId}`);
    await hydrated(island(page, "comment-thread"));
    await markDocument(page);
    const parent = page.locator("#answers li.comment, article li.comment").first();
    const parentId = await parent.getAttribute("data-comment-id");
    const li = page.locator(`#cmt-${parentId}`);

    await li.locator(":scope > div").getByRole("link", { name: "Ответить" }).click();
    const reply = li.getByTestId("comment-form");
    await expect(reply.getByLabel("Ответ на комментарий")).toBeFocused();
    const text = `Согласен, спасибо! ${Date.now()}`;
    await reply.getByLabel("Ответ на комментарий").fill(text);
    await expect(reply.getByTestId("text-counter")).toHaveText(`Осталось символов: ${800 - text.length}`);
    await reply.getByRole("button", { name: "Ответить" }).click();

    const nested = li.locator("li.comment", { hasText: text });
    await expect(nested).toHaveCount(1);
    await expect(nested.locator(".author")).toContainText(nick);
    await expect(li.getByTestId("comment-form")).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);

    // stored under its parent
    await page.reload();
    await expect(page.locator(`#cmt-${parentId} li.comment`, { hasText: text })).toHaveCount(1);
  });

  test("on the question page a reply opens under an answer's comment and appears nested", async ({ browser }) => {
    const { page, nick } = await newcomer(browser);
    // the page opens at its first three answers; this one is on the page after them
    await page.goto(`/question/${SHOWCASE.resolvedQuestionId}?p=3`);
    await hydrated(island(page, "comment-thread"));
    await markDocument(page);
    const li = page.locator(`#answer-${SHOWCASE.contextAnswerId} li.comment`).first();
    await li.locator(":scope > div").getByRole("link", { name: "Ответить" }).click();
    const text = `Ответ прямо со страницы вопроса ${Date.now()}`;
    await li.getByLabel("Ответ на комментарий").fill(text);
    await li.getByTestId("comment-form").getByRole("button", { name: "Ответить" }).click();
    const nested = li.locator("li.comment", { hasText: text });
    await expect(nested).toHaveCount(1);
    await expect(nested.locator(".author")).toContainText(nick);
    expect(await sameDocument(page)).toBe(true);
  });

  test("'more' loads a comment's deeper replies in place", async ({ browser }) => {
    const { page } = await newcomer(browser);
    // the question page lists the big thread by the '20,3,3' rule, so some replies wait behind 'more'
    await page.goto(`/question/${SHOWCASE.resolvedQuestionId}`);
    await hydrated(island(page, "comment-thread"));
    await markDocument(page);
    const more = page.locator(`#answer-${SHOWCASE.bigThreadAnswerId} li.comment > a.more`).first();
    const label = (await more.textContent()) ?? "";
    const hidden = Number(/\d+/.exec(label)?.[0]);
    expect(hidden).toBeGreaterThan(0);
    const li = more.locator("xpath=..");
    const id = await li.getAttribute("id");
    const shown = await page.locator(`#${id} li.comment`).count();

    await more.click();
    await expect(page.locator(`#${id} > a.more`)).toHaveCount(0);
    await expect.poll(() => page.locator(`#${id} li.comment`).count()).toBeGreaterThanOrEqual(shown + hidden);
    expect(await sameDocument(page)).toBe(true);
  });

  test("a comment in context is highlighted for 17 seconds", async ({ browser }) => {
    const { page } = await newcomer(browser);
    await page.clock.install();
    await page.goto(`/question/${SHOWCASE.resolvedQuestionId}/cid-${SHOWCASE.contextCommentId}`);
    const highlighted = page.locator(`#cmt-${SHOWCASE.contextCommentId} > [data-highlighted="1"]`);
    await expect(highlighted).toBeVisible();
    await hydrated(island(page, "comment-thread"));
    await page.clock.runFor(15_000);
    await expect(highlighted).toHaveCount(1);
    await page.clock.runFor(2_500);
    await expect(highlighted).toHaveCount(0);
    await expect(page.locator(`#cmt-${SHOWCASE.contextCommentId} > div`).first()).not.toHaveClass(/comment-hl/);
  });

  test("the owner's supplement appears in place", async ({ browser }) => {
    const page = await signedIn(browser, "user@demo.local");
    await page.goto(`/question/${SHOWCASE.unansweredQuestionId}`);
    await hydrated(island(page, "supplement-form"));
    await markDocument(page);
    const form = page.getByTestId("supplement-form");
    const text = `Уточняю: речь о версии 2.0 (${Date.now()})`;
    await form.getByLabel("Дополнить вопрос").fill(text);
    await expect(form.getByTestId("text-counter")).toHaveText(`Осталось символов: ${3800 - text.length}`);
    await form.getByRole("button", { name: "Дополнить" }).click();
    await expect(page.locator(".question-head").getByTestId("supplement").filter({ hasText: text })).toHaveCount(1);
    await expect(form.getByLabel("Дополнить вопрос")).toHaveValue("");
    expect(await sameDocument(page)).toBe(true);
  });

  test("the 5th comment in 10 minutes asks for the captcha, and after 'Готово' it is posted", async ({ browser }) => {
    const { page } = await newcomer(browser);
    await page.goto(`/answer/${SHOWCASE.contextAnswerId}`);
    await hydrated(island(page, "comment-thread"));
    const form = page.locator("#comment-form").getByTestId("comment-form");
    const stamp = Date.now();
    for (let i = 1; i <= 4; i++) {
      await form.getByLabel("Комментарий").fill(`Комментарий ${i} из пяти ${stamp}`);
      await form.getByRole("button", { name: "Комментировать" }).click();
      await expect(page.locator("li.comment", { hasText: `Комментарий ${i} из пяти ${stamp}` })).toHaveCount(1);
    }

    const fifth = `Комментарий 5 из пяти ${stamp}`;
    await form.getByLabel("Комментарий").fill(fifth);
    await form.getByRole("button", { name: "Комментировать" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Введите капчу" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Не вижу код" })).toBeVisible();
    const img = dialog.getByRole("img", { name: "Код с картинки" });
    await expect(img).toBeVisible();
    await expect(page.locator("li.comment", { hasText: fifth })).toHaveCount(0);

    // the picture is served, and its code is the one the server derives from the captcha's id with
    // the secret the stories gave it (a script cannot read the picture: tests/unit/captcha-picture.test.ts)
    const id = await captchaIdOf(img);
    expect((await page.request.get(`/captcha/${id}.svg`)).headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    const code = await captchaCodeOf(id);
    await dialog.locator('input[name="captcha_val"]').fill(code);
    await dialog.getByRole("button", { name: "Готово" }).click();

    await expect(page.locator("li.comment", { hasText: fifth })).toHaveCount(1);
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.locator("li.comment", { hasText: fifth })).toHaveCount(1);
  });
});
