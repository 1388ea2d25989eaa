import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { captchaCodeFor } from "../../app/models/core/captcha-code.server";
import { E2E_SECRETS } from "./global-setup";

/** Steps the stories share: pages and users, named calls from a page, islands, reloads. */

/** A page of its own browser context, signed in as nobody (`options` may turn JavaScript off). */
export async function guestPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

/** Signs a demo user in (password demo12345) through the sign-in page, in this page. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Почта").fill(email);
  await page.getByLabel("Пароль").fill("demo12345");
  await page.getByRole("button", { name: "Войти" }).click();
  // the password's hash is slow on purpose; next to the corpus stories on two cores it took over 5 s
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible({ timeout: 15_000 });
}

/** A page of its own browser context, signed in as a demo user. */
export async function signedIn(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await guestPage(browser, options);
  await signIn(page, email);
  return page;
}

/**
 * The code of a captcha the page shows, as the server computes it: the stories know the captcha
 * secret they gave the server (global-setup.ts). Reading the picture is for people.
 */
export function captchaCodeOf(captchaId: string): Promise<string> {
  return captchaCodeFor(E2E_SECRETS.CAPTCHA_SECRET, captchaId);
}

/** The id of the captcha an <img src="/captcha/{id}.svg"> shows. */
export async function captchaIdOf(img: Locator): Promise<string> {
  const src = (await img.getAttribute("src")) ?? "";
  const id = /\/captcha\/([0-9a-f]{32})/.exec(src)?.[1];
  if (!id) throw new Error(`not a captcha picture: ${src}`);
  return id;
}

/**
 * Browser options that give a story's browser an address of its own (one of the documentation
 * range 203.0.113.0/24, sent as CF-Connecting-IP, which the local runtime keeps when a client
 * sends it and Cloudflare sets itself in production), so that a story registering several users
 * does not use up the registrations one address may make in a day, which the other stories share.
 */
export function ownAddress(): BrowserContextOptions {
  return { extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${1 + Math.floor(Math.random() * 254)}` } };
}

/**
 * A newly registered user (password demo12345) in his own browser context, through the
 * registration page: his page, e-mail ({stamp}@example.org), nick ("Участник {stamp}" unless
 * another first word is given) and id. All stories register from one address, so from the second
 * on the page asks for the captcha; the code is filled in from the captcha's id. His onboarding
 * tours are closed unless `tour` keeps them.
 */
export async function register(
  browser: Browser,
  stamp: string,
  opts: { nick?: string; tour?: boolean } & BrowserContextOptions = {},
): Promise<{ page: Page; email: string; nick: string; id: number }> {
  const { nick: first = "Участник", tour = false, ...options } = opts;
  const page = await guestPage(browser, options);
  const email = `${stamp}@example.org`;
  const nick = `${first} ${stamp}`;
  await page.goto("/register");
  await page.getByLabel("Ник").fill(nick);
  await page.getByLabel("Почта").fill(email);
  await page.getByLabel("Пароль").fill("demo12345");
  const captcha = page.getByTestId("register-captcha");
  if (await captcha.isVisible()) {
    await captcha.getByLabel("Код с картинки").fill(await captchaCodeOf(await captchaIdOf(captcha.getByRole("img", { name: "Код с картинки" }))));
  }
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
  if (!tour) await skipTours(page);
  const href = await page.locator(".toolbar-user").getAttribute("href");
  return { page, email, nick, id: Number(href!.replace(/\D/g, "")) };
}

/**
 * Ends a new user's onboarding tours (the stories about other things never see them): both tours
 * are closed through the named call, and the page is loaded again without the tour's dialog.
 */
async function skipTours(page: Page) {
  for (const tour of ["welcome", "points"]) await api(page, "overlay_shown", { tour });
  await page.reload();
}

/** A named call from the page, the way the islands send it (with the session's salt and token when signed in); its reply. */
export async function api(page: Page, name: string, fields: Record<string, string | string[]>): Promise<Record<string, any>> {
  return page.evaluate(
    async ({ name, fields }) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
      const meta = document.querySelector<HTMLMetaElement>('meta[name="otv-session"]');
      if (meta) {
        const s = JSON.parse(meta.content) as { salt: string; token: string };
        body.set("salt", s.salt);
        body.set("token", s.token);
      }
      const r = await fetch(`/api/v2/${name}`, { method: "POST", body, credentials: "same-origin" });
      return r.json();
    },
    { name, fields },
  );
}

/** The page's island of that name. */
export const island = (page: Page, name: string): Locator => page.locator(`otv-island[name="${name}"]`);

/**
 * Waits until the island holding `inside` (or `inside` itself, an island) has hydrated. Islands
 * hydrate near the viewport (or when idle, or touched), so it is scrolled into view first when it
 * takes room on the page.
 */
export async function hydrated(inside: Locator) {
  const el = inside.first();
  if (await el.evaluate((e) => e.getClientRects().length > 0)) await el.scrollIntoViewIfNeeded();
  await expect(el.locator("xpath=ancestor-or-self::otv-island[1]")).toHaveAttribute("hydrated", "");
}

/** Marks the document; `sameDocument` then tells whether the page was reloaded since (a reload drops the mark). */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: number }).__sameDocument = 1));
}
export async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument === 1);
}

/** How far the page reaches past the right edge of the window (0 or less: no sideways scrolling). */
export function sideScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

/**
 * The serious and critical faults axe-core finds in the page (or only inside `within`, e.g. "main"),
 * each with where it is. Every rule runs, in the page itself (axe.run: the site has no frames from
 * another origin, which only the per-frame mode would reach; that mode finishes each check in a new
 * blank page, a second or more each time), and only the violations are gathered in full.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  const { violations } = await (within ? axe.include(within) : axe).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} — ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The page fits its window without sideways scrolling and axe-core finds no serious fault in it. */
export async function fitsAndAccessible(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect(await seriousViolations(page)).toEqual([]);
}
