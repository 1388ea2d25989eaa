import { expect, type Page, test } from "@playwright/test";
import { api, hydrated, ownAddress, register, seriousViolations } from "./helpers";

/**
 * Following and the blacklist: a user follows another from his profile (with JavaScript on, the
 * island; off, the plain form), the other asks, and the question appears in the first one's
 * feed; a user blacklists someone from his profile, who then cannot answer his question. Each
 * story registers its own users, so no other story sees their follows or lists.
 */

let n = 0;
const stamp = () => `fb${Date.now()}${++n}`;

/** Asks a plain question in «Программирование» through the API; its id. */
async function ask(page: Page, qtext: string): Promise<number> {
  const cats = (await (await page.request.get("/api/v2/getCategories")).json()) as {
    categories: { id: number; urlname: string; categories: { id: number; urlname: string }[] }[];
  };
  const prog = cats.categories.flatMap((c) => c.categories).find((c) => c.urlname === "prog")!;
  const reply = await api(page, "addqst", { qtext, cid: String(prog.id) });
  expect(reply.status).toBe(200);
  return Number(reply.qid ?? reply.id);
}

for (const javaScriptEnabled of [true, false]) {
  test(`a user follows another from his profile (JavaScript ${javaScriptEnabled ? "on" : "off"}), the other asks, and the question appears in the first one's feed`, async ({
    browser,
  }) => {
    const reader = await register(browser, stamp(), { nick: "Читатель", javaScriptEnabled, ...ownAddress() });
    const author = await register(browser, stamp(), { nick: "Автор", ...ownAddress() });
    await reader.page.goto(`/profile/id${author.id}`);
    const follow = reader.page.getByTestId("follow").getByRole("button", { name: "Подписаться" });
    if (javaScriptEnabled) await hydrated(follow);
    await follow.click();
    await expect(reader.page.getByTestId("unfollow").getByRole("button", { name: "Отписаться" })).toBeVisible();
    if (!javaScriptEnabled) await expect(reader.page).toHaveURL(new RegExp(`/profile/id${author.id}$`));

    const qtext = `Какой язык учить первым? ${Date.now()}`;
    const qid = await ask(author.page, qtext);
    await reader.page.goto(`/profile/id${reader.id}`);
    await reader.page.getByTestId("profile-tabs").getByRole("link", { name: "Лента" }).click();
    await reader.page.getByTestId("profile-subs").getByRole("link", { name: "Люди" }).click();
    const item = reader.page.getByTestId("profile-feed-users").getByRole("link", { name: qtext });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute("href", `/question/${qid}`);
    await expect(reader.page.getByTestId("profile-feed-users")).toContainText(author.nick.slice(0, 15));
  });
}

test("a user blacklists someone from his profile, who then cannot answer his question", async ({ browser }) => {
  const owner = await register(browser, stamp(), { nick: "Хозяин", ...ownAddress() });
  const pest = await register(browser, stamp(), { nick: "Надоеда", ...ownAddress() });
  const qtext = `Как почистить клавиатуру ноутбука? ${Date.now()}`;
  const qid = await ask(owner.page, qtext);

  await owner.page.goto(`/profile/id${pest.id}`);
  await owner.page.getByTestId("addblist").getByRole("button", { name: "В чёрный список" }).click();
  await expect(owner.page.getByTestId("delblist").getByRole("button", { name: "Убрать из чёрного списка" })).toBeVisible();
  await owner.page.goto(`/profile/id${owner.id}/followers/blacklist`);
  await expect(owner.page.getByTestId("profile-blacklist")).toContainText(pest.nick.slice(0, 15));

  await pest.page.goto(`/question/${qid}`);
  const form = pest.page.getByTestId("answer-form");
  await hydrated(form);
  await form.getByPlaceholder("Введите текст ответа").fill("Сжатым воздухом и мягкой кисточкой.");
  await form.getByRole("button", { name: "Ответить" }).click();
  await expect(pest.page.getByRole("dialog")).toContainText("Автор вопроса добавил вас в чёрный список: отвечать на его вопросы нельзя");
  await pest.page.goto(`/question/${qid}`);
  await expect(pest.page.getByText("Сжатым воздухом и мягкой кисточкой.")).toHaveCount(0);
});

test("the followers, blacklist and feed tabs and another's profile with its buttons fit a 390 px phone and have no serious accessibility fault", async ({
  browser,
}) => {
  // two registrations and axe on four pages: on a busy machine this takes more than the default 30 s
  test.setTimeout(120_000);
  const owner = await register(browser, stamp(), { nick: "Телефон", viewport: { width: 390, height: 844 }, ...ownAddress() });
  const other = await register(browser, stamp(), { nick: "Собеседник", ...ownAddress() });
  expect((await api(other.page, "follow", { uid: String(owner.id) })).status).toBe(200);
  expect((await api(owner.page, "addblist", { bid: String(other.id) })).status).toBe(200);
  await ask(other.page, `Какой тариф выбрать для телефона? ${Date.now()}`);
  expect((await api(owner.page, "follow", { uid: String(other.id) })).status).toBe(200);
  for (const path of [
    `/profile/id${owner.id}/followers`,
    `/profile/id${owner.id}/followers/blacklist`,
    `/profile/id${owner.id}/feed/users`,
    `/profile/id${other.id}`,
  ]) {
    await owner.page.goto(path);
    await expect(owner.page.getByRole("heading", { level: 1 })).toBeVisible();
    const widths = await owner.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect([path, widths.scroll <= widths.client]).toEqual([path, true]);
    expect([path, await seriousViolations(owner.page)]).toEqual([path, []]);
  }
});
