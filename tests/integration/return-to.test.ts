import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/seed";
import { BASE, formPost, type Me, page } from "./helpers/api";
import { as } from "./helpers/users";

/**
 * The `return` address of /login, /register and the form door /do/{name}: wherever a visitor is
 * sent afterwards, a browser following that Location (or that link) stays on this site. The
 * vectors are the ways a path can be read as another host: tabs and newlines that URL parsers
 * drop, backslashes read as slashes, protocol-relative and dot-segment paths, other schemes and
 * their encoded forms.
 */
const VECTORS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/\u0000/evil.example",
  "/\u000b/evil.example",
  "/\u007f/evil.example",
  "//evil.example",
  "///evil.example",
  "//evil.example/%2F..",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\\\evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%09/evil.example",
  " //evil.example",
  "https://evil.example/",
  "https:/evil.example",
  "https:evil.example",
  "HTTP://evil.example",
  "http://127.0.0.1@evil.example/",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.domain)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/question/1?next=//evil.example",
];

const SITE = new URL(BASE).origin;

/** Where a browser goes with this Location or href: still this site, and written as a plain path that no parser reads as a host. */
function expectOnSite(target: string | null, vector: string) {
  expect(target, JSON.stringify(vector)).toBeTruthy();
  expect(new URL(target!, `${BASE}/some/page`).origin, JSON.stringify(vector)).toBe(SITE);
  expect(target, JSON.stringify(vector)).toMatch(/^\/(?![/\\])/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none of them is sent
  expect(target, JSON.stringify(vector)).not.toMatch(/[\u0000-\u001f\u007f\\]/);
}

const returnQuery = (v: string) => `return=${encodeURIComponent(v)}`;
/** A request of its own address (the sign-in and registration throttles count per address). */
let ip = 0;
const fromNewAddress = () => ({ "cf-connecting-ip": `10.77.${Math.floor(++ip / 250)}.${ip % 250}` });

let me: Me;
beforeAll(async () => {
  me = await as("znatok@demo.local");
});

describe("the return address after signing in, registering and a form post", () => {
  it("a successful sign-in sends the browser back to this site only", async () => {
    for (const v of VECTORS) {
      const res = await formPost(`/login?${returnQuery(v)}`, { email: "user@demo.local", password: DEMO_PASSWORD }, null, fromNewAddress());
      expect(res.status, JSON.stringify(v)).toBe(302);
      expectOnSite(res.headers.get("location"), v);
    }
  });

  it("a registration sends the new user back to this site only", async () => {
    let n = 0;
    for (const v of VECTORS) {
      n++;
      const res = await formPost(
        `/register?${returnQuery(v)}`,
        { nick: `Возврат ${n}`, email: `return-${n}@test.local`, password: "secret-pass" },
        null,
        fromNewAddress(),
      );
      expect(res.status, JSON.stringify(v)).toBe(302);
      expectOnSite(res.headers.get("location"), v);
    }
  });

  it("a form post through /do/{name} goes back to this site only, and a guest's sign-in page carries only a safe return", async () => {
    for (const v of VECTORS) {
      const done = await formPost(`/do/savesettings?${returnQuery(v)}`, {}, me);
      expect(done.status, JSON.stringify(v)).toBe(302);
      expectOnSite(done.headers.get("location"), v);

      const guest = await formPost(`/do/savesettings?${returnQuery(v)}`, {}, null);
      expect(guest.status, JSON.stringify(v)).toBe(302);
      const signIn = guest.headers.get("location")!;
      expectOnSite(signIn, v);
      expect(signIn).toMatch(/^\/login\?return=/);
      expectOnSite(new URL(signIn, BASE).searchParams.get("return"), v);
    }
  });

  it("the pages that show a way back (sign-in, registration, the premoderation notice) link to this site only", async () => {
    for (const v of VECTORS) {
      for (const path of ["/login", "/register"]) {
        const r = await page(`${path}?${returnQuery(v)}&_data=${encodeURIComponent(`routes${path}`)}`);
        expectOnSite((JSON.parse(r.html) as { returnTo: string }).returnTo, v);
      }
      const notice = await page(`/do/addans?premod=1&${returnQuery(v)}`);
      const href = /data-testid="premod-notice"[\s\S]*?<a class="btn" href="([^"]*)"/.exec(notice.html)?.[1];
      expectOnSite(href?.replace(/&amp;/g, "&") ?? null, v);
    }
  });

  it("an ordinary path with its query and fragment still comes back as it was", async () => {
    const res = await formPost(
      `/login?${returnQuery("/question/1?p=20#answers")}`,
      { email: "user@demo.local", password: DEMO_PASSWORD },
      null,
      fromNewAddress(),
    );
    expect(res.headers.get("location")).toBe("/question/1?p=20#answers");
    const plain = await formPost(`/do/savesettings?${returnQuery("/settings?saved=1")}`, {}, me);
    expect(plain.headers.get("location")).toBe("/settings?saved=1");
  });
});
