import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * The ask page and the quick-ask box as islands: the poll-option editor, the counters, similar
 * questions, the typed text kept over a reload, the category selects, asking, the quick-ask box
 * and the guest's sign-in dialog.
 */

/** Opens the ask page and waits until its island has hydrated (the tabs appear). */
async function openAsk(page: Page, path = "/ask") {
  await page.goto(path);
  await expect(page.getByRole("tab", { name: "Мой вопрос" })).toBeVisible();
}

const pollOptions = (page: Page) => page.getByTestId("poll-option");

test("the poll editor starts with three options, grows to 16 as the last is filled and shrinks by the rules", async ({ page }) => {
  await signIn(page, "guru@demo.local");
  await openAsk(page);
  await page.getByRole("tab", { name: "Текст опроса" }).click();
  await expect(pollOptions(page)).toHaveCount(3);
  await expect(page.getByLabel("Первый вариант", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Третий вариант", { exact: true })).toBeVisible();
  for (let i = 0; i < 16; i++) {
    await pollOptions(page)
      .nth(i)
      .fill(`Вариант номер ${i + 1}`);
    await expect(pollOptions(page)).toHaveCount(Math.max(3, Math.min(i + 2, 16)));
  }
  await expect(pollOptions(page)).toHaveCount(16);
  await expect(page.getByLabel("16 вариант", { exact: true })).toHaveValue("Вариант номер 16");

  // clearing the fifth removes it; an empty last option comes back
  await page.getByLabel("5 вариант", { exact: true }).fill("");
  await expect(pollOptions(page)).toHaveCount(16);
  await expect(page.getByLabel("5 вариант", { exact: true })).toHaveValue("Вариант номер 6");
  await expect(page.getByLabel("16 вариант", { exact: true })).toHaveValue("");

  // clearing the first only empties it
  await page.getByLabel("Первый вариант", { exact: true }).fill("");
  await expect(pollOptions(page)).toHaveCount(16);
  await expect(page.getByLabel("Первый вариант", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Второй вариант", { exact: true })).toHaveValue("Вариант номер 2");
});

test("the title counter counts down from 120 and turns to 'Лишние символы' when over", async ({ page }) => {
  await signIn(page, "guru@demo.local");
  await openAsk(page);
  const counter = page.getByTestId("title-counter");
  await expect(counter).toHaveText("Осталось символов: 120");
  await page.getByLabel("Мой вопрос").fill("Сколько стоит чай?");
  await expect(counter).toHaveText("Осталось символов: 102");
  await page.getByLabel("Мой вопрос").fill("я".repeat(125));
  await expect(counter).toHaveText("Лишние символы: 5");
  await expect(page.getByRole("button", { name: "Опубликовать" })).toBeDisabled();
  await page.getByLabel("Пояснение").fill("Подробности");
  await expect(page.getByTestId("body-counter")).toHaveText("Символов: 11");
});

test("similar questions appear once the title passes 9 characters", async ({ page }) => {
  await signIn(page, "guru@demo.local");
  await openAsk(page);
  await page.getByLabel("Мой вопрос").fill("Как бросить");
  await expect(page.getByTestId("similar")).toHaveCount(0);
  await page.getByLabel("Мой вопрос").fill("Как бросить курить быстро");
  const similar = page.getByTestId("similar");
  await expect(similar.getByRole("link").first()).toContainText("бросить");
  expect(await similar.getByRole("link").count()).toBeLessThanOrEqual(5);
});

test("the typed text comes back after a reload", async ({ page }) => {
  await signIn(page, "guru@demo.local");
  await openAsk(page);
  await page.getByLabel("Мой вопрос").fill("Что посадить на даче весной?");
  await page.getByLabel("Пояснение").fill("Участок шесть соток.");
  await page.waitForFunction(() => (localStorage.getItem("otv-ask-text") ?? "").includes("шесть соток"));
  await page.reload();
  await expect(page.getByRole("tab", { name: "Мой вопрос" })).toBeVisible();
  await expect(page.getByLabel("Мой вопрос")).toHaveValue("Что посадить на даче весной?");
  await expect(page.getByLabel("Пояснение")).toHaveValue("Участок шесть соток.");

  // text kept 300 seconds ago or more is not put back
  await page.evaluate(() => {
    const v = JSON.parse(localStorage.getItem("otv-ask-text") ?? "{}");
    localStorage.setItem("otv-ask-text", JSON.stringify({ ...v, at: Date.now() - 300_000 }));
  });
  await page.reload();
  await expect(page.getByRole("tab", { name: "Мой вопрос" })).toBeVisible();
  await expect(page.getByLabel("Мой вопрос")).toHaveValue("");
});

test("the subcategory is reset when the category changes", async ({ page }) => {
  await signIn(page, "guru@demo.local");
  await openAsk(page);
  await expect(page.getByLabel("Подкатегория")).toHaveCount(0);
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
  await page.getByLabel("Подкатегория").selectOption({ label: "Программирование" });
  await expect(page.getByLabel("Подкатегория")).not.toHaveValue("");
  const options = page.getByLabel("Категория", { exact: true }).locator("option");
  const labels = await options.allTextContents();
  expect(labels).not.toContain("Новости проекта");
  expect(labels).not.toContain("Отвечаем вместе");
  expect(labels).not.toContain("Новогодний");
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Бросаем курить" });
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
  await expect(page.getByLabel("Подкатегория")).toHaveValue("");
});

test("asking a question lands on the new question's page", async ({ page }) => {
  await signIn(page, "guru@demo.local");
  await openAsk(page);
  const title = `Какой редактор кода выбрать новичку? ${Date.now()}`;
  await page.getByLabel("Мой вопрос").fill(title);
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
  await page.getByLabel("Подкатегория").selectOption({ label: "Программирование" });
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  // the kept text is gone once asked
  await openAsk(page);
  await expect(page.getByLabel("Мой вопрос")).toHaveValue("");
});

test("the quick-ask box stays disabled until there is text and goes to /ask with it", async ({ page }) => {
  await signIn(page, "guru@demo.local");
  await page.goto("/");
  const box = page.getByTestId("quick-ask");
  const publish = box.getByRole("button", { name: "Опубликовать" });
  await expect(publish).toBeDisabled();
  await box.getByLabel("Ваш вопрос").fill("Где купить хороший чай в Москве?");
  await expect(publish).toBeEnabled();
  await box.getByLabel("Категория").selectOption({ label: "Компьютеры, Связь" });
  await publish.click();
  await expect(page).toHaveURL(/\/ask\?q=/);
  await expect(page.getByLabel("Мой вопрос")).toHaveValue("Где купить хороший чай в Москве?");
  await expect(page.getByLabel("Категория", { exact: true })).toHaveValue(/\d+/);
});

test("on a category page the quick-ask box starts with that category, and a guest's publish opens the sign-in dialog", async ({ page }) => {
  await page.goto("/comp/");
  const box = page.getByTestId("quick-ask");
  await expect(box.getByLabel("Категория")).toHaveValue("1");
  await expect(box.getByRole("button", { name: "Опубликовать" })).toBeDisabled();
  await box.getByLabel("Ваш вопрос").fill("Какой ноутбук взять для учёбы?");
  await box.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page.getByRole("dialog")).toContainText("Вход на сайт");
  await expect(page).toHaveURL(/\/comp\/$/);
});

test("a guest opening /ask gets the sign-in dialog", async ({ page }) => {
  await page.goto("/ask");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Вход на сайт");
  await expect(page.getByLabel("Мой вопрос")).toHaveCount(0);
});

test("a guest opening /ask without JavaScript is sent to the sign-in page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/ask");
  await expect(page).toHaveURL(/\/login\?return=/);
  await context.close();
});

test("a question to the brand's experts from /ask/private-{bid} lands on the private question", async ({ page }) => {
  await signIn(page, "user@demo.local");
  await page.goto("/ask/private-1");
  await expect(page.locator('otv-island[name="ask-form"][hydrated]')).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Задать вопрос эксперту");
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByLabel("Пользователи также могут ответить")).not.toBeChecked();
  await page.getByLabel("Мой вопрос").fill(`Когда выйдет новая версия приложения? ${Date.now()}`);
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page).toHaveURL(/\/private\/\d+$/);
  // with 'Пользователи также могут ответить' it is a public question tagged for the brand
  await page.goto("/ask/private-1");
  await expect(page.locator('otv-island[name="ask-form"][hydrated]')).toHaveCount(1);
  await page.getByLabel("Мой вопрос").fill(`Как настроить роутер ТехноМира? ${Date.now()}`);
  await page.getByLabel("Пользователи также могут ответить").check();
  await page.getByLabel("Категория", { exact: true }).selectOption({ label: "Компьютеры, Связь" });
  await page.getByLabel("Подкатегория").selectOption({ label: "Программирование" });
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
});

test("a user who may not ask today sees the limit page instead of the form", async ({ page }) => {
  await signIn(page, "banned@demo.local");
  await page.goto("/ask");
  await expect(page.getByTestId("ask-limit")).toContainText("Сегодня вы больше не можете задавать вопросы");
  await expect(page.getByLabel("Мой вопрос")).toHaveCount(0);
});
