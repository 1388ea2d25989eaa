import { expect, test } from "@playwright/test";
import { api, fitsAndAccessible, hydrated, register, signedIn } from "./helpers";

/**
 * Moderation, abuse reports and private questions to a brand's experts, as their users meet them:
 * a moderator drops an answer and undoes it; a moderator bans a user for 24 hours, who then cannot
 * answer; a moderator blocks an address and lifts the block; a user reports a comment; a user asks
 * the brand's experts privately and the expert answers.
 */

test("a moderator drops an answer and undoes it", async ({ browser }) => {
  // a question of its own, so that stories reading the showcase question in parallel see all its answers
  const stamp = Date.now();
  const asker = await signedIn(browser, "guru@demo.local");
  await asker.goto("/");
  const cats = (await (await asker.request.get("/api/v2/getCategories")).json()) as { categories: { categories: { id: number; urlname: string }[] }[] };
  const prog = cats.categories.flatMap((c) => c.categories).find((c) => c.urlname === "prog")!;
  const asked = await api(asker, "addqst", { qtext: `Какой редактор кода выбрать новичку? ${stamp}`, cid: String(prog.id) });
  expect(asked.status).toBe(200);
  const qid = asked.qid ?? asked.id;
  const answerer = await signedIn(browser, "vip@demo.local");
  await answerer.goto(`/question/${qid}`);
  expect((await api(answerer, "addans", { qid: String(qid), Body: `Начните с VS Code: он бесплатный и понятный. ${stamp}` })).status).toBe(200);

  const moder = await signedIn(browser, "moder@demo.local");
  await moder.goto(`/question/${qid}`);
  const answers = moder.locator("article.answer:not(.answer-best)");
  const first = answers.first();
  const aid = await first.getAttribute("id");
  const text = (await first.locator(".atext").first().textContent())!.trim();
  await first.getByTestId("moder-ansdrop").getByRole("button", { name: "Удалить ответ" }).click();
  await expect(moder).toHaveURL(new RegExp(`/question/${qid}`));
  await expect(moder.locator(`article#${aid}`)).toHaveCount(0);
  const dropped = moder.getByTestId("moder-dropped");
  await expect(dropped).toContainText(text.slice(0, 30));
  await dropped.getByRole("button", { name: "Восстановить" }).first().click();
  await expect(moder.locator(`article#${aid}`)).toBeVisible();
  await expect(moder.locator(`article#${aid}`)).toContainText(text.slice(0, 30));
});

test("a moderator bans a user for 24 hours, who then cannot answer", async ({ browser }) => {
  const stamp = `ban${Date.now()}`;
  const victim = await register(browser, stamp);
  const moder = await signedIn(browser, "moder@demo.local");
  await moder.goto(`/moderlog/ban/${victim.id}`);
  const form = moder.getByTestId("ban-form");
  const button = form.getByRole("button", { name: "Заблокировать" });
  await expect(moder.locator('otv-island[name="ban-form"][hydrated]')).toHaveCount(1);
  await expect(button).toBeDisabled();
  await form.getByLabel("Причина блокировки").selectOption({ label: "Реклама или спам" });
  await expect(button).toBeDisabled();
  await form.getByLabel("24 часа").check();
  await expect(button).toBeEnabled();
  await button.click();
  await expect(moder).toHaveURL(new RegExp(`/profile/id${victim.id}$`));
  await expect(moder.getByText("Заблокирован", { exact: false }).first()).toBeVisible();

  // the ban ended his session; signed in again he can read but not answer
  await victim.page.goto("/login");
  await victim.page.getByLabel("Почта").fill(victim.email);
  await victim.page.getByLabel("Пароль").fill("demo12345");
  await victim.page.getByRole("button", { name: "Войти" }).click();
  await victim.page.goto("/question/7");
  await expect(victim.page.getByRole("heading", { level: 1 })).toBeVisible();
  // a click while the form hydrates could be lost: the form is filled once its island runs
  await hydrated(victim.page.getByLabel("Ваш ответ"));
  await victim.page.getByLabel("Ваш ответ").fill("Попробую всё-таки ответить на этот вопрос.");
  await victim.page.getByRole("button", { name: "Ответить" }).click();
  await expect(victim.page.getByText("Ваш аккаунт заблокирован, писать пока нельзя")).toBeVisible({ timeout: 15_000 });
});

