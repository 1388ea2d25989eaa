import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { E2E_TOOL_ENV, STATE_DIR } from "../global-setup";
import { plainLine } from "../../../app/lib/fields";
import type { Vector } from "./vectors";

/**
 * What the XSS corpus story needs besides its vectors: many users posting through the named-call
 * API at once, SQL on the e2e store for what no call can do, packing vectors into fields of a given
 * size, and the watch in Chromium (every call of a vector's marker, every dialog, and a scan of the
 * rendered page for event-handler attributes, script-bearing URLs and elements that run code).
 */

// ------------------------------------------------------------------------------------------------
// Users and calls

/** A user with his own cookie jar and the API's salt and token. */
export type Actor = { ctx: APIRequestContext; id: number; email: string; nick: string; salt: string; token: string };

/** The reply of a named call (the JSON envelope). */
export type Reply = Record<string, any> & { status: number };

let actors = 0;

/**
 * Registers a user through the `register` call, in a request context of his own. Each user comes
 * from an address of his own (the local server keeps a CF-Connecting-IP the client sends), as real
 * users would: from one address the second registration of the day needs a captcha.
 */
export async function registerActor(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, email: string, nick: string): Promise<Actor> {
  const n = ++actors;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "cf-connecting-ip": ip } });
  const r = (await (await ctx.post("/api/v2/register", { form: { nick, email, password: "demo12345" }, maxRetries: 2 })).json()) as Reply;
  if (r.status !== 200) throw new Error(`register ${JSON.stringify(nick)}: ${r.status} ${r.error}`);
  const actor = { ctx, id: r.id, email, nick, salt: r.salt, token: r.token };
  // a new user's onboarding tours are closed: their dialog would cover the pages the story reads
  for (const tour of ["welcome", "points"]) await call(actor, "overlay_shown", { tour });
  return actor;
}

/** A named call as this user (POST with the salt and token, or GET), its reply. */
export async function call(actor: Actor, name: string, fields: Record<string, string>, method: "POST" | "GET" = "POST"): Promise<Reply> {
  const res =
    method === "GET"
      ? await actor.ctx.get(`/api/v2/${name}`, { params: fields, maxRetries: 2 })
      : // a kept-alive connection the server has just closed is retried (the request never arrived)
        await actor.ctx.post(`/api/v2/${name}`, { form: { ...fields, salt: actor.salt, token: actor.token }, maxRetries: 2 });
  return (await res.json()) as Reply;
}

/** Runs the tasks, at most `lanes` at a time; each task is told its lane (0 … lanes - 1). */
export async function inLanes(tasks: ((lane: number) => Promise<void>)[], lanes = 4): Promise<void> {
  let next = 0;
  const lane = async (n: number) => {
    while (next < tasks.length) await tasks[next++](n);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, tasks.length) }, (_, n) => lane(n)));
}

/**
 * Pages reading in the background: `push` queues a visit on the least busy page and returns at
 * once; `drain` waits for all of them and throws the first failure.
 */
export function visitQueue(pages: Page[]) {
  const tails = pages.map(() => Promise.resolve());
  const queued = pages.map(() => 0);
  const failures: unknown[] = [];
  return {
    push(task: (page: Page) => Promise<void>) {
      const i = queued.indexOf(Math.min(...queued));
      queued[i]++;
      tails[i] = tails[i].then(() => task(pages[i])).catch((e: unknown) => void failures.push(e));
    },
    async drain() {
      await Promise.all(tails);
      if (failures.length > 0) throw failures[0];
    },
  };
}

/** A browser context signed in as this user (his session cookie), with the page's CSP switched off. */
export async function browserAs(browser: Browser, actor: Actor): Promise<BrowserContext> {
  const ctx = await browser.newContext({ storageState: await actor.ctx.storageState(), bypassCSP: true });
  // The story's own writes sign with the actor's salt and token, which an open page's refresh (every
  // minute) would replace on the server: the pages' refresh is answered with the same credentials,
  // so the session goes on unchanged however long the story takes.
  await ctx.route("**/api/v2/refresh_auth", (route) => route.fulfill({ json: { status: 200, id: actor.id, salt: actor.salt, token: actor.token } }));
  return ctx;
}

// ------------------------------------------------------------------------------------------------
// SQL on the e2e store

/** Whether this run has the e2e store on disk (false against a server started elsewhere). */
export function hasStore(): boolean {
  return fs.existsSync(STATE_DIR);
}

/** A string as an SQL literal; NUL, which a literal cannot hold, joined in with char(0). */
export function sqlText(s: string): string {
  return s
    .split("\u0000")
    .map((part) => `'${part.replace(/'/g, "''")}'`)
    .join(" || char(0) || ");
}

