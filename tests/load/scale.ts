/**
 * The scale section of `npm run bench` (BENCH_ONLY=scale): the same pages against two stores, the
 * default seed (BENCH_SCALE_BASE, 2000 questions) and a big one (BENCH_QUESTIONS, e.g. 1000000),
 * one after the other on the same port, and for each page the ratio of its latency at the big
 * store to the small one (a flat page stays near 1; the goal is ≤ 1.2).
 *
 * Each store is seeded once and kept: .wrangler/bench-scale-q{N} (its `seeded` file says it is
 * complete), so a second run measures at once; delete the folder to seed again. Seeding a million
 * questions takes hours on a small machine (`nice`d; the seeder prints its progress).
 *
 * The pages: the question page (no cache), a category's first page and its deepest (the offset cap),
 * the whole site's list and the questions in voting, a category's best tab, the busiest asker's
 * profile lists (questions, answers, and their deepest page), the leaders of the week and of all
 * time, search (a narrow query, a broad one, answers only) and the suggestions.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { answers, bin, quietEnv } from "../../scripts/local-env.mjs";
import { DEV_VARS } from "../../scripts/dev-vars.mjs";

type Opts = { port: number; seconds: number; big: number; base: number; log: (msg: string) => void };
type Line = { name: string; path: string; status: number; p50: number; p99: number; mean: number; rps: number; rows: string };

const env = { ...quietEnv, CI: "1" };
const DEEPEST = 980; // LIMITS.maxOffset (1000) less a page of 20: the deepest page a list serves

function runQuiet(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`\`${path.basename(cmd)} ${args.join(" ")}\` exited with ${r.status ?? r.signal}: ${(r.stderr ?? "").slice(-2000)}`);
  return r.stdout;
}

function sql<T>(dir: string, query: string): T[] {
  const out = runQuiet(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", dir, "--json", "--command", query]);
  return (JSON.parse(out.slice(out.indexOf("[")))[0]?.results ?? []) as T[];
}

/** The store of n questions, seeded once (seed 7, as the rest of the bench) and reused. */
function storeOf(n: number, log: Opts["log"]): string {
  const dir = `.wrangler/bench-scale-q${n}`;
  if (fs.existsSync(path.join(dir, "seeded"))) {
    log(`reusing ${dir}`);
    return dir;
  }
  log(`seeding ${dir} with ${n} questions (once; kept for the next runs) …`);
  fs.rmSync(dir, { recursive: true, force: true });
  runQuiet(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  const r = spawnSync("nice", ["-n", "10", bin("tsx"), "db/seed/cli.ts", "--questions", String(n), "--seed", "7", "--persist-to", dir], {
    env,
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error(`seeding ${dir} failed (${r.status ?? r.signal})`);
  fs.writeFileSync(path.join(dir, "seeded"), `${n} questions, seed 7, ${new Date().toISOString()}\n`);
  return dir;
}

/** What the pages point at in a store: question 1's top category, the busiest asker, a broad word. */
function targetsOf(dir: string) {
  const cat = sql<{ u: string }>(dir, "SELECT t.urlname AS u FROM questions q JOIN categories t ON t.id = q.top_category_id WHERE q.id = 1")[0]?.u;
  const asker = sql<{ id: number }>(dir, "SELECT id FROM users ORDER BY questions_count DESC, id LIMIT 1")[0]?.id ?? 1;
  return { cat: cat ?? "categories", asker };
}

function pagesOf(t: { cat: string; asker: number }, broad: string): [string, string][] {
  const q = encodeURIComponent;
  return [
    ["question page (no cache)", "/question/1"],
    ["category, first page", `/${t.cat}/`],
    ["category, deepest page", `/${t.cat}/?p=${DEEPEST}`],
    ["category, best tab", `/${t.cat}/best`],
    ["all questions (feed)", "/"],
    ["all questions, deepest page", `/?p=${DEEPEST}`],
    ["in voting (feed)", "/vote/"],
    ["profile: questions", `/profile/id${t.asker}`],
    ["profile: answers", `/profile/id${t.asker}/answers`],
    ["profile: answers, deepest page", `/profile/id${t.asker}/answers?p=${DEEPEST}`],
    ["leaders of the week", "/top/points/week/"],
    ["leaders of all time", "/top/points/all/"],
    ["usrrating (leaders block)", "/api/v2/usrrating?type=points&p=0&n=8"],
    ["search: narrow", `/search/${q("язык программирования")}`],
    [`search: broad «${broad}»`, `/search/${q(broad)}`],
    ["search: broad, answers only", `/search/w-a/${q(broad)}`],
    ["suggest «язы»", `/api/v2/suggest?q=${q("язы")}`],
  ];
}

async function serve(dir: string, port: number): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  if (await answers(base)) throw new Error(`something already answers on ${base}; stop it or set BENCH_PORT`);
  const log = fs.openSync(`${dir}.log`, "w");
  const server = spawn(
    bin("wrangler"),
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      dir,
      "--var",
      "D1_STATS:1",
      "--var",
      "BENCH_KNOBS:1",
      "--var",
      `PEPPER:${DEV_VARS.PEPPER}`,
      "--var",
      "CAPTCHA_SECRET:bench-captcha-secret",
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    { env: { ...env, NODE_ENV: "production" }, detached: true, stdio: ["ignore", log, log] },
  );
  fs.closeSync(log);
  const deadline = Date.now() + 180_000;
  while (!(await answers(base))) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`wrangler dev did not come up on ${dir}; see ${dir}.log`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return server;
}

async function stop(server: ChildProcess) {
  if (server.pid === undefined || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    return;
  }
  const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
  if (!done) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
}

async function measureAll(port: number, seconds: number, pages: [string, string][], log: Opts["log"]): Promise<Line[]> {
  const base = `http://127.0.0.1:${port}`;
  // signed-in-like (no page cache), the search limit lifted: every request is a render
  const headers = { cookie: "sid=bench", "x-bench-rate": "off" };
  const out: Line[] = [];
  for (const [name, urlPath] of pages) {
    await new Promise((r) => setTimeout(r, 300));
    const probe = await fetch(base + urlPath, { headers, redirect: "manual" });
    await probe.arrayBuffer();
    log(`  ${name}: ${urlPath} (status ${probe.status}) …`);
    const r = await autocannon({ url: base + urlPath, connections: 4, duration: seconds, headers, timeout: 30, warmup: { connections: 1, duration: 1 } });
    out.push({
      name,
      path: urlPath,
      status: probe.status,
      p50: r.latency.p50,
      p99: r.latency.p99,
      mean: r.latency.mean,
      rps: r.requests.average,
      rows: probe.headers.get("x-d1-rows-read") ?? "",
    });
  }
  return out;
}

/** The scale lines: each page at the default seed and at the big one, and their ratio. */
export async function scaleBench(o: Opts): Promise<void> {
  const t0 = Date.now();
  const small = storeOf(o.base, o.log);
  const big = storeOf(o.big, o.log);
  o.log(`stores ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const broad =
    sql<{ term: string }>(small, "SELECT term FROM answers_fts_words WHERE length(term) >= 5 AND term NOT GLOB '*[0-9]*' ORDER BY doc DESC LIMIT 1")[0]?.term ??
    "вопрос";
  const results: Line[][] = [];
  for (const dir of [small, big]) {
    const pages = pagesOf(targetsOf(dir), broad);
    o.log(`serving ${dir} …`);
    const server = await serve(dir, o.port);
    try {
      results.push(await measureAll(o.port, o.seconds, pages, o.log));
    } finally {
      await stop(server);
    }
  }
  const [a, b] = results;
  console.log(`\nscale: the same pages at ${o.base} and at ${o.big} seeded questions (4 connections, ${o.seconds} s each, no page cache)\n`);
  console.table(
    a.map((x, i) => {
      const y = b[i];
      const ratio = x.mean > 0 ? y.mean / x.mean : Number.NaN;
      return {
        page: x.name,
        [`status`]: `${x.status}/${y.status}`,
        [`mean ms @${o.base}`]: Math.round(x.mean * 10) / 10,
        [`mean ms @${o.big}`]: Math.round(y.mean * 10) / 10,
        [`p99 @${o.base}`]: x.p99,
        [`p99 @${o.big}`]: y.p99,
        [`req/s @${o.base}`]: Math.round(x.rps * 10) / 10,
        [`req/s @${o.big}`]: Math.round(y.rps * 10) / 10,
        "D1 rows": `${x.rows}/${y.rows}`,
        ratio: Math.round(ratio * 100) / 100,
        "≤ 1.2": ratio <= 1.2 ? "yes" : "NO",
      };
    }),
  );
  const worst = Math.max(...a.map((x, i) => b[i].mean / x.mean));
  console.log(
    `scale: worst latency ratio ${worst.toFixed(2)} (${o.big} vs ${o.base} questions); pages over 1.2: ${a.filter((x, i) => b[i].mean / x.mean > 1.2).length}`,
  );
}
