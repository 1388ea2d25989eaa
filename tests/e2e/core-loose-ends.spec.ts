import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { api, fitsAndAccessible, guestPage, hydrated, markDocument, sameDocument, signedIn } from "./helpers";

/**
 * The question page's loose ends: a question with more than five answers opens at its first three
 * with a way to the rest (a plain link without JavaScript, answers drawn in place with it), the
 * blocks after the answers, who marked an answer, and the prompts in place of hidden buttons.
 */

const RESOLVED_QUESTION = 1; // the seed's showcase: 45 answers, the best one apart (db/seed SHOWCASE)
const PHONE = { width: 390, height: 844 };

test("a question with many answers opens at its first three; without JavaScript the link shows the rest on the next page", async ({ browser }) => {
  const page = await guestPage(browser, { javaScriptEnabled: false, viewport: PHONE });
  await page.goto(`/question/${RESOLVED_QUESTION}`);
  const answers = page.getByTestId("answer");
  await expect(answers).toHaveCount(3);
  await expect(page.getByTestId("best-answer")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Похожие вопросы" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Также спрашивают" })).toBeVisible();
  const first = await answers.evaluateAll((els) => els.map((e) => e.getAttribute("data-answer-id")));

  await page.getByTestId("more-answers").click();
  await expect(page).toHaveURL(/\?p=3#answers$/);
  await expect(answers).toHaveCount(20);
  const next = await answers.evaluateAll((els) => els.map((e) => e.getAttribute("data-answer-id")));
  expect(next.filter((id) => first.includes(id))).toEqual([]);
});

test("a question with many answers opens at its first three; with JavaScript the link draws the rest in place", async ({ browser }) => {
  const page = await guestPage(browser, { viewport: PHONE });
  await page.goto(`/question/${RESOLVED_QUESTION}`);
  const answers = page.getByTestId("answer");
  await expect(answers).toHaveCount(3);
  // axe-core runs in the page, so the phone and accessibility checks are made with JavaScript on
  await expect(page.getByRole("heading", { name: "Также спрашивают" })).toBeVisible();
  await fitsAndAccessible(page);
  await markDocument(page);
  await hydrated(page.getByTestId("more-answers"));
  await page.getByTestId("more-answers").click();
  await expect(answers).toHaveCount(23);
  expect(await sameDocument(page)).toBe(true);
  expect(page.url()).not.toContain("?p=");
});

test("who marked an answer is a page of its own that fits a phone", async ({ browser }) => {
  const page = await guestPage(browser, { viewport: PHONE });
  await page.goto("/ansmarks/1");
  await expect(page.getByRole("heading", { name: "Отметили ответ" })).toBeVisible();
  await expect(page.getByRole("link", { name: "К ответу" })).toHaveAttribute("href", "/answer/1");
  await fitsAndAccessible(page);
});

test("an answer's mark count is a link to who marked it: with JavaScript the list pops up in place, without it the link opens that page", async ({
  browser,
}) => {
  // a reader marks an answer of the first three (a mark of his from an earlier run counts the same)
  const reader = await signedIn(browser, "guru@demo.local", { viewport: PHONE });
  await reader.goto(`/question/${RESOLVED_QUESTION}`);
  const aid = (await reader.getByTestId("answer").last().getAttribute("data-answer-id"))!;
  const marked = await api(reader, "mark", { aid });
  expect(marked.status === 200 || marked.errid === 177).toBe(true);
  await reader.reload();
  const same = reader.locator(`[data-answer-id="${aid}"]`);
  const marks = Number(await same.getByTestId("mark-count").innerText());
  expect(marks).toBeGreaterThan(0);
  await hydrated(same.getByTestId("voters-count"));
  await same.getByTestId("voters-count").click();
  await expect(reader.getByTestId("voters-list").getByRole("listitem")).toHaveCount(Math.min(marks, 20));
  expect(reader.url()).not.toContain("/ansmarks/");

  const page = await guestPage(browser, { javaScriptEnabled: false, viewport: PHONE });
  await page.goto(`/question/${RESOLVED_QUESTION}`);
  const link = page.locator(`[data-answer-id="${aid}"]`).getByRole("link", { name: String(marks), exact: true });
  await expect(link).toHaveAttribute("href", `/ansmarks/${aid}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/ansmarks/${aid}$`));
  await expect(page.getByRole("heading", { name: "Отметили ответ" })).toBeVisible();
  await expect(page.getByTestId("ansmarks").getByRole("listitem")).toHaveCount(Math.min(marks, 20));
  await expect(page.getByTestId("ansmarks").getByRole("link", { name: "Гуру Ирина", exact: true })).toHaveCount(1);
});

