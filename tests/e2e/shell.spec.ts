import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { guestPage, seriousViolations, sideScroll, signedIn } from "./helpers";

/**
 * The site's shell on every page: the toolbar's categories drop-down without JavaScript, a phone
 * screen with no horizontal scroll, no serious accessibility fault, and no link that leads to a
 * missing page or a server error.
 */

/** The pages every check visits (a page added to the site is one line here). */
const PAGES: { name: string; path: string }[] = [
  { name: "index", path: "/" },
  { name: "question", path: `/question/${SHOWCASE.resolvedQuestionId}` },
  { name: "voting question", path: `/question/${SHOWCASE.votingQuestionId}` },
  { name: "category", path: "/games/" },
  { name: "subcategory tab", path: "/pc-games/resolve" },
  { name: "profile", path: "/profile/id1" },
  { name: "profile answers", path: "/profile/id3/answers" },
  { name: "categories", path: "/categories/" },
  { name: "brand", path: `/${SHOWCASE.brandUrlname}/` },
  { name: "rules", path: "/help/rules" },
  { name: "offline", path: "/offline" },
  { name: "support", path: "/help/support" },
  { name: "sign-in", path: "/login" },
  { name: "registration", path: "/register" },
  { name: "deleted question", path: `/question/${SHOWCASE.deletedQuestionId}` },
  { name: "missing question", path: `/question/${SHOWCASE.missingQuestionId}` },
  { name: "not found", path: "/no-such-page-at-all/really/not" },
  { name: "search", path: "/search?q=кошка" },
  { name: "leaders", path: "/top/points/week/" },
  { name: "comment in context", path: `/question/${SHOWCASE.resolvedQuestionId}/cid-${SHOWCASE.contextCommentId}` },
];

/** Pages only a signed-in user sees as themselves. */
const SIGNED_IN_PAGES: { name: string; path: string }[] = [
  { name: "ask", path: "/ask" },
  { name: "settings", path: "/settings" },
  { name: "choose a gift", path: "/profile/id4/gifts/choose" },
];

const PHONE = { width: 390, height: 844 };

test.describe("the categories drop-down", () => {
  test("the drop-down works with JavaScript off", async ({ browser }) => {
    const page = await guestPage(browser, { javaScriptEnabled: false });
    await page.goto(`/question/${SHOWCASE.resolvedQuestionId}`);
    const menu = page.getByTestId("categories-menu");
    const panel = menu.getByRole("navigation", { name: "Категории" });
    await expect(panel).toBeHidden();
    await menu.getByText("Категории", { exact: true }).click();
    await expect(panel).toBeVisible();
    // three columns: «Все вопросы» with the first ten categories, then the 11th to the 21st, then the rest
    const columns = panel.locator("ul");
    await expect(columns).toHaveCount(3);
    await expect(columns.nth(0).locator("li")).toHaveCount(11);
    await expect(columns.nth(0).locator("li").first()).toHaveText("Все вопросы");
    await expect(columns.nth(1).locator("li")).toHaveCount(11);
    // the two categories kept out of every drop-down are not in it
    await expect(panel.getByRole("link", { name: "Отвечаем вместе" })).toHaveCount(0);
    await expect(panel.getByRole("link", { name: "Новогодний" })).toHaveCount(0);
    await panel.getByRole("link", { name: "Игры" }).click();
    await expect(page).toHaveURL(/\/games\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Игры");
    await page.context().close();
  });

  test("the toolbar's search box sends the query to the search page as q", async ({ browser }) => {
    const page = await guestPage(browser, { javaScriptEnabled: false });
    await page.goto("/");
    await page.locator("header").getByRole("searchbox", { name: "Поиск по вопросам" }).fill("как выбрать ноутбук");
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === "/search"),
      page.locator("header").getByRole("button", { name: "Найти" }).click(),
    ]);
    expect(new URL(request.url()).searchParams.get("q")).toBe("как выбрать ноутбук");
    await page.context().close();
  });
});

