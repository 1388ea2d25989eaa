import { type BrowserContext, expect, test, type Page } from "@playwright/test";
import { api, guestPage, hydrated, markDocument, register, sameDocument, signedIn } from "./helpers";

/**
 * The live parts of the pages: a new answer reaches another reader without a reload, 'Показать
 * ещё ответы' appends the next 20 in place, the survey banner after 2 s sets its cookie, the
 * bell's counter rises when someone answers my question, readers see how many people are writing
 * an answer, and a guest's click on an action opens the sign-in dialog.
 */

const RESOLVED_QUESTION = 1; // the seed's showcase: 45 answers, the best one apart (db/seed SHOWCASE)

/** Asks a plain question in «Программирование» through the API (the ask page has its own stories); returns its address. */
async function ask(page: Page, qtext: string): Promise<string> {
  const cats = (await (await page.request.get("/api/v2/getCategories")).json()) as {
    categories: { id: number; urlname: string; categories: { id: number; urlname: string }[] }[];
  };
  const prog = cats.categories.flatMap((c) => c.categories).find((c) => c.urlname === "prog")!;
  const reply = await api(page, "addqst", { qtext, cid: String(prog.id) });
  expect(reply.status).toBe(200);
  return `/question/${reply.qid ?? reply.id}`;
}

test("a second reader sees a new answer appear without reloading", async ({ browser }) => {
  const stamp = Date.now();
  const asker = await signedIn(browser, "guru@demo.local");
  const url = await ask(asker, `Как быстро выучить таблицу умножения? ${stamp}`);

  const reader = await guestPage(browser);
  await reader.goto(url);
  await expect(reader.getByTestId("no-answers")).toBeVisible();
  await expect(reader.locator('otv-island[name="answers-live"]')).toHaveAttribute("live", "up");
  await markDocument(reader);

  const answerer = await signedIn(browser, "vip@demo.local");
  await answerer.goto(url);
  await answerer.getByLabel("Ваш ответ").fill(`Учите по одному столбику в день и повторяйте вслух. ${stamp}`);
  await answerer.getByRole("button", { name: "Ответить" }).click();

  const arrived = reader.getByTestId("answer").filter({ hasText: `по одному столбику в день и повторяйте вслух. ${stamp}` });
  await expect(arrived).toBeVisible();
  await expect(arrived.locator(".author")).toContainText("VIP Андрей");
  await expect(reader.getByTestId("answers-count")).toHaveText("1 ответ");
  await expect(reader.getByTestId("no-answers")).toHaveCount(0);
  expect(await sameDocument(reader)).toBe(true);
});

test("readers see how many people are writing an answer, live, from the writer's keystrokes until he posts", async ({ browser }) => {
  const stamp = Date.now();
  const asker = await signedIn(browser, "guru@demo.local");
  const url = await ask(asker, `Как научиться печатать вслепую? ${stamp}`);

  const reader = await guestPage(browser);
  await reader.goto(url);
  await expect(reader.locator('otv-island[name="answers-live"]')).toHaveAttribute("live", "up");
  await expect(reader.getByTestId("writers")).toHaveCount(0);

  const writer = await signedIn(browser, "vip@demo.local");
  await writer.goto(url);
  const box = writer.getByLabel("Ваш ответ");
  await hydrated(box);
  await box.fill("Начните с");
  await expect(reader.getByTestId("writers")).toHaveText("1 человек пишет ответ");
  // his own page does not count him
  await expect(writer.locator('otv-island[name="answers-live"]')).toHaveAttribute("live", "up");
  await expect(writer.getByTestId("writers")).toHaveCount(0);

  await box.fill(`Начните с тренажёра по десять минут в день. ${stamp}`);
  await writer.getByRole("button", { name: "Ответить" }).click();
  await expect(reader.getByTestId("answer").filter({ hasText: String(stamp) })).toBeVisible();
  await expect(reader.getByTestId("writers")).toHaveCount(0);
  for (const p of [asker, reader, writer]) await p.context().close();
});