// the seed's question on voting was answered by u65 and voted on by u31 (db/seed is deterministic)
test("on a question on voting, a reader who answered it is told why he has no vote buttons, with JavaScript off too", async ({ browser }) => {
  const page = await signedIn(browser, "u65@demo.local", { javaScriptEnabled: false, viewport: PHONE });
  await page.goto(`/question/${SHOWCASE.votingQuestionId}`);
  await expect(page.getByTestId("question-state")).toHaveText("Вопрос на голосовании");
  await expect(page.getByTestId("voting-prompt")).toHaveText("Вы ответили на этот вопрос, поэтому не можете голосовать за лучший ответ.");
  await expect(page.getByTestId("votefor")).toHaveCount(0);
});

test("on a question on voting, a reader whose vote is counted is told so, and the page fits a phone", async ({ browser }) => {
  const page = await signedIn(browser, "u31@demo.local", { viewport: PHONE });
  await page.goto(`/question/${SHOWCASE.votingQuestionId}`);
  await expect(page.getByTestId("voting-prompt")).toHaveText("Ваш голос учтён. Лучший ответ выберут по итогам голосования.");
  await expect(page.getByTestId("votefor")).toHaveCount(0);
  await fitsAndAccessible(page);
});

test("on the ask page the asker switches the similar questions off, and a search that finds nothing is only reported", async ({ browser }) => {
  const page = await signedIn(browser, "guru@demo.local", { viewport: PHONE });
  await page.goto("/ask");
  await expect(page.getByRole("tab", { name: "Мой вопрос" })).toBeVisible();
  const title = page.getByLabel("Мой вопрос");

  // nothing found: no block, only the tracking event
  const reported = page.waitForRequest((r) => r.url().includes("/api/v2/dwh") && (r.postData() ?? "").includes("name=similar_empty"));
  await title.fill("Щъыэюя фывапролджэ йцукенгшщзхъ");
  await reported;
  await expect(page.getByTestId("similar")).toHaveCount(0);

  await title.fill("Как бросить курить быстро");
  const similar = page.getByTestId("similar");
  await expect(similar.getByRole("link").first()).toBeVisible();
  await fitsAndAccessible(page);
  await similar.getByRole("button", { name: "Не показывать" }).click();
  await expect(similar).toHaveCount(0);
  // typing on does not bring them back
  await title.fill("Как бросить курить быстро и навсегда");
  await page.waitForTimeout(1000);
  await expect(page.getByTestId("similar")).toHaveCount(0);
});

test("on the ask page a similar-questions search that fails shows the asker nothing and is reported as similar_failed", async ({ browser }) => {
  const page = await signedIn(browser, "guru@demo.local", { viewport: PHONE });
  // the search door does not answer
  let aborted = 0;
  await page.route(
    (url) => url.pathname === "/api/search/search",
    (route) => {
      aborted++;
      return route.abort();
    },
  );
  await page.goto("/ask");
  await expect(page.getByRole("tab", { name: "Мой вопрос" })).toBeVisible();
  const failed = tracked(page, "similar_failed");
  // a title the working search finds questions for (the test above)
  await page.getByLabel("Мой вопрос").fill("Как бросить курить быстро");
  expect((await failed).name).toBe("similar_failed");
  expect(aborted).toBeGreaterThan(0);
  await expect(page.getByTestId("similar")).toHaveCount(0);
  await expect(page.getByLabel("Мой вопрос")).toHaveValue("Как бросить курить быстро");
});

