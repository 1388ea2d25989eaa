import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig, type Plugin } from "vitest/config";
import { DEV_VARS } from "./scripts/dev-vars.mjs";
import { FAKE_SHOP, startFakeYooKassa } from "./tests/integration/fakes/yookassa";
import { startFakePushService } from "./tests/integration/fakes/push-service";
import { INTEGRATION_BUNDLE_DIR } from "./tests/integration/global-setup";

/** The Worker as a deploy bundles it (tests/integration/global-setup.ts): `SELF`, the Durable Objects, queues and cron run it. */
const BUNDLE = path.join(INTEGRATION_BUNDLE_DIR, "index.js");

/** A module's source map, inlined by the module runner, doubled what each workerd was sent. */
const sourceMapsOfTestsAlone: Plugin = {
  name: "source-maps-of-tests-alone",
  enforce: "post",
  transform: (code, id) => (id.includes("/tests/") ? null : { code, map: { mappings: "" } }),
};

/**
 * Integration tests inside workerd (@cloudflare/vitest-pool-workers 0.15, the Vite-plugin API).
 * The worker entry imports `build/server/index.js`: run `npm run build` first
 * (`npm test` does it for you).
 *
 * The Worker under test is the bundle `wrangler deploy` uploads (built by the global setup), not
 * worker/index.ts through Vite. Every test file starts a fresh workerd, and Vite's module runner
 * sends it each module with its source map over one socket from this process: the app's ~400
 * modules made that most of a small file's time. A test file that imports `worker/index` gets the
 * bundle too (the alias below), the very module `SELF` runs; the app modules a test imports itself
 * are its own copies, as another isolate's would be. Source maps are kept for the test files alone.
 */

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.resolve("db/migrations"));
  const threadMigrations = await readD1Migrations(path.resolve("db/migrations-threads"));
  // the YooKassa adapter's tests talk HTTP to a fake of its API on 127.0.0.1
  const yookassa = await startFakeYooKassa();
  // Web Push goes to a push service on 127.0.0.1 that checks the signature and decrypts (web-push.test.ts)
  const pushService = await startFakePushService();
  return {
    resolve: { alias: [{ find: /^(\.\.\/)+worker\/index$/, replacement: BUNDLE }] },
    plugins: [
      sourceMapsOfTestsAlone,
      cloudflareTest({
        main: BUNDLE,
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // the image codec's WebAssembly beside the bundle
          modulesRules: [{ type: "CompiledWasm", include: ["**/*.wasm"] }],
          // a second store the tests apply the migrations to alone, with no seed (the category tree's test)
          // and a second database some users' rows live in, for the queue's effects (effects.test.ts),
          // and a second thread database besides wrangler.toml's THREADS_1 (thread-ranges.test.ts)
          d1Databases: { EMPTY_DB: "migrations-only", USERS_1: "users-1", THREADS_2: "threads-2" },
          // Cloudflare's e-mail sending as Miniflare runs it, for the mail provider's adapter (mail.test.ts)
          email: { send_email: [{ name: "MAILER" }] },
          bindings: {
            TEST_MIGRATIONS: migrations,
            THREAD_MIGRATIONS: threadMigrations,
            // the move of a range of questions waits for the isolates' maps to expire: 300 ms here, not 5 s
            RANGE_MAP_TTL_MS: "300",
            OPS_SECRET: "integration-tests-ops-secret",
            // the seed hashes the demo passwords with the development pepper; the captcha secret is the tests' own
            PEPPER: DEV_VARS.PEPPER,
            CAPTCHA_SECRET: "integration-tests-captcha-secret",
            // the company's own domain: its users take part in no experiment
            CORPORATE_DOMAINS: "corp.test",
            // a reader writing an answer counts 4 s after his last keystroke instead of 30 s (live-writers.test.ts)
            LIVE_WRITING_MS: "4000",
            // pages report their D1 round trips (x-d1-roundtrips / x-d1-statements), as in `npm run bench`
            D1_STATS: "1",
            // payments: the local test provider is on (not production), and YooKassa is the fake
            ENVIRONMENT: "development",
            PAY_TEST_SECRET: "integration-tests-pay-secret",
            PAY_PROVIDER: "test",
            YOOKASSA_SHOP_ID: FAKE_SHOP.id,
            YOOKASSA_SECRET_KEY: FAKE_SHOP.key,
            YOOKASSA_API_URL: `${yookassa.url}/v3`,
            FAKE_YOOKASSA_URL: yookassa.url,
            // Web Push: the development key pair, and the local push service as a place subscriptions may point at
            VAPID_PUBLIC_KEY: DEV_VARS.VAPID_PUBLIC_KEY,
            VAPID_PRIVATE_KEY: DEV_VARS.VAPID_PRIVATE_KEY,
            VAPID_SUBJECT: DEV_VARS.VAPID_SUBJECT,
            PUSH_TEST_ORIGINS: pushService.url,
            FAKE_PUSH_URL: pushService.url,
            // mail: the local sink by default (the mail log), links to this address; the bounce reports' secret
            SITE_ORIGIN: "http://127.0.0.1",
            MAIL_FROM: "noreply@otvety.test",
            MAIL_EVENTS_SECRET: "integration-tests-mail-secret",
          },
          // the worker's own fetches reach this machine's loopback alone (the fakes above): a test
          // never sends a packet to another address, and a fetch of one fails at once
          outboundService: { network: { allow: ["local"] } },
        },
      }),
    ],
    test: {
      include: ["tests/integration/**/*.test.ts"],
      globalSetup: ["./tests/integration/global-setup.ts"],
      setupFiles: ["./tests/integration/setup.ts"],
      // two files side by side, each in its own workerd: while one runtime starts and seeds, the
      // other runs tests (vitest's default here is one)
      maxWorkers: 2,
      // seeding a fresh database per test file takes a few seconds under load
      hookTimeout: 60_000,
      testTimeout: 30_000,
      // @remix-run/cloudflare is CommonJS-only: pre-bundle it so workerd's module shim can load it
      deps: {
        optimizer: {
          ssr: { enabled: true, include: ["@remix-run/cloudflare"] },
        },
      },
    },
  };
});