test.describe("a phone-sized screen", () => {
  test("a phone-sized viewport has no horizontal scroll on the index, question, category, profile, search and leaders pages", async ({ browser }) => {
    test.setTimeout(120_000);
    const guest = await guestPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    const user = await signedIn(browser, "expert@demo.local", { viewport: PHONE });
    const wide: string[] = [];
    for (const [who, page, pages] of [
      ["guest", guest, PAGES],
      ["signed in", user, [...PAGES, ...SIGNED_IN_PAGES]],
    ] as const) {
      for (const p of pages) {
        await page.goto(p.path);
        const over = await sideScroll(page);
        if (over > 0) wide.push(`${who} ${p.name} (${p.path}): ${over}px too wide`);
      }
      // the ask button stays whole on the screen
      await page.goto("/");
      const ask = page.locator("header").getByRole("link", { name: "Спросить" });
      const box = await ask.boundingBox();
      expect(box, "the ask button is shown").not.toBeNull();
      expect(box!.x + box!.width, `${who}: «Спросить» fits the screen`).toBeLessThanOrEqual(PHONE.width);
    }
    expect(wide).toEqual([]);
    await guest.context().close();
    await user.context().close();
  });

  test("on a phone the columns fold under the page's content", async ({ browser }) => {
    const page = await guestPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto("/");
    const main = await page.locator("main").boundingBox();
    const right = await page.getByTestId("right-column").boundingBox();
    expect(right!.y).toBeGreaterThanOrEqual(main!.y + main!.height);
    await page.context().close();
  });

  test("above 1163 px the wide layout puts the columns beside the content", async ({ browser }) => {
    const page = await guestPage(browser, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    await page.goto("/");
    const main = (await page.locator("main").boundingBox())!;
    const left = (await page.getByTestId("left-column").boundingBox())!;
    const right = (await page.getByTestId("right-column").boundingBox())!;
    expect(left.x + left.width).toBeLessThanOrEqual(main.x);
    expect(right.x).toBeGreaterThanOrEqual(main.x + main.width);
    await page.context().close();
  });
});

test.describe("An accessibility check (axe-core in Playwright) on these pages with no serious or critical violations", () => {
  /**
   * One test per page (axe takes a second or more a page on a busy 2-core machine, so each page has
   * its own budget), all in one browser context opened once: one sign-in for the signed-in pages.
   */
  function eachPage(title: string, pages: { name: string; path: string }[], open: (browser: Browser) => Promise<Page>, opened: (page: Page) => Promise<void>) {
    test.describe(title, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await open(browser);
      });
      test.afterAll(async () => {
        await page.context().close();
      });
      for (const p of pages) {
        test(`${p.name} (${p.path})`, async () => {
          await page.goto(p.path);
          await opened(page);
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    });
  }

  test("the check finds in the page what axe's per-frame mode finds, in the page and in a frame of the site", async ({ browser }) => {
    const page = await guestPage(browser);
    await page.goto("/help/rules");
    // faults put in on purpose: a picture without text, an empty button and link, an unlabelled field, a frame without a title holding two more
    await page
      .locator("main")
      .evaluate((main) =>
        main.insertAdjacentHTML(
          "beforeend",
          '<img src="/favicon.ico"><button></button><a href="/help/rules"></a><input type="text"><iframe srcdoc="<img src=/favicon.ico><button></button>"></iframe><ul><div>x</div></ul>',
        ),
      );
    await expect(page.frameLocator("main iframe").locator("button")).toHaveCount(1);
    const perFrame = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    const found = await seriousViolations(page);
    expect(found.map((line) => line.split(" — ")[0]).sort()).toEqual(perFrame.map((v) => v.id).sort());
    expect(found.length).toBeGreaterThanOrEqual(5);
    expect(found.join("\n")).toContain("iframe");
    await page.context().close();
  });

  eachPage("every page, signed out, with the categories drop-down open", PAGES, guestPage, (page) =>
    page.getByTestId("categories-menu").locator("summary").click(),
  );
  eachPage(
    "every page, and the pages of a signed-in user, signed in as a moderator",
    [...PAGES, ...SIGNED_IN_PAGES],
    (browser) => signedIn(browser, "moder@demo.local"),
    async () => {},
  );
});

test.describe("no link leads nowhere", () => {
  /** Where the crawl starts: the index, a question, a category, a profile and a search page. */
  const STARTS = [
    "/",
    `/question/${SHOWCASE.resolvedQuestionId}`,
    "/games/",
    "/profile/id3",
    "/search?q=кошка",
    "/top/points/week/",
    `/question/${SHOWCASE.deletedQuestionId}`,
    "/no-such-page",
  ];

  /** Every same-site address the page links to or sends a GET form to (fragments dropped). */
  async function linksOf(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const out: string[] = [];
      for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"))) out.push(a.href);
      for (const f of Array.from(document.querySelectorAll<HTMLFormElement>("form"))) {
        if ((f.getAttribute("method") ?? "get").toLowerCase() === "get") out.push(f.action);
      }
      return out
        .map((h) => new URL(h, location.href))
        .filter((u) => u.origin === location.origin)
        .map((u) => u.pathname + u.search);
    });
  }

  /**
   * Opens each start page, gathers the addresses they link to (each with the first page linking to
   * it), then asks for every address with a few requests at a time, as a browser fetches a page's
   * parts: the 404s and 500s among them.
   */
  async function crawl(page: Page, request: APIRequestContext): Promise<{ visited: number; broken: string[] }> {
    const linkedFrom = new Map<string, string>();
    for (const start of STARTS) {
      await page.goto(start);
      for (const link of await linksOf(page)) if (!linkedFrom.has(link)) linkedFrom.set(link, start);
    }
    const queue = [...linkedFrom];
    const broken: string[] = [];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [path, from] = next;
        const res = await request.get(path);
        if (res.status() === 404 || res.status() >= 500) broken.push(`${path} → ${res.status()} (linked from ${from})`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return { visited: linkedFrom.size, broken: broken.sort() };
  }

  test("a crawl from the index, a question, a category, a profile and a search page finds no 404 or 500, signed out", async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await guestPage(browser, { javaScriptEnabled: false });
    const { visited, broken } = await crawl(page, page.context().request);
    expect(visited).toBeGreaterThan(50);
    expect(broken).toEqual([]);
    await page.context().close();
  });

  test("a crawl from the index, a question, a category, a profile and a search page finds no 404 or 500, signed in", async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await signedIn(browser, "moder@demo.local", { javaScriptEnabled: false });
    const { visited, broken } = await crawl(page, page.context().request);
    expect(visited).toBeGreaterThan(50);
    expect(broken).toEqual([]);
    // the crawl used the session: the toolbar still shows the user
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
    await page.context().close();
  });
});