/** How many times a batch the store's lock refused is tried. */
const SQL_ATTEMPTS = 8;

/**
 * Runs SQL statements on the e2e store (wrangler d1 execute --local, beside the running server), as
 * one batch. The server's own writes (other stories run at the same time) can hold the store's lock
 * when the batch begins: SQLite then refuses the whole batch with SQLITE_BUSY and nothing is
 * written, so the batch is tried again after a pause, a few times.
 */
export function execSql(statements: string[]): void {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "xss-sql-")), "run.sql");
  fs.writeFileSync(file, `${statements.join(";\n")};\n`);
  try {
    for (let attempt = 1; ; attempt++) {
      const r = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE_DIR, "--file", file], {
        encoding: "utf8",
        env: E2E_TOOL_ENV,
      });
      if (r.status === 0) return;
      const busy = `${r.stdout}${r.stderr}`.includes("SQLITE_BUSY");
      if (!busy || attempt === SQL_ATTEMPTS) throw new Error(`wrangler d1 execute failed (attempt ${attempt}):\n${r.stdout}\n${r.stderr}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500 * attempt);
    }
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------------
// Packing vectors into fields

export const charCount = (s: string) => Array.from(s).length;

/** Vectors packed in order into texts of at most `max` characters (joined by `sep`); longer vectors are left out. */
export function packInOrder(vectors: Vector[], max: number, sep: string, norm: (s: string) => string = (s) => s): Vector[][] {
  const out: Vector[][] = [];
  let cur: Vector[] = [];
  let size = 0;
  for (const v of vectors) {
    const n = charCount(norm(v.text));
    if (n > max) continue;
    if (cur.length > 0 && size + charCount(sep) + n > max) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    size += (cur.length > 0 ? charCount(sep) : 0) + n;
    cur.push(v);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/** Vectors packed tightly (first fit, longest first) into one-line texts of at most `max` characters. */
export function packTight(vectors: Vector[], max: number): Vector[][] {
  const bins: { size: number; items: Vector[] }[] = [];
  const sized = vectors.map((v) => ({ v, n: charCount(plainLine(v.text)) })).filter((x) => x.n <= max);
  sized.sort((a, b) => b.n - a.n);
  for (const { v, n } of sized) {
    const bin = bins.find((b) => b.size + 1 + n <= max);
    if (bin) {
      bin.size += 1 + n;
      bin.items.push(v);
    } else bins.push({ size: n, items: [v] });
  }
  return bins.map((b) => b.items);
}

/** The texts of a pack: joined by `sep`. */
export const joined = (pack: Vector[], sep: string) => pack.map((v) => v.text).join(sep);

/** The vectors in a fixed shuffled order (a stride through the list), so that packs get other neighbours than in order. */
export function strided(vectors: Vector[], stride = 37): Vector[] {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let s = stride;
  while (gcd(s, vectors.length) !== 1) s++;
  return vectors.map((_, i) => vectors[(i * s) % vectors.length]);
}

// ------------------------------------------------------------------------------------------------
// The watch in Chromium

/** A vector that ran, a dialog that opened, or something dangerous left on a page. */
export type Finding = { kind: "execution" | "dialog" | "markup"; where: string; what: string };

/**
 * Watches a browser context: every call of the markers (`window.__xss`, bound in every frame of
 * every page, before the page's own scripts) and every dialog become findings.
 */
export async function watch(context: BrowserContext, findings: Finding[]): Promise<void> {
  await context.exposeBinding("__xss", ({ frame }, n: unknown) => {
    findings.push({ kind: "execution", where: frame.url(), what: `__xss(${String(n)})` });
  });
  const onPage = (page: Page) => {
    page.on("dialog", (d) => {
      findings.push({ kind: "dialog", where: page.url(), what: `${d.type()}: ${d.message()}` });
      void d.dismiss().catch(() => {});
    });
  };
  context.on("page", onPage);
  for (const p of context.pages()) onPage(p);
}

/**
 * In the page: fires the events that inline handlers wait for on every element, then lists every attribute that is an event handler,
 * every URL attribute that would run script (javascript:, vbscript:, data: — after the tricks a
 * browser forgives: entities are already decoded, whitespace and control characters are dropped),
 * every link whose resolved protocol is not http(s), and every element that runs or frames code
 * (script without the page's nonce or our own source, iframe, object, embed, base, meta refresh).
 */
function scanInPage(): string[] {
  // hover, focus, load and error, animation and toggle: what the corpus' inline handlers wait for
  const EVENTS = ["mouseover", "focus", "load", "error", "animationstart", "toggle"];
  const all = Array.from(document.querySelectorAll("*"));
  for (const el of all) {
    if (el.closest("script, style, head")) continue;
    for (const type of EVENTS) el.dispatchEvent(new Event(type, { bubbles: false }));
  }
  const URL_ATTRS = new Set([
    "href",
    "xlink:href",
    "src",
    "srcset",
    "action",
    "formaction",
    "data",
    "poster",
    "background",
    "dynsrc",
    "lowsrc",
    "codebase",
    "cite",
    "ping",
  ]);
  const out: string[] = [];
  const short = (el: Element) => el.outerHTML.slice(0, 160);
  for (const el of all) {
    const tag = el.tagName.toLowerCase();
    if (["iframe", "frame", "frameset", "object", "embed", "applet", "base", "portal"].includes(tag)) out.push(`<${tag}> element: ${short(el)}`);
    if (tag === "meta" && el.hasAttribute("http-equiv")) out.push(`meta http-equiv: ${short(el)}`);
    if (tag === "script") {
      const s = el as HTMLScriptElement;
      const ours = s.nonce !== "" || (s.src !== "" && new URL(s.src).origin === location.origin && s.type === "module");
      if (!ours) out.push(`script not the page's own: ${short(el)}`);
    }
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith("on")) out.push(`event handler ${name}: ${short(el)}`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser drops control characters and spaces inside a URL's scheme, so the check does too
      const squeezed = a.value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "").toLowerCase();
      if (URL_ATTRS.has(name) && /^(javascript|vbscript|livescript|data):|url=(javascript|vbscript|data):/.test(squeezed))
        out.push(`script URL in ${name}: ${short(el)}`);
      if (name === "srcdoc") out.push(`srcdoc: ${short(el)}`);
      if (name === "style" && /javascript:|expression\(|url\(/.test(squeezed)) out.push(`script in style: ${short(el)}`);
    }
    if ((el instanceof HTMLAnchorElement || el instanceof HTMLAreaElement) && el.hasAttribute("href")) {
      // ':' is an href the browser cannot parse (a dead link, not a script)
      if (!["http:", "https:", ":"].includes(el.protocol)) out.push(`link to ${el.protocol}: ${short(el)}`);
    }
  }
  return out;
}