test("a moderator blocks an address: a reader writing from it is told so with his address and reads on; once lifted he writes again", async ({ browser }) => {
  // an address of a range no other story uses, so that the block touches no one else
  const ip = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const phone = { width: 390, height: 844 };
  const moder = await signedIn(browser, "moder@demo.local", { viewport: phone });
  await moder.goto("/");
  const asked = await api(moder, "addqst", { qtext: `Как вернуть доступ к сайту? ${Date.now()}`, cid: "100" });
  expect(asked.status).toBe(200);

  await moder.goto("/moderlog/ipblocks");
  await moder.getByLabel(/IP-адрес/).fill(ip);
  await moder.getByLabel("Срок").selectOption({ index: 1 });
  await moder.getByLabel("Причина").selectOption({ label: "Реклама или спам" });
  await moder.getByRole("button", { name: "Заблокировать адрес" }).click();
  await expect(moder).toHaveURL(/\/moderlog\/ipblocks$/);
  const row = moder.getByTestId("ipblock").filter({ hasText: ip });
  await expect(row).toContainText("Реклама или спам");
  await fitsAndAccessible(moder);

  // the reader, JavaScript off, from that address
  const reader = await signedIn(browser, "user@demo.local", { javaScriptEnabled: false, viewport: phone, extraHTTPHeaders: { "CF-Connecting-IP": ip } });
  await reader.goto(`/question/${asked.qid}`);
  await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
  const text = `Напишите в поддержку, они помогут. ${Date.now()}`;
  await reader.getByLabel("Ваш ответ").fill(text);
  await reader.getByRole("button", { name: "Ответить" }).click();
  await expect(reader.getByRole("alert")).toHaveText(`Доступ с вашего IP-адреса (${ip}) временно ограничен`);
  await reader.goto(`/question/${asked.qid}`);
  await expect(reader.getByText(text)).toHaveCount(0);

  await row.getByRole("button", { name: "Снять" }).click();
  await expect(moder.getByTestId("ipblock").filter({ hasText: ip })).toHaveCount(0);
  await reader.getByLabel("Ваш ответ").fill(text);
  await reader.getByRole("button", { name: "Ответить" }).click();
  await expect(reader).toHaveURL(new RegExp(`/question/${asked.qid}`));
  await expect(reader.getByText(text)).toBeVisible();
});

test("a user reports a comment", async ({ browser }) => {
  const page = await signedIn(browser, "guru@demo.local");
  await page.goto("/question/1");
  const link = page.locator(".comment").getByTestId("abuse-link").first();
  await link.click();
  await expect(page).toHaveURL(/\/abuse\/C\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Пожаловаться на комментарий");
  await expect(page.locator('otv-island[name="abuse-form"][hydrated]')).toHaveCount(1);
  // typing a text ticks 'other'
  await page.getByLabel("Комментарий (для «Другое» — обязательно)").fill("Это реклама чужого магазина");
  await expect(page.getByRole("radio", { name: "Другое" })).toBeChecked();
  await page.getByLabel("Спам, реклама").check();
  await page.getByRole("button", { name: "Отправить" }).click();
  await expect(page.getByRole("dialog")).toContainText("Ваше сообщение отправлено модераторам");
  await expect(page.getByTestId("abuse-sent")).toHaveText("Спасибо! Ваше сообщение отправлено модераторам");
  // a second report of the same comment: the page reloads and says so
  await page.reload();
  await expect(page.getByText("Вы уже пожаловались на это сообщение")).toBeVisible();
});

test("a user asks a brand's expert privately and the expert answers", async ({ browser }) => {
  const stamp = Date.now();
  const asker = await signedIn(browser, "user@demo.local");
  await asker.goto("/ask/private-1");
  await expect(asker.getByRole("heading", { level: 1 })).toHaveText("Задать вопрос эксперту");
  await expect(asker.locator('otv-island[name="ask-form"][hydrated]')).toHaveCount(1);
  await asker.getByLabel("Мой вопрос").fill(`Почему мой роутер теряет сеть по вечерам? ${stamp}`);
  await asker.getByRole("button", { name: "Опубликовать" }).click();
  await expect(asker).toHaveURL(/\/private\/\d+$/);
  await expect(asker.getByTestId("waiting-expert")).toBeVisible();
  const url = asker.url();

  const expert = await signedIn(browser, "expert@demo.local");
  await expert.goto(url);
  await expert.getByLabel("Ответ эксперта").fill("Обновите прошивку до последней версии и смените канал Wi-Fi на 36.");
  await expert.getByRole("button", { name: "Ответить" }).click();
  await expect(expert.getByTestId("private-answer")).toContainText("Обновите прошивку");

  await asker.reload();
  await expect(asker.getByTestId("private-answer")).toContainText("Обновите прошивку");
  await expect(asker.getByTestId("waiting-expert")).toHaveCount(0);
});