test("while the question's socket is down, the page polls for new answers every 3 s", async ({ browser }) => {
  const stamp = Date.now();
  const asker = await signedIn(browser, "guru@demo.local");
  const url = await ask(asker, `Сколько спать взрослому человеку? ${stamp}`);

  const reader = await guestPage(browser);
  // the live door refuses this reader: every connection closes at once
  await reader.routeWebSocket(/\/ws\/question\//, (ws) => ws.close());
  await reader.goto(url);
  await expect(reader.locator('otv-island[name="answers-live"]')).toHaveAttribute("live", "down");

  const answerer = await signedIn(browser, "vip@demo.local");
  const reply = await api(answerer, "addans", { qid: url.split("/").pop()!, Body: `Семь-восемь часов, и ложиться в одно время. ${stamp}` });
  expect(reply.status).toBe(200);
  await expect(reader.getByTestId("answer").filter({ hasText: `Семь-восемь часов, и ложиться в одно время. ${stamp}` })).toBeVisible({ timeout: 8000 });
  await expect(reader.getByTestId("answers-count")).toHaveText("1 ответ");
});

test("'Показать ещё ответы' appends the next 20 answers without a reload", async ({ browser }) => {
  const page = await guestPage(browser);
  await page.goto(`/question/${RESOLVED_QUESTION}`);
  const answers = page.getByTestId("answer");
  // the question has more than five answers: it opens with the first three
  await expect(answers).toHaveCount(3);
  const first = await answers.first().getAttribute("data-answer-id");
  await markDocument(page);

  // before its island hydrates, 'Показать ещё ответы' is the plain ?p= link (the no-JavaScript path)
  await hydrated(page.getByTestId("more-answers"));
  await page.getByTestId("more-answers").click();
  await expect(answers).toHaveCount(23);
  await expect(answers.first()).toHaveAttribute("data-answer-id", first!);
  expect(page.url()).not.toContain("?p=");
  await page.getByTestId("more-answers").click();
  await expect(answers).toHaveCount(43);
  // all different answers, in the order of the pages
  const ids = await answers.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-answer-id"))));
  expect(new Set(ids).size).toBe(43);

  await page.getByTestId("more-answers").click();
  await expect(answers).toHaveCount(44); // 45 with the best one listed apart
  await expect(page.getByTestId("more-answers")).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
});

/** Pauses the page's running clock a moment from now; the time it is paused at. */
async function freeze(page: Page): Promise<number> {
  for (;;) {
    const at = (await page.evaluate(() => Date.now())) + 200;
    try {
      await page.clock.pauseAt(at);
      return at;
    } catch (e) {
      // the clock passed that moment before the pause arrived (a busy machine): again, further on
      if (!String(e).includes("past")) throw e;
    }
  }
}

const surveyCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "otv_survey");