/**
 * Opens a page (or scans the one already open, `url` null) and adds what it finds: dangerous
 * markup, and the executions and dialogs the watch saw meanwhile. Waits a moment after loading so
 * that timers, animations and islands have their turn.
 */
export async function visit(page: Page, url: string | null, findings: Finding[], prepare?: (page: Page) => Promise<void>): Promise<void> {
  if (url !== null) {
    const res = await page.goto(url);
    if (!res || res.status() >= 400) throw new Error(`${url} answered ${res?.status()}`);
  }
  if (prepare) await prepare(page);
  await page.waitForTimeout(100);
  const where = page.url();
  for (const what of await page.evaluate(scanInPage)) findings.push({ kind: "markup", where, what });
  await page.waitForTimeout(50);
  if (url !== null && new URL(page.url()).pathname !== new URL(url, page.url()).pathname) {
    findings.push({ kind: "markup", where: url, what: `the page went elsewhere: ${page.url()}` });
  }
}

/** The vector numbers whose marker text a page shows (for fields shown as plain text). */
export async function markersShown(page: Page, selector: string): Promise<Set<number>> {
  const texts = await page.locator(selector).allTextContents();
  const ids = new Set<number>();
  for (const t of texts) for (const m of t.matchAll(/__xss\((\d+)\)/g)) ids.add(Number(m[1]));
  return ids;
}

/**
 * The findings in a few readable lines: each vector that ran (with its text and the pages), each
 * dialog, each kind of dangerous markup with the pages it was on; at most `max` lines.
 */
export function summarize(findings: Finding[], vectors: Vector[], max = 40): string[] {
  const groups = new Map<string, Set<string>>();
  for (const f of findings) {
    const id = f.kind === "execution" ? Number(/\d+/.exec(f.what)?.[0]) : Number.NaN;
    const v = vectors.find((x) => x.id === id);
    const key = f.kind === "execution" ? `ran: vector ${id} ${JSON.stringify(v?.text ?? "?")}` : `${f.kind}: ${f.what}`;
    const pages = groups.get(key) ?? new Set<string>();
    pages.add(new URL(f.where, "http://x").pathname);
    groups.set(key, pages);
  }
  const lines = [...groups].map(
    ([key, pages]) => `${key} — on ${[...pages].slice(0, 3).join(", ")}${pages.size > 3 ? ` and ${pages.size - 3} more pages` : ""}`,
  );
  return lines.length > max ? [...lines.slice(0, max), `… and ${lines.length - max} more`] : lines;
}
