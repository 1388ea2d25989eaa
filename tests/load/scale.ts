/**
 * The scale section of `npm run bench` (BENCH_ONLY=scale): the same pages against two stores, the
 * default seed (BENCH_SCALE_BASE, 2000 questions) and a big one (BENCH_QUESTIONS, e.g. 1000000),
 * each served by its own `wrangler dev` (BENCH_PORT and BENCH_SCALE_PORT, default BENCH_PORT + 90)
 * at the same time, and for each page the ratio of its latency at the big store to the small
 * one (a flat page stays near 1; the goal is ≤ 1.2), with each page's p50 (the median of its turns' p50) and p99 (the worst turn's). Beside it, the time each page waits for D1
 * when requested alone (x-d1-ms, the median of 7): the part of a page that grows with the data. The machine's load changes from second to
 * second, so the two are measured in turns, a few short rounds each, and their times summed.
 *
 * Each store is seeded once and kept: .wrangler/bench-scale-q{N} (its `seeded` file says it is
 * complete), so a second run measures at once; delete the folder to seed again. Seeding a million
 * questions takes hours on a small machine (`nice`d; the seeder prints its progress).
 *
 * The pages: the question page (no cache), a category's first page and its deepest full page (at
 * the offset cap, or a small store's last full page), the whole site's list and the questions in
 * voting, a category's best tab, the busiest asker's profile lists (questions, answers, and their
 * deepest page), the feeds of a signed-in reader who follows the store's 200 busiest askers (the
 * page of the people he follows, and the feed call for them and for the questions he watches), the
 * leaders of the week and of all time, search (a narrow query of planted words, two words rare at
 * the small store and common at the big one, a broad query, answers only) and the suggestions.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { answers, bin, quietEnv } from "../../scripts/local-env.mjs";
import { benchDevArgs } from "./dev-args";
import { FEED_READER, signIn } from "./feeds";
import { median } from "./render";

type Opts = { port: number; seconds: number; big: number; base: number; log: (msg: string) => void };
/** rounds of turns per page: small, big, small, big … */
const ROUNDS = 3;
type Line = { name: string; path: string; status: number; p50: number; p99: number; mean: number; rps: number; rows: string; d1ms: number; bytes: number };

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
    log(`reusing ${dir} (with the migrations made since it was seeded)`);
    runQuiet(process.execPath, ["scripts/migrate.mjs", "--local", "--persist-to", dir]);
    return dir;
  }
  log(`seeding ${dir} with ${n} questions (once; kept for the next runs) …`);
  fs.rmSync(dir, { recursive: true, force: true });
  runQuiet(process.execPath, ["scripts/migrate.mjs", "--local", "--persist-to", dir]);
  const r = spawnSync("nice", ["-n", "10", bin("tsx"), "db/seed/cli.ts", "--questions", String(n), "--seed", "7", "--persist-to", dir], {
    env,
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error(`seeding ${dir} failed (${r.status ?? r.signal})`);
  fs.writeFileSync(path.join(dir, "seeded"), `${n} questions, seed 7, ${new Date().toISOString()}\n`);
  return dir;
}

/** how many of the store's busiest askers the feeds' reader (FEED_READER, signed in) follows */
const FOLLOWED = 200;

/** A list's deepest full page in a store of `n` rows: the offset cap's, or the last full page of a shorter list. */
const deepest = (n: number) => Math.max(0, Math.min(DEEPEST, n - 20));

/**
 * What the pages point at in a store: question 1's top category, the busiest asker, a broad word,
 * and the deepest full page of each list that pages (a small store's list may end before the
 * offset cap: its deepest page is then its last full one, so both stores show a full page).
 */
function targetsOf(dir: string) {
  const cat = sql<{ u: string; n: number }>(
    dir,
    "SELECT t.urlname AS u, t.qcount AS n FROM questions q JOIN categories t ON t.id = q.top_category_id WHERE q.id = 1",
  )[0];
  const asker = sql<{ id: number; a: number }>(dir, "SELECT id, answers_count AS a FROM users ORDER BY questions_count DESC, id LIMIT 1")[0];
  const all = sql<{ n: number }>(dir, "SELECT sum(qcount) AS n FROM categories WHERE parent_id IS NULL")[0]?.n ?? 0;
  return {
    cat: cat?.u ?? "categories",
    catDeep: deepest(cat?.n ?? 0),
    allDeep: deepest(all),
    asker: asker?.id ?? 1,
    askerDeep: deepest(asker?.a ?? 0),
  };
}

/**
 * The reader of the feeds follows the store's FOLLOWED busiest askers (kept between runs: a
 * follow that is there is left as it is), his counter set to match.
 */
function followBusiest(dir: string) {
  const reader = `(SELECT id FROM users WHERE email = '${FEED_READER}')`;
  sql(
    dir,
    `INSERT OR IGNORE INTO follows (follower_id, target_type, target_id, added) SELECT ${reader}, 'U', id, ${Date.now()} FROM users WHERE email <> '${FEED_READER}' ORDER BY questions_count DESC, id LIMIT ${FOLLOWED}`,
  );
  sql(dir, `UPDATE users SET following = (SELECT count(*) FROM follows WHERE follower_id = users.id AND target_type = 'U') WHERE email = '${FEED_READER}'`);
}

/** The narrow search's words: planted in both stores (plantNarrow), found in no seeded text. */
const NARROW = "эхолот для рыбалки";
/** How many questions hold them: a page and a little more at both sizes. */
const NARROW_QUESTIONS = 25;

/**
 * Plants NARROW_QUESTIONS questions with the narrow search's words in a store (once: the file
 * `narrow` says so), in question 1's category, asked in the last minutes. Seeded texts repeat
 * their phrases, so two words that are rare among 2,000 questions are common among a million:
 * planted words are rare at both sizes, and the narrow search shows the same page at both.
 * Written by SQL, they are stemmed by the first search, as any row written outside the worker.
 */
function plantNarrow(dir: string) {
  const mark = path.join(dir, "narrow");
  if (fs.existsSync(mark)) return;
  const now = Date.now();
  sql(
    dir,
    `INSERT INTO questions (user_id, category_id, top_category_id, qtext, qcomment, state, added, state_changed_at, updated_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${NARROW_QUESTIONS})
     SELECT q.user_id, q.category_id, q.top_category_id, 'Какой эхолот выбрать для рыбалки с лодки, модель ' || i || '?',
       'Бюджет до ' || (i * 1000) || ' рублей, ловлю на реке.', 'A', ${now} - i * 60000, ${now} - i * 60000, ${now} - i * 60000
     FROM n, questions q WHERE q.id = 1`,
  );
  fs.writeFileSync(mark, `${NARROW_QUESTIONS} questions, ${new Date(now).toISOString()}\n`);
}

/** A page of the section: its name, its path, and whether it is read as the feeds' reader (else as a reader the page cache skips). */
type Page = [string, string, "feed reader"?];

function pagesOf(t: ReturnType<typeof targetsOf>, broad: string, reader: number): Page[] {
  const q = encodeURIComponent;
  return [
    ["question page (no cache)", "/question/1"],
    ["category, first page", `/${t.cat}/`],
    ["category, deepest page", `/${t.cat}/?p=${t.catDeep}`],
    ["category, best tab", `/${t.cat}/best`],
    ["all questions (feed)", "/"],
    ["all questions, deepest page", `/?p=${t.allDeep}`],
    ["in voting (feed)", "/vote/"],
    ["profile: questions", `/profile/id${t.asker}`],
    ["profile: answers", `/profile/id${t.asker}/answers`],
    ["profile: answers, deepest page", `/profile/id${t.asker}/answers?p=${t.askerDeep}`],
    [`feed page: people (follows ${FOLLOWED} busiest)`, `/profile/id${reader}/feed/users`, "feed reader"],
    ["feed call: people", "/api/notify/feed?sub=users", "feed reader"],
    ["feed call: watched questions", "/api/notify/feed?sub=questions", "feed reader"],
    ["leaders of the week", "/top/points/week/"],
    ["leaders of all time", "/top/points/all/"],
    ["usrrating (leaders block)", "/api/v2/usrrating?type=points&p=0&n=8"],
    [`search: narrow «${NARROW}»`, `/search/${q(NARROW)}`],
    // rare among 2,000 seeded questions (a result or two), common among a million (a full page)
    ["search: «язык программирования»", `/search/${q("язык программирования")}`],
    [`search: broad «${broad}»`, `/search/${q(broad)}`],
    ["search: broad, answers only", `/search/w-a/${q(broad)}`],
    ["suggest «язы»", `/api/v2/suggest?q=${q("язы")}`],
  ];
}

async function serve(dir: string, port: number): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  if (await answers(base)) throw new Error(`something already answers on ${base}; stop it or set BENCH_PORT`);
  const log = fs.openSync(`${dir}.log`, "w");
  const server = spawn(bin("wrangler"), benchDevArgs(port, dir), { env: { ...env, NODE_ENV: "production" }, detached: true, stdio: ["ignore", log, log] });
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

type Sample = {
  status: number;
  rows: string;
  d1ms: number;
  bytes: number;
  latencies: number[];
  requests: number;
  seconds: number;
  p50: number[];
  p99: number[];
};

/** A page requested alone, 7 times: its status, D1 rows, size (bytes), and the median time it waited for D1 (x-d1-ms). */
async function probe(base: string, urlPath: string, headers: Record<string, string>) {
  const waits: number[] = [];
  let status = 0;
  let rows = "";
  let bytes = 0;
  for (let i = 0; i < 7; i++) {
    const res = await fetch(base + urlPath, { headers, redirect: "manual" });
    bytes = (await res.arrayBuffer()).byteLength;
    status = res.status;
    rows = res.headers.get("x-d1-rows-read") ?? "";
    waits.push(Number(res.headers.get("x-d1-ms") ?? Number.NaN));
  }
  waits.sort((a, b) => a - b);
  return { status, rows, bytes, d1ms: waits[3] };
}

/** Each page on both servers in turns; a line per page and server. */
async function measureBoth(
  ports: [number, number],
  seconds: number,
  pages: [Page[], Page[]],
  readerCookies: [string, string],
  log: Opts["log"],
): Promise<[Line[], Line[]]> {
  // signed-in-like (no page cache), the search limit lifted: every request is a render; the feeds as their reader
  const headersOf = (k: 0 | 1, page: Page) => ({ cookie: page[2] ? readerCookies[k] : "sid=bench", "x-bench-rate": "off" });
  const out: [Line[], Line[]] = [[], []];
  const turn = Math.max(1, Math.round(seconds / ROUNDS));
  for (let i = 0; i < pages[0].length; i++) {
    const samples: Sample[] = [];
    for (const k of [0, 1] as const) {
      const base = `http://127.0.0.1:${ports[k]}`;
      const p = await probe(base, pages[k][i][1], headersOf(k, pages[k][i]));
      samples.push({ ...p, latencies: [], requests: 0, seconds: 0, p50: [], p99: [] });
    }
    log(`  ${pages[0][i][0]}: ${pages[0][i][1]} | ${pages[1][i][1]} (status ${samples[0].status}/${samples[1].status}) …`);
    for (let round = 0; round < ROUNDS; round++) {
      for (const k of [0, 1] as const) {
        await new Promise((r) => setTimeout(r, 200));
        const r = await autocannon({
          url: `http://127.0.0.1:${ports[k]}${pages[k][i][1]}`,
          connections: 4,
          duration: turn,
          headers: headersOf(k, pages[k][i]),
          timeout: 30,
        });
        samples[k].latencies.push(r.latency.mean * r.requests.total);
        samples[k].requests += r.requests.total;
        samples[k].seconds += turn;
        samples[k].p50.push(r.latency.p50);
        samples[k].p99.push(r.latency.p99);
      }
    }
    for (const k of [0, 1]) {
      const s = samples[k];
      out[k].push({
        name: pages[k][i][0],
        path: pages[k][i][1],
        status: s.status,
        mean: s.requests ? s.latencies.reduce((a, b) => a + b, 0) / s.requests : Number.NaN,
        p50: median(s.p50),
        p99: Math.max(...s.p99),
        rps: s.requests / s.seconds,
        rows: s.rows,
        d1ms: s.d1ms,
        bytes: s.bytes,
      });
    }
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
  const ports: [number, number] = [o.port, Number(process.env.BENCH_SCALE_PORT ?? o.port + 90)];
  const targets = [targetsOf(small), targetsOf(big)] as const;
  followBusiest(small);
  followBusiest(big);
  plantNarrow(small);
  plantNarrow(big);
  o.log(`serving ${small} on ${ports[0]} and ${big} on ${ports[1]} …`);
  const servers: ChildProcess[] = [];
  let results: [Line[], Line[]];
  try {
    servers.push(await serve(small, ports[0]));
    servers.push(await serve(big, ports[1]));
    const readers = [await signIn(`http://127.0.0.1:${ports[0]}`, FEED_READER), await signIn(`http://127.0.0.1:${ports[1]}`, FEED_READER)] as const;
    const pages: [Page[], Page[]] = [pagesOf(targets[0], broad, readers[0].id), pagesOf(targets[1], broad, readers[1].id)];
    results = await measureBoth(ports, o.seconds, pages, [readers[0].cookie, readers[1].cookie], o.log);
  } finally {
    for (const s of servers) await stop(s);
  }
  const [a, b] = results;
  console.log(
    `\nscale: the same pages at ${o.base} and at ${o.big} seeded questions (4 connections, ${ROUNDS} turns of ${Math.max(1, Math.round(o.seconds / ROUNDS))} s on each, in alternation; no page cache)\n`,
  );
  console.table(
    a.map((x, i) => {
      const y = b[i];
      const ratio = x.mean > 0 ? y.mean / x.mean : Number.NaN;
      return {
        page: x.name,
        status: `${x.status}/${y.status}`,
        [`mean ms @${o.base}`]: Math.round(x.mean * 10) / 10,
        [`mean ms @${o.big}`]: Math.round(y.mean * 10) / 10,
        [`p50 @${o.base}`]: x.p50,
        [`p50 @${o.big}`]: y.p50,
        [`p99 @${o.base}`]: x.p99,
        [`p99 @${o.big}`]: y.p99,
        [`req/s @${o.base}`]: Math.round(x.rps * 10) / 10,
        [`req/s @${o.big}`]: Math.round(y.rps * 10) / 10,
        // what the page shows grows with the data where a list is not yet full at the small store
        KB: `${(x.bytes / 1024).toFixed(1)}/${(y.bytes / 1024).toFixed(1)}`,
        "D1 rows": `${x.rows}/${y.rows}`,
        "D1 ms": `${x.d1ms.toFixed(1)}/${y.d1ms.toFixed(1)}`,
        ratio: Math.round(ratio * 100) / 100,
        "≤ 1.2": ratio <= 1.2 ? "yes" : "NO",
      };
    }),
  );
  const worst = Math.max(...a.map((x, i) => b[i].mean / x.mean));
  // each named with its size at both stores: a page that shows more at the big store is not the same page
  const over = a.flatMap((x, i) => (b[i].mean / x.mean > 1.2 ? [`${x.name}: ${(x.bytes / 1024).toFixed(1)} KB / ${(b[i].bytes / 1024).toFixed(1)} KB`] : []));
  console.log(
    `scale: worst latency ratio ${worst.toFixed(2)} (${o.big} vs ${o.base} questions); pages over 1.2: ${over.length}${over.length ? ` (${over.join("; ")})` : ""}`,
  );
}
