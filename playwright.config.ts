import { defineConfig } from "@playwright/test";

/** The XSS corpus, one story of two to three minutes (see `projects`). */
const CORPUS = "xss-corpus.spec.ts";

/**
 * User stories in Debian's Chromium against the bundled Worker in Miniflare (Playwright cannot
 * download browsers here: `apt-get install -y chromium`). The global setup builds its own seeded D1
 * store in .wrangler/e2e-state and serves the existing build on 127.0.0.1:8790 (E2E_PORT to change it);
 * set E2E_BASE_URL to test a server you started yourself instead.
 */
const port = Number(process.env.E2E_PORT ?? 8790);
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: "./tests/e2e",
  // A story's budget, not a wait: a multi-user story takes 7–27 s on a 2-core machine that also runs
  // the server and a second worker; stories wait for what the page shows, never for the clock.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  // Stories share one seeded server: files may run side by side, tests within a file run in order.
  workers: 2,
  fullyParallel: false,
  // The XSS corpus is one story of two to three minutes: it starts first, and the other worker takes
  // the rest of the stories beside it (last, as its name sorts, it ran alone at the end).
  projects: [
    { name: "corpus", testMatch: CORPUS },
    { name: "stories", testIgnore: CORPUS },
  ],
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: "list",
  globalSetup: external ? undefined : "./tests/e2e/global-setup.ts",
  globalTeardown: external ? undefined : "./tests/e2e/global-teardown.ts",
  use: {
    baseURL: external ?? `http://127.0.0.1:${port}`,
    browserName: "chromium",
    locale: "ru-RU",
    // the site's service worker (offline reading) stays out of the stories' way: a page's requests go
    // to the server as the stories expect; offline.spec.ts allows it for its own contexts
    serviceWorkers: "block",
    // a failed story keeps its actions, network and console; DOM snapshots and screenshots of every
    // action made each story about a third slower
    trace: { mode: "retain-on-failure", snapshots: false, screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