test("the survey banner appears 2 s after load on a question with answers, and a choice sets its cookie for 30 days", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The page's clock runs at the real pace from `start` until it is paused: the banner's 2 s begin
  // when the island mounts, after the navigation and no later than its hydration.
  const start = Date.now();
  await page.clock.install({ time: start });
  // the moment the document starts, on the page's own clock: the island mounts after it
  await page.addInitScript(() => {
    (window as unknown as { docStart: number }).docStart = Date.now();
  });
  const shown = page.waitForRequest((r) => r.url().endsWith("/api/v2/dwh") && (r.postData() ?? "").includes("name=survey_shown"));
  await page.goto(`/question/${RESOLVED_QUESTION}`);
  const navigated = await page.evaluate(() => (window as unknown as { docStart: number }).docStart);
  await expect(page.locator('otv-island[name="survey"]')).toHaveAttribute("hydrated", "");
  const hydratedAt = await page.evaluate(() => Date.now());
  let now = await freeze(page);
  const banner = page.getByTestId("survey");

  // 1.8 s after the document started nothing shows yet (a busy machine may hydrate the page later than that)
  if (navigated + 1800 > now) {
    await page.clock.runFor(navigated + 1800 - now);
    now = navigated + 1800;
    await expect(banner).toHaveCount(0);
  }
  // 2 s after the hydration at the latest, the banner asks
  await page.clock.runFor(Math.max(1, hydratedAt + 2001 - now));
  await expect(banner).toContainText("Вы нашли ответ на свой вопрос?");
  await shown;

  const found = page.waitForRequest((r) => r.url().endsWith("/api/v2/dwh") && (r.postData() ?? "").includes("name=survey_answer_found_click"));
  await banner.getByRole("button", { name: "Да" }).click();
  await expect(banner).toContainText("Спасибо");
  await found;
  // Chromium stores a script's cookie on its own way to the network service, which may be after
  // the request the same click sent: the cookie is waited for, not read once
  await expect.poll(async () => (await surveyCookie(context))?.value).toBe("yes");
  const cookie = await surveyCookie(context);
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThan(30.1);
  await page.clock.runFor(2100);
  await expect(banner).toHaveCount(0);

  // with the cookie the banner stays away (the clock runs again: the islands hydrate when the page is idle)
  await page.clock.resume();
  await page.reload();
  await expect(page.locator('otv-island[name="survey"]')).toHaveAttribute("hydrated", "");
  await page.clock.runFor(3000);
  await expect(banner).toHaveCount(0);
});

test("answering 'Нет' in the survey offers to ask a question with this text", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`/question/${RESOLVED_QUESTION}`);
  await expect(page.locator('otv-island[name="survey"]')).toHaveAttribute("hydrated", "");
  await page.clock.runFor(2100);
  const banner = page.getByTestId("survey");
  await banner.getByRole("button", { name: "Нет" }).click();
  const askLink = banner.getByRole("link", { name: "Задать вопрос" });
  await expect(askLink).toHaveAttribute("href", /^\/ask\?q=/);
  await expect.poll(async () => (await surveyCookie(context))?.value).toBe("no");
  await banner.getByRole("button", { name: "Закрыть" }).click();
  await expect(banner).toHaveCount(0);
});

test("the bell's counter rises when someone answers my question, and a hover on the pop-up marks it viewed", async ({ browser }) => {
  const stamp = Date.now();
  // a new user: no other story touches his notifications while this one counts them
  const { page: asker } = await register(browser, `bell${Date.now()}`);
  const url = await ask(asker, `Чем заменить сахар в выпечке? ${stamp}`);
  const qid = url.split("/").pop()!;
  await asker.goto("/");
  const count = asker.getByTestId("bell-count");
  await expect(asker.locator('otv-island[name="bell"]')).toHaveAttribute("live", "up");
  const before = (await count.isVisible()) ? Number(await count.textContent()) : 0;

  const answerer = await signedIn(browser, "moder@demo.local");
  const reply = await api(answerer, "addans", { qid, Body: `Мёдом или пюре из фиников. ${stamp}` });
  expect(reply.status).toBe(200);

  await expect(count).toHaveText(String(before + 1));
  const popup = asker.getByTestId("notice-popup").filter({ hasText: "Чем заменить сахар в выпечке?" });
  await expect(popup).toContainText("Модератор Олег ответил(а) на вопрос");
  await popup.hover();
  if (before === 0)
    await expect(count).toBeHidden(); // the counter hides at 0
  else await expect(count).toHaveText(String(before));

  // the list shows the notification
  await asker.getByTestId("bell").click();
  await expect(asker.getByTestId("bell-list").getByTestId("bell-item").first()).toContainText("Чем заменить сахар в выпечке?");
});

