/**
 * Runs inside workerd before every integration test file.
 *
 * Storage isolation in @cloudflare/vitest-pool-workers 0.15 (vitest 4): storage is isolated per
 * test FILE, not per test (the per-test `isolatedStorage` option of 0.12 and earlier is gone). Each
 * test file gets its own fresh Miniflare instance with empty in-memory D1/DO storage; the tests
 * inside one file share it, in order, so a write made by one test is seen by the next ones in the
 * same file and by no other file. A `globalSetup` would run in Node and cannot reach that storage,
 * so the data is prepared here, in a setup file: migrations, then the deterministic demo data
 * (60 questions, seed 1) when the database is empty. Every file therefore starts from the same
 * seeded state. (Checked: two files each inserting a row both start from the same count, also with
 * `--maxWorkers 1`. With `--no-isolate` the files share one instance and its storage, and the
 * "when empty" check below then seeds only once.)
 */
import { applyD1Migrations, env } from "cloudflare:test";
import { seedDatabase } from "../../db/seed/seed";

// Idempotent: only applies the migrations not yet applied. The thread databases get their own schema
// (empty: no range names them until a test moves one), as `npm start` gives them.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.THREADS_1, env.THREAD_MIGRATIONS);
await applyD1Migrations(env.THREADS_2, env.THREAD_MIGRATIONS);

const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
if (!users || users.n === 0) {
  await seedDatabase(env.DB, { questions: 60, seed: 1 });
}
