/**
 * Seeds a local D1 store — the one `wrangler dev` and `wrangler d1 … --local` use:
 *   npx tsx db/seed/cli.ts [--questions N] [--seed S] [--if-empty] [--reindex] [--persist-to DIR] [--chunk N] [--now MS]
 * (`npm run seed -- --questions 100000` for a scale run). A seed bigger than --chunk questions
 * (default 20,000) is written chunk by chunk as it is generated, holding one chunk of rows at a time (a
 * million questions: about ten million answers, several GB on disk, hours on a small machine). Migrations must be applied first:
 *   npx wrangler d1 migrations apply DB --local [--persist-to DIR]
 * --persist-to means what it means to wrangler: the data lives in DIR/v3 (default DIR
 * .wrangler/state), so the same DIR names the same store here, in `wrangler dev` and in
 * `wrangler d1 execute`.
 * Whatever it does, it then writes the stems of the questions and answers still waiting for them
 * into the search indexes (all of a store made before the stem index, after its migration);
 * --reindex does only that (`npm run db:migrate` runs it after the migrations).
 */
import path from "node:path";

process.env.WRANGLER_SEND_METRICS = "false";
process.env.WRANGLER_SEND_ERROR_REPORTS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
// no warning about the Durable Object bindings, which the seed does not use
process.env.WRANGLER_LOG ??= "error";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function wholeNumber(name: string): number | undefined {
  const v = arg(name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) {
    console.error(`seed: --${name} needs a whole number, got ${JSON.stringify(v)}`);
    process.exit(2);
  }
  return Number(v);
}

const questions = wholeNumber("questions");
const seed = wholeNumber("seed");
const chunk = wholeNumber("chunk");
const now = wholeNumber("now");
const ifEmpty = process.argv.includes("--if-empty");
const reindexOnly = process.argv.includes("--reindex");
const persistTo = arg("persist-to") ?? path.join(".wrangler", "state");

// imported after the environment is set, so that wrangler reads it
const { getPlatformProxy } = await import("wrangler");
const { isDatabaseEmpty, seedDatabase } = await import("./seed");
const { indexStale } = await import("../../app/models/search/index.server");
const { fillNickKeys } = await import("../../app/models/users/nicks.server");

/**
 * The rows waiting for their stems, stemmed into the search indexes, with a line of progress now
 * and then; and the nicks and brand names still without their keys (a store migrated with rows in it).
 */
async function reindex(db: D1Database) {
  const keyed = await fillNickKeys(db, Number.POSITIVE_INFINITY);
  if (keyed > 0) console.log(`seed: wrote the keys of ${keyed} nicks and brand names`);
  const waiting = await db.prepare("SELECT count(*) AS n FROM search_stale").first<number>("n");
  if (!waiting) return;
  console.log(`seed: writing the stems of ${waiting} questions and answers into the search indexes …`);
  const started = Date.now();
  let done = 0;
  while (true) {
    const n = await indexStale(db, 20_000, 2_000);
    if (n === 0) break;
    done += n;
    console.log(`seed: stemmed ${done} / ${waiting}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

const proxy = await getPlatformProxy<{ DB: D1Database }>({
  configPath: "wrangler.toml",
  persist: { path: path.join(persistTo, "v3") },
  remoteBindings: false,
});
let code = 0;
try {
  const db = proxy.env.DB;
  const migrated = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'questions'").first();
  if (!migrated) {
    console.error(`seed: no tables in ${persistTo}; apply the migrations first: npx wrangler d1 migrations apply DB --local --persist-to ${persistTo}`);
    code = 1;
  } else if (reindexOnly) {
    await reindex(db);
  } else if (!(await isDatabaseEmpty(db))) {
    if (ifEmpty) {
      console.log("seed: the database already has data, nothing to seed");
      await reindex(db);
    } else {
      console.error(`seed: the database in ${persistTo} already has users; seed an empty store (remove it and apply the migrations again)`);
      code = 1;
    }
  } else {
    let shown = 0;
    const started = Date.now();
    const summary = await seedDatabase(db, {
      questions,
      seed,
      chunk,
      now,
      onProgress(done, total) {
        // on a terminal one line that updates every second; in a log a line every 30 seconds
        const every = process.stdout.isTTY ? 1000 : 30_000;
        if (Date.now() - shown < every) return;
        shown = Date.now();
        const line = `seed: ${done} / ${total} questions, ${((Date.now() - started) / 1000).toFixed(0)} s`;
        if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
        else console.log(line);
      },
    });
    if (process.stdout.isTTY) process.stdout.write("\r\x1b[K");
    const rows = Object.entries(summary.counts)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ");
    const total = Object.values(summary.counts).reduce((s, n) => s + n, 0);
    console.log(`seed: done in ${(summary.ms / 1000).toFixed(1)} s, ${total} rows: ${rows}`);
  }
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await proxy.dispose();
}
process.exit(code);
