import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { fitsAndAccessible, guestPage, hydrated, island, signedIn } from "./helpers";

/**
 * Web Push in the browser (docs/decisions/0057): the service worker shows a push in Russian, folds
 * one question's pushes into one notification and never leads off the site; the settings ask the
 * browser's permission only after the reader's click, say a refusal in words, and list the devices
 * with a removal that works without JavaScript. Chromium gets the pushes through DevTools
 * (ServiceWorker.deliverPushMessage), as its push service would hand them over.
 */

const PHONE = { width: 390, height: 844 };

/** Delivers a push to the page's service worker as the browser's push service would. */
async function pushTo(context: BrowserContext, page: Page, data: object) {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      const mine = e.registrations.find((r) => !r.isDeleted && r.scopeURL === new URL("/", page.url()).href);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(page.url()).origin, registrationId: await registrationId, data: JSON.stringify(data) });
  await cdp.detach();
}

type Shown = { title: string; body: string; tag: string; url: string };

/** The notifications the site's worker is showing now. */
const shown = (page: Page): Promise<Shown[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })),
  );

test.describe("Web Push in the browser", () => {
  test("a push is shown in Russian with its question's tag; the newest of one question replaces the one before; it never leads off the site", async ({
    browser,
  }) => {
    const page = await guestPage(browser, { serviceWorkers: "allow" });
    await page.context().grantPermissions(["notifications"]);
    await page.goto("/");
    // a push reaches an activated worker only (the page is claimed a moment before activation ends)
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === "activated", undefined, { timeout: 15_000 });

    await pushTo(page.context(), page, {
      title: "Мария ответил(а) на вопрос «Как выбрать телескоп?»",
      body: "Начните с рефрактора",
      url: "/question/3#answer-9",
      tag: "q3",
    });
    await expect
      .poll(() => shown(page))
      .toEqual([{ title: "Мария ответил(а) на вопрос «Как выбрать телескоп?»", body: "Начните с рефрактора", tag: "q3", url: "/question/3#answer-9" }]);

    await pushTo(page.context(), page, {
      title: "Пётр ответил(а) на вопрос «Как выбрать телескоп?»",
      body: "Лучше зеркальный",
      url: "/question/3#answer-10",
      tag: "q3",
    });
    await expect.poll(async () => (await shown(page)).map((n) => n.title)).toEqual(["Пётр ответил(а) на вопрос «Как выбрать телескоп?»"]);

    await pushTo(page.context(), page, { title: "Новый голос в опросе «Кошки или собаки?»", body: "", url: "https://example.org/steal", tag: "q5" });
    await expect.poll(async () => (await shown(page)).map((n) => n.tag).sort()).toEqual(["q3", "q5"]);
    expect((await shown(page)).find((n) => n.tag === "q5")?.url).toBe("/");
    await page.context().close();
  });

  test("the settings ask for the browser's permission only after the click, and say a refusal in Russian", async ({ browser }) => {
    const page = await signedIn(browser, "znatok@demo.local", { serviceWorkers: "allow", viewport: PHONE });
    let asked = 0;
    await page.exposeFunction("permissionAsked", () => {
      asked++;
    });
    await page.addInitScript(() => {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        (window as unknown as { permissionAsked: () => void }).permissionAsked();
        return ask(...args);
      };
    });
    await page.goto("/settings");
    const toggle = island(page, "push-toggle");
    await hydrated(toggle);
    const button = page.getByRole("button", { name: "Включить push-уведомления на этом устройстве" });
    await expect(button).toBeEnabled();
    await fitsAndAccessible(page);
    expect(asked).toBe(0);
    await button.click();
    await expect(toggle.getByRole("status")).toHaveText(
      "Браузер запретил уведомления для этого сайта. Разрешите их в настройках браузера и нажмите кнопку ещё раз.",
    );
    expect(asked).toBe(1);
    await page.context().close();
  });

  test("a device is listed in the settings and removed there with JavaScript off", async ({ browser }) => {
    const page = await signedIn(browser, "guru@demo.local", { javaScriptEnabled: false, viewport: PHONE });
    // a browser's subscription, given to the call as the settings' button would (this page runs no script)
    const withScript = await signedIn(browser, "guru@demo.local");
    await withScript.goto("/settings");
    const session = JSON.parse((await withScript.locator('meta[name="otv-session"]').getAttribute("content")) ?? "{}") as { salt: string; token: string };
    const key = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
    const res = await withScript.context().request.post("/api/v2/pushsubscribe", {
      headers: { origin: new URL(withScript.url()).origin },
      form: {
        endpoint: "http://127.0.0.1:9/push/story",
        p256dh: key,
        auth: Buffer.alloc(16, 1).toString("base64url"),
        salt: session.salt,
        token: session.token,
      },
    });
    expect((await res.json()).status).toBe(200);
    await withScript.context().close();

    await page.goto("/settings");
    const devices = page.getByTestId("push-devices");
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Включить push-уведомления на этом устройстве" })).toBeDisabled();
    await expect(page.getByText("Для push-уведомлений нужен браузер с включённым JavaScript.")).toBeVisible();
    await devices.getByRole("button", { name: /^Удалить устройство/ }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText("На этом сайте push-уведомления пока не включены ни на одном вашем устройстве.")).toBeVisible();
    await page.context().close();
  });
});
