import type { D1Migration } from "cloudflare:test";

// Test-only bindings, added in vitest.config.ts (pool 0.15 reads them from Cloudflare.Env).
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** a thread database's migrations (db/migrations-threads), applied by the tests that use one */
      THREAD_MIGRATIONS: D1Migration[];
      /** a second thread database (thread-ranges.test.ts) */
      THREADS_2: D1Database;
      /** a store of its own with nothing in it until a test applies the migrations */
      EMPTY_DB: D1Database;
      /** a second store, where the effects' test puts some users' own rows (effects.test.ts) */
      USERS_1: D1Database;
      /** the YooKassa fake's address (its /_control steering) */
      FAKE_YOOKASSA_URL: string;
      /** Cloudflare's e-mail sending as Miniflare runs it (vitest.config.ts) */
      MAILER: SendEmail;
      /** the local push service's address (its /_control steering; fakes/push-service.ts) */
      FAKE_PUSH_URL: string;
    }
  }
}
