import { expect, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { GOD_EMAIL } from "../../db/seed/accounts";
import { api, guestPage, seriousViolations, sideScroll, signedIn } from "./helpers";

/** The brand page's tabs on a phone, and a brand administrator recommending a question. */

const PHONE = { width: 390, height: 844 };
const BRAND = `/${SHOWCASE.brandUrlname}`;

test("a brand administrator recommends a question with JavaScript off and sees 'Рекомендация отправлена на согласование'", async ({ browser }) => {
  const page = await signedIn(browser, "brandadmin@demo.local", { javaScriptEnabled: false, viewport: PHONE });
  await page.goto(`${BRAND}/`);
  await page.getByTestId("brand-tabs").getByRole("link", { name: "Рекомендованные" }).click();
  await expect(page).toHaveURL(new RegExp(`${BRAND}/kquserlist/recommended$`));
  await page.getByLabel("Номер или адрес вопроса").fill(`/question/${SHOWCASE.resolvedQuestionId}`);
  await page.getByRole("button", { name: "Рекомендовать" }).click();
  await expect(page.getByTestId("recommend-sent")).toHaveText("Рекомендация отправлена на согласование");
  const item = page.getByTestId("brand-recommended").locator(`li[data-qid="${SHOWCASE.resolvedQuestionId}"]`);
  await expect(item.locator(`a[href="/question/${SHOWCASE.resolvedQuestionId}"]`)).toBeVisible();
  await expect(item.getByTestId("recommendation-status")).toHaveText("Ждёт согласования");
  await expect(page.getByTestId("tile-recommended")).toContainText("1");
  // a second recommendation of the same question is refused in Russian
  await page.getByLabel("Номер или адрес вопроса").fill(String(SHOWCASE.resolvedQuestionId));
  await page.getByRole("button", { name: "Рекомендовать" }).click();
  await expect(page.getByRole("alert")).toHaveText("Этот вопрос уже рекомендован");
  // the administrator approves it from the same tab: the state shows, the buttons go
  await page.goto(`${BRAND}/kquserlist/recommended`);
  await item.getByRole("button", { name: "Одобрить" }).click();
  await expect(page).toHaveURL(new RegExp(`${BRAND}/kquserlist/recommended$`));
  await expect(item.getByTestId("recommendation-status")).toHaveText("Одобрена");
  await expect(item.getByRole("button", { name: "Одобрить" })).toHaveCount(0);
  await page.context().close();
});

const EVERYONE = [
  "/",
  "/questions/all",
  "/questions/open",
  "/answers/all",
  "/answers/best",
  "/feed/updates",
  "/feed/questions",
  "/feed/users",
  "/followers/users",
];
const ADMIN = ["/questions/deleted", "/questions/private", "/qst2brand/private", "/kquserlist/recommended"];

for (const who of ["guest", "administrator"] as const) {
  test(`the brand page's tabs fit a 390 px phone with no serious accessibility fault, for the ${who}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = who === "guest" ? await guestPage(browser, { viewport: PHONE }) : await signedIn(browser, "brandadmin@demo.local", { viewport: PHONE });
    for (const path of who === "guest" ? EVERYONE : [...EVERYONE, ...ADMIN]) {
      const res = await page.goto(`${BRAND}${path}`);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByTestId("brand-tabs")).toBeVisible();
      expect(await sideScroll(page), path).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.context().close();
  });
}

test("a god-level user changes the brand's text on the brand edit page and sees it on the brand page; anyone else gets 404", async ({ browser }) => {
  const page = await signedIn(browser, GOD_EMAIL, { viewport: PHONE });
  await page.goto(`${BRAND}/`);
  await page.getByTestId("brand-edit-link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/brand/edit/${SHOWCASE.brandId}`));
  const text = `Отвечаем на вопросы о технике ТехноМира каждый день ${Date.now()}`;
  await page.getByLabel("Текст представителя").fill(text);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByTestId("brand-saved")).toHaveText("Изменения сохранены");
  await expect(page.getByTestId("brand-edit-log")).toContainText(text);
  await page.goto(`${BRAND}/`);
  await expect(page.getByTestId("brand-head")).toContainText(text);
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await page.context().close();

  const other = await signedIn(browser, "brandadmin@demo.local", { viewport: PHONE });
  const res = await other.goto(`/admin/brand/edit/${SHOWCASE.brandId}`);
  expect(res?.status()).toBe(404);
  await other.goto(`${BRAND}/`);
  await expect(other.getByTestId("brand-edit-link")).toHaveCount(0);
  await other.context().close();
});

test("a brand's follower sees the brand's new question in its feed, and himself among its followers, on a 390 px phone", async ({ browser }) => {
  const page = await signedIn(browser, "guru@demo.local", { viewport: PHONE });
  await page.goto(`${BRAND}/`);
  const follow = page.getByTestId("brand-follow").first();
  if ((await follow.count()) > 0) {
    await follow.click();
    await expect(page.getByTestId("brand-unfollow").first()).toBeVisible();
  }
  const qtext = `Когда в ТехноМире появятся новые наушники ${Date.now()}?`;
  const asked = await api(page, "addqst", { qtext, cid: "1", subcid: "100", brand_tags: String(SHOWCASE.brandId) });
  expect(asked.status).toBe(200);
  await page.goto(`${BRAND}/feed/updates`);
  await expect(page.getByTestId("brand-feed-updates").locator(`a[href="/question/${asked.qid}"]`)).toHaveText(qtext);
  await page.getByTestId("brand-subs").getByRole("link", { name: "Вопросы" }).click();
  await expect(page.getByTestId("brand-feed-questions").locator(`a[href="/question/${asked.qid}"]`)).toBeVisible();
  await page.getByTestId("brand-tabs").getByRole("link", { name: "Подписчики" }).click();
  const me = page.getByTestId("brand-follower-list").locator("li").filter({ hasText: "Гуру Ирина" });
  await expect(me).toHaveCount(1);
  await expect(me.getByTestId("follow")).toHaveCount(0);
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});