test("while the user's socket is down, the bell polls the counter every 10 s", async ({ browser }) => {
  const stamp = Date.now();
  // a new user: no other story touches his notifications while this one counts them
  const { page: asker } = await register(browser, `bell${Date.now()}`);
  const url = await ask(asker, `Какой мёд полезнее? ${stamp}`);
  const answerer = await signedIn(browser, "moder@demo.local");
  await asker.routeWebSocket(/\/ws$/, (ws) => ws.close());
  await asker.clock.install();
  await asker.goto("/");
  await expect(asker.locator('otv-island[name="bell"]')).toHaveAttribute("live", "down");
  // from here the page's time moves only when the story moves it
  await asker.clock.pauseAt(await asker.evaluate(() => Date.now() + 1000));
  const count = asker.getByTestId("bell-count");
  const before = (await count.isVisible()) ? Number(await count.textContent()) : 0;

  expect((await api(answerer, "addans", { qid: url.split("/").pop()!, Body: `Гречишный. ${stamp}` })).status).toBe(200);
  await asker.clock.runFor(5000);
  if (before === 0) await expect(count).toBeHidden();
  else await expect(count).toHaveText(String(before));
  await asker.clock.runFor(5500);
  await expect(count).toHaveText(String(before + 1));
});

test("pop-ups: at most 3 at once, the next after 3 s, each hides after 30 s", async ({ browser }) => {
  // five browser contexts signed in, a question and four answers before the pop-ups are counted:
  // about 10 s on a quiet machine, and it ran out of the default 30 s on a busy one
  test.setTimeout(90_000);
  const stamp = Date.now();
  // a new user: no other story touches his notifications while this one counts them
  const { page: asker } = await register(browser, `popups${stamp}`);
  const url = await ask(asker, `Куда поехать летом с детьми? ${stamp}`);
  const qid = url.split("/").pop()!;
  const answerers = await Promise.all(["vip@demo.local", "moder@demo.local", "znatok@demo.local", "expert@demo.local"].map((e) => signedIn(browser, e)));
  // the toolbar cuts a long nick; its title carries the whole one
  const nicks = await Promise.all(answerers.map(async (p) => (await p.locator(".toolbar-user").getAttribute("title"))!));

  await asker.clock.install();
  await asker.goto("/");
  await expect(asker.locator('otv-island[name="bell"]')).toHaveAttribute("live", "up");
  const count = asker.getByTestId("bell-count");
  const before = (await count.isVisible()) ? Number(await count.textContent()) : 0;
  // from here the page's time moves only when the story moves it
  await asker.clock.pauseAt(Date.now() + 60_000);

  for (const [i, answerer] of answerers.entries()) {
    expect((await api(answerer, "addans", { qid, Body: `На море, конечно. ${i} ${stamp}` })).status).toBe(200);
  }
  await expect(count).toHaveText(String(before + 4));
  const popups = asker.getByTestId("notice-popup");
  await asker.clock.runFor(50);
  await expect(popups).toHaveCount(1);
  await expect(popups.first()).toContainText(nicks[0]);
  await asker.clock.runFor(2900);
  await expect(popups).toHaveCount(1);
  await asker.clock.runFor(100);
  await expect(popups).toHaveCount(2);
  await asker.clock.runFor(3000);
  await expect(popups).toHaveCount(3);
  await asker.clock.runFor(3000);
  await expect(popups).toHaveCount(3); // no more than 3 at once
  await expect(popups.filter({ hasText: nicks[3] })).toHaveCount(0);
  // the first hides 30 s after it appeared; the fourth takes its place
  await asker.clock.runFor(21_100);
  await expect(popups.filter({ hasText: nicks[0] })).toHaveCount(0);
  await expect(popups.filter({ hasText: nicks[3] })).toHaveCount(1);
  await expect(popups).toHaveCount(3);
});

