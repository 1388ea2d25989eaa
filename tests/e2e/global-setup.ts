/**
 * Prepares a private, seeded D1 store and serves the app for the Playwright stories:
 * wipe .wrangler/e2e-state → apply migrations → seed (seed 1) → bundle the Worker as `wrangler
 * deploy --dry-run` does → serve the bundle from Miniflare (tests/serve-bundle.ts: the runtime
 * `wrangler dev` uses, without its dev proxy) on 127.0.0.1:8790 (E2E_PORT) with the secrets below
 * → wait until it answers.
 * The server runs in its own process group (tests/bundle-server.ts); its PID is written to
 * .wrangler/e2e-server.pid and global-teardown.ts stops the group. Assumes `npm run build` has been run.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEV_VARS } from "../../scripts/dev-vars.mjs";
import { answers, quietEnv } from "../../scripts/local-env.mjs";
import { bundleWorker, startBundleServer } from "../bundle-server";

/**
 * The secrets the e2e server runs with (they win over a .dev.vars): the development
 * pepper, which the seed hashed the demo passwords with, and a captcha secret of the stories' own,
 * from which they compute the code of a captcha they are shown (helpers.ts `captchaCodeOf`), and
 * the development VAPID pair.
 */
export const E2E_SECRETS = {
  PEPPER: DEV_VARS.PEPPER,
  CAPTCHA_SECRET: "e2e-stories-captcha-secret",
  ENVIRONMENT: "development",
  PAY_TEST_SECRET: "e2e-pay-test-secret",
  // Web Push on (the settings offer it); a subscription may point at a local address nothing answers
  VAPID_PUBLIC_KEY: DEV_VARS.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: DEV_VARS.VAPID_PRIVATE_KEY,
  VAPID_SUBJECT: DEV_VARS.VAPID_SUBJECT,
  PUSH_TEST_ORIGINS: "http://127.0.0.1:9",
} as const;

// one store, PID and log per port, so two runs on different E2E_PORTs never share them
const suffix = process.env.E2E_PORT ? `-${process.env.E2E_PORT}` : "";
export const STATE_DIR = `.wrangler/e2e-state${suffix}`;
const BUNDLE_DIR = `.wrangler/e2e-bundle${suffix}`;
export const PID_FILE = `.wrangler/e2e-server${suffix}.pid`;
export const LOG_FILE = `.wrangler/e2e-server${suffix}.log`;

/** wrangler's quiet environment, and no prompts */
export const E2E_TOOL_ENV = { ...quietEnv, CI: "1" };

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: E2E_TOOL_ENV });
  if (r.status !== 0) throw new Error(`e2e setup: \`${cmd} ${args.join(" ")}\` exited with ${r.status ?? r.signal}`);
}

export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 8790);
  const base = `http://127.0.0.1:${port}`;

  if (!fs.existsSync("build/server/index.js")) {
    throw new Error("e2e setup: no build found — run `npm run build` first (npm test does).");
  }
  if (await answers(base)) {
    throw new Error(`e2e setup: something already answers on ${base}; stop it or set E2E_PORT.`);
  }

  // wrangler bundles the Worker while the store is migrated and seeded
  const bundled = bundleWorker(BUNDLE_DIR);
  bundled.catch(() => {}); // a failed step below is the error to report; the bundle's own is awaited after
  fs.rmSync(STATE_DIR, { recursive: true, force: true });
  run(process.execPath, ["scripts/migrate.mjs", "--local", "--persist-to", STATE_DIR]);
  if (fs.existsSync("db/seed/cli.ts")) {
    run("npx", ["tsx", "db/seed/cli.ts", "--persist-to", STATE_DIR, "--seed", "1"]);
  } else {
    console.warn("e2e setup: db/seed/cli.ts not found — serving an unseeded database");
  }

  await bundled;
  fs.mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  // mail goes to the local sink (/dev/mail), its links to this server
  const vars = { ...E2E_SECRETS, SITE_ORIGIN: base };
  const server = await startBundleServer({ bundleDir: BUNDLE_DIR, storeDir: STATE_DIR, port, vars, logFile: LOG_FILE });
  fs.writeFileSync(PID_FILE, String(server.pid));
}
