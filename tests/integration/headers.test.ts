import { describe, expect, it } from "vitest";
import { BASE, formPost, get, page, post, workerFetch } from "./helpers/api";
import { as } from "./helpers/users";

/**
 * The security headers of every kind of response the worker gives (static files are served before
 * the worker; public/_headers gives them theirs, checked by the e2e headers story), and the page's
 * script policy: a page that may be kept for everybody carries no inline script and no nonce.
 */

const HSTS = /^max-age=(\d+); includeSubDomains$/;

function expectHardened(res: Response, what: string) {
  const hsts = HSTS.exec(res.headers.get("strict-transport-security") ?? "");
  expect(hsts, `${what}: Strict-Transport-Security`).not.toBeNull();
  expect(Number(hsts![1]), what).toBeGreaterThanOrEqual(31_536_000);
  expect(res.headers.get("x-content-type-options"), `${what}: X-Content-Type-Options`).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), `${what}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp, `${what}: Content-Security-Policy`).toContain("frame-ancestors 'none'");
  // anything but a page may run nothing at all, even when opened on its own
  if (!(res.headers.get("content-type") ?? "").startsWith("text/html")) expect(csp, what).toMatch(/^default-src 'none'/);
}

/** The inline scripts of a page (those without src); a JSON data block is no script. */
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]).filter((attrs) => !/\bsrc=/.test(attrs));

describe("every response the worker gives", () => {
  it("carries HSTS, nosniff, the referrer policy and a content policy: pages, redirects, JSON, loader data, SVG, text and errors", async () => {
    const user = await as("user@demo.local");
    const captcha = await post("captcha_new", {});
    const responses: [string, Response][] = [
      ["guest page", (await page("/question/1")).res],
      ["guest page from the cache", (await page("/question/1")).res],
      ["signed-in page", (await page("/question/1", user)).res],
      ["404 page", (await page("/no/such/page/here")).res],
      ["redirect", (await page("/myprofile")).res],
      ["external-link page", (await page("/301?url=https%3A%2F%2Fexample.com%2F")).res],
      ["loader data", (await page("/?_data=root")).res],
      ["deferred loader data", (await page(`/question/1?_data=${encodeURIComponent("routes/question.$qid._index")}`)).res],
      ["API read", (await get("question", { qid: 1 })).res],
      ["API write", (await post("savesettings", {}, user)).res],
      ["API refusal", (await post("addans", { qid: 1, Body: "x" })).res],
      ["unknown API call", (await get("no_such_call")).res],
      ["captcha picture", (await page(`/captcha/${captcha.json.captcha_id}.svg`)).res],
      ["missing captcha (text)", (await page("/captcha/nope")).res],
      ["refused foreign form (text)", await formPost("/login", { email: "a@b.c", password: "x" }, null, { origin: "https://evil.example" })],
      ["HEAD", await workerFetch(`${BASE}/`, { method: "HEAD" })],
    ];
    for (const [what, res] of responses) expectHardened(res, what);
    expect(responses.map(([, r]) => r.headers.get("content-type")?.split(";")[0])).toEqual(
      expect.arrayContaining(["text/html", "application/json", "image/svg+xml", "text/plain", "text/remix-deferred"]),
    );
  });
});

describe("the page's script policy", () => {
  it("a guest's page, shared through the cache, has no inline script and no nonce for anybody to reuse", async () => {
    const first = await page("/question/1?csp-check");
    const second = await page("/question/1?csp-check");
    expect(first.res.headers.get("x-page-cache")).toBe("miss");
    expect(second.res.headers.get("x-page-cache")).toBe("hit");
    for (const r of [first, second]) {
      const csp = r.res.headers.get("content-security-policy")!;
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain("nonce-");
      expect(inlineScripts(r.html)).toEqual([]);
      // the streamed part (similar questions) is in the document, not swapped in by a script
      expect(r.html).toContain('data-testid="similar"');
    }
  });

  it("a page rendered for one reader alone (a moderator's, with his controls) gets a new nonce on every render, and only its own inline scripts carry it", async () => {
    // other signed-in readers' question pages are rendered once for all alike, with no nonce (shared-page.test.ts)
    const user = await as("moder@demo.local");
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const r = await page("/question/1", user);
      expect(r.res.headers.get("cache-control")).toBe("private, no-store");
      const nonce = /'nonce-([A-Za-z0-9+/=_-]{16,})'/.exec(r.res.headers.get("content-security-policy")!)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      for (const attrs of inlineScripts(r.html)) expect(attrs).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(2);
  });

  it("a guest's page rendered for a cookie whose session has ended carries a nonce, so no cache may keep it", async () => {
    const r = await page("/question/1", "sid=no-such-session");
    expect(r.status).toBe(200);
    expect(r.html).toContain('class="toolbar-login"');
    expect(r.res.headers.get("content-security-policy")).toMatch(/'nonce-[A-Za-z0-9+/=_-]{16,}'/);
    expect(r.res.headers.get("cache-control")).toBe("private, no-store");
  });
});
