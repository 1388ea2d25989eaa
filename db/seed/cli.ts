/**
 * Seeds the local D1 store that `wrangler dev` uses:
 *   npx tsx db/seed/cli.ts [--questions N] [--seed S] [--if-empty] [--persist-to DIR]
 * (`npm run seed -- --questions 100000` for a scale run). Migrations must be applied first.
 */
import { getPlatformProxy } from "wrangler";
import { isDatabaseEmpty, seedDatabase } from "./seed";

process.env.WRANGLER_SEND_METRICS ??= "false";
process.env.WRANGLER_SEND_ERROR_REPORTS ??= "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const questions = arg("questions") ? Number(arg("questions")) : undefined;
const seed = arg("seed") ? Number(arg("seed")) : undefined;
const persistTo = arg("persist-to") ?? ".wrangler/state";
const ifEmpty = process.argv.includes("--if-empty");

// wrangler dev and `d1 migrations apply --local` keep their data in <persist-to>/v3
const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${persistTo}/v3` } });
try {
  const db = proxy.env.DB;
  if (ifEmpty && !(await isDatabaseEmpty(db))) {
    console.log("seed: the database already has data, nothing to do");
  } else {
    const summary = await seedDatabase(db, { questions, seed });
    const rows = Object.entries(summary.counts)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ");
    console.log(`seed: done in ${(summary.ms / 1000).toFixed(1)} s: ${rows}`);
  }
} finally {
  await proxy.dispose();
}
