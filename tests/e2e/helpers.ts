import { expect, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

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
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
}

/** A page of its own browser context, signed in as a demo user. */
export async function signedIn(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await guestPage(browser, options);
  await signIn(page, email);
  return page;
}

/**
 * A newly registered user (password demo12345) in his own browser context, through the
 * registration page: his page, e-mail ({stamp}@example.org), nick ("Участник {stamp}" unless
 * another first word is given) and id.
 */
export async function register(
  browser: Browser,
  stamp: string,
  opts: { nick?: string } & BrowserContextOptions = {},
): Promise<{ page: Page; email: string; nick: string; id: number }> {
  const { nick: first = "Участник", ...options } = opts;
  const page = await guestPage(browser, options);
  const email = `${stamp}@example.org`;
  const nick = `${first} ${stamp}`;
  await page.goto("/register");
  await page.getByLabel("Ник").fill(nick);
  await page.getByLabel("Почта").fill(email);
  await page.getByLabel("Пароль").fill("demo12345");
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByRole("button", { name: "Выйти" })).toBeVisible();
  const href = await page.locator(".toolbar-user").getAttribute("href");
  return { page, email, nick, id: Number(href!.replace(/\D/g, "")) };
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
