/**
 * The islands' budgets, measured in Debian's Chromium over CDP network throttling
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, cache off): per page, the gzip bytes of all
 * JavaScript loaded (after the page settles, and after scrolling through it, which wakes every
 * island that waits to be visible), of the render-blocking JavaScript (parser-blocking external
 * scripts in the HTML), first contentful paint and largest contentful paint. Beside them, the
 * JavaScript the same page would need under Remix's default full hydration, measured from the
 * Remix client build that `remix vite:build` produces anyway (our pages never load it): its
 * manifest, entry and the route modules of the page with their imports, plus the loader data that
 * full hydration inlines into the page.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser } from "@playwright/test";

export type PageCase = { name: string; path: string; routes: string[]; cookie?: string };
export type Weight = {
  name: string;
  path: string;
  jsSettled: number;
  jsScrolled: number;
  files: number;
  blocking: number;
  fcp: number | null;
  lcp: number | null;
  full: number;
  fullData: number;
};

const gz = (b: Buffer | string) => zlib.gzipSync(b).length;

/** window.__remixManifest of the client build. */
function remixManifest(): { entry: { module: string; imports?: string[] }; routes: Record<string, { module: string; imports?: string[] }>; url: string } {
  const dir = "build/client/assets";
  const file = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("no Remix client manifest in build/client/assets");
  const src = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(src.slice(src.indexOf("{"), src.lastIndexOf("}") + 1));
}

/** gzip bytes of the JavaScript files full hydration of these routes would load. */
export function fullHydrationBytes(routes: string[]): number {
  const m = remixManifest();
  const files = new Set<string>([m.url, m.entry.module, ...(m.entry.imports ?? [])]);
  for (const id of routes) {
    const r = m.routes[id];
    if (!r) throw new Error(`route ${id} not in the Remix manifest`);
    files.add(r.module);
    for (const f of r.imports ?? []) files.add(f);
  }
  let total = 0;
  for (const f of files) total += gz(fs.readFileSync(path.join("build/client", f)));
  return total;
}

/** Parser-blocking external scripts of a document: <script src> without async, defer or type=module. */
function blockingScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1])
    .filter((a) => /\bsrc=/.test(a) && !/\basync\b|\bdefer\b|type="module"/.test(a))
    .map((a) => a.match(/src="([^"]+)"/)![1]);
}

const PERF_SCRIPT = `
  window.__perf = { fcp: null, lcp: null };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === "first-contentful-paint") window.__perf.fcp = e.startTime; }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((l) => { const es = l.getEntries(); window.__perf.lcp = es[es.length - 1].startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
`;

async function measurePage(browser: Browser, base: string, c: PageCase): Promise<Weight> {
  const context = await browser.newContext();
  if (c.cookie) {
    const [name, value] = c.cookie.split("=");
    await context.addCookies([{ name, value, domain: "127.0.0.1", path: "/" }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 });
  await page.addInitScript(PERF_SCRIPT);
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" && !scripts.has(r.url()))
      scripts.set(
        r.url(),
        r.body().then(gz, () => 0),
      );
  });
  const res = await page.goto(base + c.path, { waitUntil: "load" });
  const html = (await res?.text()) ?? "";
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500);
  const settled = await Promise.all(scripts.values());
  const perf = (await page.evaluate("window.__perf")) as { fcp: number | null; lcp: number | null };
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  const scrolled = await Promise.all(scripts.values());
  let blocking = 0;
  for (const src of blockingScripts(html)) blocking += gz(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer()));
  // what full hydration inlines: the page's loader data (Remix's ?_data= reply of its routes)
  let fullData = 0;
  for (const id of c.routes) {
    const r = await fetch(`${base}${c.path}${c.path.includes("?") ? "&" : "?"}_data=${encodeURIComponent(id)}`, {
      headers: c.cookie ? { cookie: c.cookie } : {},
    });
    fullData += gz(Buffer.from(await r.arrayBuffer()));
  }
  await context.close();
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    name: c.name,
    path: c.path,
    jsSettled: sum(settled),
    jsScrolled: sum(scrolled),
    files: scrolled.length,
    blocking,
    fcp: perf.fcp,
    lcp: perf.lcp,
    full: fullHydrationBytes(c.routes),
    fullData,
  };
}

export async function pageWeights(base: string, cases: PageCase[]): Promise<Weight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const out: Weight[] = [];
    for (const c of cases) out.push(await measurePage(browser, base, c));
    return out;
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The budgets: guest question page 0 render-blocking and ≤ 60 KB; signed-in question page ≤ 90 KB. */
export const BUDGETS: Record<string, number> = { "question page (guest)": 60 * 1024, "question page (signed in)": 90 * 1024 };

export function printWeights(ws: Weight[]) {
  console.log("\nJavaScript and paint per page, Chromium, CDP throttling 150 ms RTT, 1.6 Mbit/s, cache off:");
  console.table(
    ws.map((w) => ({
      page: w.name,
      path: w.path,
      "JS gzip settled": kb(w.jsSettled),
      "JS gzip scrolled": kb(w.jsScrolled),
      files: w.files,
      "render-blocking": kb(w.blocking),
      "FCP ms": w.fcp === null ? "n/a" : Math.round(w.fcp),
      "LCP ms": w.lcp === null ? "n/a" : Math.round(w.lcp),
      "full hydration JS": kb(w.full),
      "+ inlined data": kb(w.fullData),
      "islands/full": (w.jsScrolled / w.full).toFixed(3),
    })),
  );
  for (const w of ws) {
    const budget = BUDGETS[w.name];
    if (budget === undefined) continue;
    const ok = w.jsScrolled <= budget && (w.name !== "question page (guest)" || w.blocking === 0);
    console.log(
      `  budget ${w.name}: ${kb(w.jsScrolled)} of ${kb(budget)}${w.name === "question page (guest)" ? `, render-blocking ${kb(w.blocking)} of 0` : ""} → ${ok ? "met" : "MISSED"}`,
    );
  }
}