test("a new notification plays the chime unless the user turned the sound off", async ({ browser, request }) => {
  for (const [file, type] of [
    ["notify.mp3", "audio/mpeg"],
    ["notify.ogg", "audio/ogg"],
  ]) {
    const res = await request.get(`/sounds/${file}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain(type);
    expect((await res.body()).length).toBeGreaterThan(1000);
  }
  const stamp = Date.now();
  const answerer = await signedIn(browser, "vip@demo.local");
  for (const [email, soundOff] of [
    ["guru@demo.local", "0"],
    ["expert@demo.local", "1"],
  ] as const) {
    const asker = await signedIn(browser, email);
    expect((await api(asker, "savesettings", { sound: soundOff })).status).toBe(200);
    const url = await ask(asker, `Какой чай заварить вечером? ${email} ${stamp}`);
    // the page records what it plays instead of playing it
    await asker.addInitScript(() => {
      const w = window as unknown as { played: string[] };
      w.played = [];
      HTMLMediaElement.prototype.play = function () {
        w.played.push(this.src);
        return Promise.resolve();
      };
    });
    await asker.goto("/");
    await expect(asker.locator('otv-island[name="bell"]')).toHaveAttribute("live", "up");
    expect((await api(answerer, "addans", { qid: url.split("/").pop()!, Body: `Ромашковый. ${stamp}` })).status).toBe(200);
    await expect(asker.getByTestId("notice-popup").first()).toBeVisible();
    const played = await asker.evaluate(() => (window as unknown as { played: string[] }).played);
    if (soundOff === "0") expect(played).toEqual([expect.stringMatching(/\/sounds\/notify\.(mp3|ogg)$/)]);
    else expect(played).toEqual([]);
    await api(asker, "savesettings", { sound: "0" });
  }
});

test("signing out in one tab ends the bell's live socket in another tab of the same browser, which reloads as a guest's page and does not reconnect", async ({
  browser,
}) => {
  const { page: first } = await register(browser, `twotabs${Date.now()}`);
  await first.goto("/");
  const bell = first.locator('otv-island[name="bell"]');
  await expect(bell).toHaveAttribute("live", "up");
  const opened: string[] = [];
  first.on("websocket", (ws) => opened.push(ws.url()));
  const polled: string[] = [];
  first.on("request", (r) => r.url().includes("/show_nc") && polled.push(r.url()));

  const second = await first.context().newPage();
  await second.goto("/");
  await second.getByRole("button", { name: "Выйти" }).click();
  await expect(second.getByRole("link", { name: "Войти" }).first()).toBeVisible();

  // the other tab hears of the sign-out and shows the page as a guest sees it: no bell at all
  await expect(first.getByRole("link", { name: "Войти" }).first()).toBeVisible();
  await expect(bell).toHaveCount(0);
  // the back-off would have tried again after about a second, and again two seconds later
  await first.waitForTimeout(4000);
  expect(opened.filter((u) => new URL(u).pathname === "/ws")).toEqual([]);
  // nor does it poll the counter instead
  expect(polled).toEqual([]);
});

test("a newcomer's bell list says 'Новых событий нет'", async ({ browser }) => {
  const { page } = await register(browser, `live${Date.now()}`, { nick: "Тихоня" });
  await expect(page.locator('otv-island[name="bell"]')).toHaveAttribute("hydrated", "");
  await expect(page.getByTestId("bell-count")).toBeHidden();
  await page.getByTestId("bell").click();
  const list = page.getByTestId("bell-list");
  await expect(list.locator("p")).toHaveText("Новых событий нет");
  // and the way to notifications while the site is closed (Web Push, in the settings)
  await expect(list.getByRole("link", { name: "Уведомления, когда сайт закрыт" })).toHaveAttribute("href", "/settings#push");
  // Escape closes it
  await page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
});

test("a guest's click on an answer action or the answer form opens the sign-in dialog", async ({ browser }) => {
  const page = await guestPage(browser);
  await page.goto(`/question/3`);
  // the client entry is on the page (its islands hydrate)
  await expect(page.locator('otv-island[name="answers-live"]')).toHaveAttribute("hydrated", "");
  const firstAnswer = page.getByTestId("answer").first();
  await firstAnswer.getByRole("link", { name: "Комментировать" }).click();
  const dialog = page.locator("dialog.signin-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Вход на сайт" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/question/3");
  await dialog.getByRole("button", { name: "Закрыть" }).click();

  await page.getByLabel("Ваш ответ").click();
  await expect(dialog).toBeVisible();
});
