import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { SHOWCASE } from "../../db/seed/seed";
import { guestPage, signedIn } from "./helpers";

/** The brand page's tabs on a phone, and a brand administrator recommending a question. */

const PHONE = { width: 390, height: 844 };
const BRAND = `/${SHOWCASE.brandUrlname}`;

/** How far the document is wider than the screen (0 when nothing scrolls sideways). */
function sideScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} — ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a brand administrator recommends a question with JavaScript off and sees 'Рекомендация отправлена на согласование'", async ({ browser }) => {
  const page = await signedIn(browser, "brandadmin@demo.local", { javaScriptEnabled: false, viewport: PHONE });
  await page.goto(`${BRAND}/`);
  await page.getByTestId("brand-tabs").getByRole("link", { name: "Рекомендованные" }).click();
  await expect(page).toHaveURL(new RegExp(`${BRAND}/kquserlist/recommended$`));
  await page.getByLabel("Номер или адрес вопроса").fill(`/question/${SHOWCASE.resolvedQuestionId}`);
  await page.getByRole("button", { name: "Рекомендовать" }).click();
  await expect(page.getByTestId("recommend-sent")).toHaveText("Рекомендация отправлена на согласование");
  await expect(page.getByTestId("question-list").locator(`a[href="/question/${SHOWCASE.resolvedQuestionId}"]`)).toBeVisible();
  await expect(page.getByTestId("tile-recommended")).toContainText("1");
  // a second recommendation of the same question is refused in Russian
  await page.getByLabel("Номер или адрес вопроса").fill(String(SHOWCASE.resolvedQuestionId));
  await page.getByRole("button", { name: "Рекомендовать" }).click();
  await expect(page.getByRole("alert")).toHaveText("Этот вопрос уже рекомендован");
  await page.context().close();
});

const EVERYONE = ["/", "/questions/all", "/questions/open", "/answers/all", "/answers/best", "/feed/updates", "/followers/users"];
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