test("in a category with a brand, answering 'Нет' in the survey also offers to ask the brand's experts, reported first", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`/question/${RESOLVED_QUESTION}`); // in the seed brand's category
  await expect(page.locator('otv-island[name="survey"]')).toHaveAttribute("hydrated", "");
  await page.clock.runFor(2100);
  const banner = page.getByTestId("survey");
  await banner.getByRole("button", { name: "Нет" }).click();
  const expert = banner.getByTestId("survey-askexpert");
  await expect(expert).toHaveText("Спросить эксперта «ТехноМир»");
  await expect(expert).toHaveAttribute("href", "/ask/private-1");
  await fitsAndAccessible(page);
  const reported = page.waitForRequest((r) => r.url().endsWith("/api/v2/dwh") && (r.postData() ?? "").includes("name=survey_askexpert_click"));
  await expert.click();
  await reported;
  await context.close();
});

test("choosing a category with a brand on the ask page offers its experts' tag, ticked by default", async ({ browser }) => {
  const page = await signedIn(browser, "guru@demo.local", { viewport: PHONE });
  await page.goto("/ask");
  await expect(page.getByRole("tab", { name: "Мой вопрос" })).toBeVisible();
  await expect(page.getByTestId("brand-tag")).toHaveCount(0);
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
  const tag = page.getByLabel("Показать вопрос экспертам «ТехноМир»");
  await expect(tag).toBeChecked();
  await fitsAndAccessible(page);
  await tag.uncheck();
  await expect(tag).not.toBeChecked();
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Авто, Мото" });
  await expect(page.getByTestId("brand-tag")).toHaveCount(0);
});

/** The next tracking event of that name the page sends, as form fields. */
const tracked = (page: import("@playwright/test").Page, name: string) =>
  page
    .waitForRequest((r) => r.url().endsWith("/api/v2/dwh") && new URLSearchParams(r.postData() ?? "").get("name") === name)
    .then((r) => Object.fromEntries(new URLSearchParams(r.postData() ?? "")));

test("an answer's page and a brand's page report the visit, for a guest whose page came from the cache too", async ({ browser }) => {
  const page = await guestPage(browser);
  const answer = tracked(page, "answer_visited");
  await page.goto(`/answer/${SHOWCASE.contextAnswerId}`);
  expect(await answer).toMatchObject({ aid: String(SHOWCASE.contextAnswerId), qid: expect.stringMatching(/^\d+$/) });

  const brand = tracked(page, "brand_visited");
  await page.goto("/tehnomir");
  expect(await brand).toMatchObject({ brand: "tehnomir" });
});

test("a click on an outside link in an answer reports external_link_click with the answer, its author and the address", async ({ browser }) => {
  const writer = await signedIn(browser, "guru@demo.local");
  const stamp = Date.now();
  const asked = await api(writer, "addqst", { qtext: `Где почитать про сорта чая? ${stamp}`, subcid: "100" });
  expect(asked.status).toBe(200);
  const answerer = await signedIn(browser, "vip@demo.local");
  const answered = await api(answerer, "addans", { qid: String(asked.qid), Body: `Посмотрите https://example.org/tea-${stamp} там всё подробно` });
  expect(answered.status).toBe(200);

  const reader = await guestPage(browser);
  await reader.goto(`/question/${asked.qid}`);
  const click = tracked(reader, "external_link_click");
  await reader.getByRole("link", { name: `https://example.org/tea-${stamp}` }).click();
  expect(await click).toMatchObject({
    qid: String(asked.qid),
    linkurl: `https://example.org/tea-${stamp}`,
    linkentity: "answer",
    usrid: "4",
    aid: expect.stringMatching(/^\d+$/),
  });
});
