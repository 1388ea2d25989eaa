/**
 * `npm run bench`: the app as a reader meets it, on this machine.
 *
 * Builds, prepares its own store (.wrangler/bench-state: wiped, migrated, seeded with 2000
 * questions, seed 7), serves it with `wrangler dev` (NODE_ENV=production, D1_STATS=1, the
 * development pepper and a captcha secret of its own) on 127.0.0.1:8799, then runs autocannon
 * (10 connections, 8 s each, one after another) against a static asset, the question page
 * /question/1 as a guest (page cache), signed in and uncached (cookie sid=bench), with the
 * worker's CPU per request from the V8 profiler (tests/load/render.ts), a write reaching guests
 * (an answer, then the next guest's request: rendered anew, its count of answers one more), and the
 * category page of question 1. Prints a table and the question page's size and D1 work. Then
 * the live parts: the added latency of the daily-quota check on `addans` (requests with and
 * without it, alternating, one at a time), and the fan-out of one new answer to 1,000
 * WebSockets on one QuestionRoom. Then the islands' budgets in Chromium (tests/load/page-weight.ts):
 * JavaScript bytes, render-blocking bytes, FCP and LCP under throttling, beside Remix's full
 * hydration of the same page. The leaders: /top/points/week/ without the page cache and the
 * `usrrating` call of the leaders block (points, p 0, n 8), with the rows each read from D1.
 * Search: the search page for a narrow query (two words of one seeded
 * title), a broad one (the word most answers hold), the same in answers only, a query with a typo
 * (searched for again, corrected) and the search box's suggestions, each with the D1 rows it reads
 * (the per-address search limit is lifted for these requests: x-bench-rate). The live section
 * (tests/load/live.ts) also fans answers out to 10,000 sockets over 100 questions; the load section
 * (tests/load/mixed.ts: a 5-minute mixed run at the highest rate that holds) runs only when asked
 * for (BENCH_ONLY=load, or BENCH_LOAD=1 with the rest). Knobs: BENCH_PORT,
 * BENCH_SECONDS, BENCH_QUESTIONS (`BENCH_QUESTIONS=100000 npm run bench`: about a million
 * answers, seeding takes minutes), BENCH_ONLY=search,leaders (a comma-separated list of sections: those
 * lines alone, beside the static asset; also live, weights, load and replicas), BENCH_ANSWERS (per side, default 150),
 * BENCH_SOCKETS (default 1000), BENCH_SPREAD and BENCH_ROOMS (10,000 sockets over 100 questions),
 * BENCH_LOAD_SECONDS (300), BENCH_LOAD_AT (the long run's rate, without the search). BENCH_ONLY=replicas: the D1 round trips (in a row, and in all)
 * before the first byte of a signed-in reader's pages (tests/load/replicas.ts; also in the full
 * run). BENCH_ONLY=scale: the same pages at the default seed and at BENCH_QUESTIONS, served side
 * by side, and the ratio of their latencies (tests/load/scale.ts; not in the full run).
 * BENCH_ONLY=feeds (also in the full run): a feed page's latency for a user following 1,000 users
 * and for a user with 100,000 followers beside each one's profile page (tests/load/feeds.ts).
 * BENCH_ONLY=photos (also in the full run): one upload of the 1600×1200 test photo, the worker's busy
 * CPU per upload from the V8 profiler and its wall time, and the bytes of the 120 px preview served
 * (tests/load/photos.ts; BENCH_PHOTOS uploads per line, default 20). BENCH_ONLY=push (also in the
 * full run): a new answer's Web Push from the write to the local push service (tests/load/push.ts;
 * BENCH_PUSHES answers, default 10). BENCH_ONLY=threads (also in the full run, last): questions
 * 2–501 move to THREADS_1 through the operator's door while the server runs, and one of them is
 * measured before (DB) and after (THREADS_1) the move (tests/load/threads.ts).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import autocannon, { type Result } from "autocannon";
import { answers } from "../../scripts/local-env.mjs";
import { benchDevArgs } from "./dev-args";
import { feedsRows, feedsSeedSql } from "./feeds";
import { pageWeights, printWeights } from "./page-weight";
import { PUSHES, pushLatency, pushService } from "./push";
import { LIVE_QUESTIONS, liveBench } from "./live";
import { loadBench, planLoad } from "./mixed";
import { photosSection } from "./photos";
import { startDeployed, startFloorWorker } from "./deployed";
import { renderSection } from "./render";
import { signedInRoundTrips } from "./replicas";
import { scaleBench } from "./scale";
import { planThreads, THREAD_VARS, threadsSection } from "./threads";

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 2000);
const BASE = `http://127.0.0.1:${PORT}`;
/** the worker's DevTools inspector (the render section's CPU profile) */
const INSPECTOR = PORT + 1000;
const STATE = ".wrangler/bench-state";
/** the deployed bundle beside wrangler dev (the render section's last CPU lines) and its inspector */
const deployed = { bundle: () => startDeployed(STATE, PORT + 3, PORT + 1003), floor: () => startFloorWorker(PORT + 3, PORT + 1003) };
const LOG = ".wrangler/bench-wrangler.log";
const QUESTION = "/question/1";
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 150);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
/** BENCH_ONLY: a comma-separated list of sections to run alone (search, leaders, …); empty = the whole bench */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
/** whether a section runs: every one when BENCH_ONLY is empty, else those it names */
const wanted = (section: string) => ONLY.size === 0 || ONLY.has(section);
/** the 5-minute mixed load runs only when asked for */
const LOAD = ONLY.has("load") || process.env.BENCH_LOAD === "1";
const LEADERS_PAGE = "/top/points/week/";
const LEADERS_CALL = "/api/v2/usrrating?type=points&p=0&n=8";
/** a VIP: never asked for a captcha, AAQ limit 500 */
const WRITER = "vip@demo.local";
const NO_CACHE = { cookie: "sid=bench" };
/** search from one address: the per-address search limit lifted for these requests (BENCH_KNOBS) */
const NO_RATE = { "x-bench-rate": "off" };
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "1",
};
const bin = (name: string) => path.join("node_modules", ".bin", name);
const started = Date.now();
const log = (msg: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${msg}`);

function run(cmd: string, args: string[], quiet = true): string {
  const r = spawnSync(cmd, args, { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout ?? ""}${r.stderr ?? ""}`);
    throw new Error(`\`${path.basename(cmd)} ${args.join(" ")}\` exited with ${r.status ?? r.signal}`);
  }
  if (!quiet) process.stdout.write(r.stdout);
  return r.stdout;
}

let server: ChildProcess | null = null;
function stopServer() {
  if (server?.pid === undefined || server.exitCode !== null) return;
  try {
    process.kill(-server.pid, "SIGTERM"); // the whole group: npx, wrangler, workerd
  } catch {
    /* gone */
  }
}
async function stopServerAndWait() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server!.once("exit", r));
  stopServer();
  const killed = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
  if (!killed && server.pid !== undefined) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
}
/** The local push service (Web Push's latency: tests/load/push.ts), started before the server, whose vars name it. */
const push = await pushService();

/** Starts `wrangler dev` on the bench's store (its log in LOG, appended to on a restart) and waits until it answers. */
async function startServer() {
  log(`starting wrangler dev on ${BASE}`);
  const out = fs.openSync(LOG, "a");
  server = spawn(bin("wrangler"), [...benchDevArgs(PORT, STATE, { ...push.vars, ...THREAD_VARS }), "--inspector-port", String(INSPECTOR)], {
    env: { ...env, NODE_ENV: "production" },
    detached: true,
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const deadline = Date.now() + 90_000;
  while (!(await answers(BASE))) {
    if (server.exitCode !== null || server.signalCode !== null || Date.now() > deadline) {
      throw new Error(`wrangler dev did not come up; see ${LOG}:\n${fs.readFileSync(LOG, "utf8").split("\n").slice(-20).join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    stopServer();
    process.exit(130);
  });
}
process.on("exit", stopServer);

/** A hashed CSS/JS file from the client build, else the favicon from public/. */
function staticAsset(): string {
  const dir = "build/client/assets";
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const pick = files.find((f) => f.endsWith(".css")) ?? files.find((f) => f.endsWith(".js"));
  if (pick) return `/assets/${pick}`;
  const icon = ["favicon.ico", "favicon.svg"].find((f) => fs.existsSync(path.join("public", f)));
  return `/${icon ?? "favicon.ico"}`;
}

/** One SQL statement with wrangler on a store no server holds (the bench's by default): its rows and D1's time. */
function d1Execute<T = Record<string, unknown>>(sql: string, store = STATE): { results: T[]; meta?: { duration?: number } } {
  const out = run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", store, "--json", "--command", sql]);
  const first = JSON.parse(out.slice(out.indexOf("[")))[0];
  return { results: first?.results ?? [], meta: first?.meta };
}

/** The top category of question 1, straight from D1 (before the server holds the store). */
function categoryFromD1(): string | null {
  try {
    const rows = d1Execute<{ top: string }>("SELECT t.urlname AS top FROM questions q JOIN categories t ON t.id = q.top_category_id WHERE q.id = 1").results;
    return rows[0]?.top ? `/${rows[0].top}/` : null;
  } catch {
    return null;
  }
}

/**
 * How D1 answers the first page of the leaders (19 places), the week's by points and all time's,
 * as the model queries them (app/models/users/leaders.server.ts): the places, the time D1 took and
 * the query plan — an index walked in order, no sort. Straight from the store (local D1 reports no
 * rows read, and the server's D1 stats cannot see them through drizzle's raw results).
 */
function leadersQueries(): string[] {
  const week = Math.floor((Date.now() - 334_800_000) / 604_800_000);
  const queries: [string, string][] = [
    [
      "week by points",
      `SELECT u.id, u.nick, l.points, coalesce(w.anscnt, 0) FROM leaders_week l JOIN users u ON u.id = l.user_id LEFT JOIN leaders_week w ON w.week = ${week} AND w.cat = 0 AND w.user_id = l.user_id WHERE l.week = ${week} AND l.cat = 0 AND l.points > 0 AND u.ban_permanent = 0 ORDER BY l.points DESC, l.user_id DESC LIMIT 19`,
    ],
    [
      "all time by points",
      `SELECT u.id, u.nick, u.points, coalesce(w.points, 0) FROM users u LEFT JOIN leaders_week w ON w.week = ${week} AND w.cat = 0 AND w.user_id = u.id WHERE u.points > 0 AND u.ban_permanent = 0 ORDER BY u.points DESC, u.id DESC LIMIT 19`,
    ],
  ];
  return queries.map(([name, sql]) => {
    try {
      const r = d1Execute(sql);
      const plan = d1Execute(`EXPLAIN QUERY PLAN ${sql}`).results.map((p) => String(p.detail));
      const sorts = plan.some((p) => p.includes("TEMP B-TREE"));
      return `leaders ${name}, first page: ${r.results.length} places in ${r.meta?.duration ?? "n/a"} ms, ${sorts ? "SORTS" : "no sort"}; plan: ${plan.join(" | ")}`;
    } catch (e) {
      return `leaders ${name}: not measured (${e instanceof Error ? e.message.split("\n")[0] : e})`;
    }
  });
}

async function categoryFromPage(): Promise<string | null> {
  try {
    const html = (await fetchOnce("/categories/")).body.toString("utf8");
    const m = html.match(/href="(\/[a-z0-9_-]+\/)"/i);
    return m && m[1] !== "/categories/" ? m[1] : null;
  } catch {
    return null;
  }
}

type Row = { name: string; path: string; result: Result; bodyBytes: number; status: number; rowsRead: string | null };

/** One request, body read in full; retried when a keep-alive socket closed under it after a load run. */
async function fetchOnce(urlPath: string, headers: Record<string, string> = {}): Promise<{ res: Response; body: Buffer }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(BASE + urlPath, { headers, redirect: "manual", signal: AbortSignal.timeout(20_000) });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    } catch (e) {
      if (attempt >= 3) throw e;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function measure(name: string, urlPath: string, headers: Record<string, string> = {}): Promise<Row> {
  await new Promise((r) => setTimeout(r, 500)); // let the previous run's connections close
  const { res: probe, body } = await fetchOnce(urlPath, headers);
  const bodyBytes = body.byteLength;
  log(`${name}: ${urlPath} (status ${probe.status}) …`);
  const result = await autocannon({
    url: BASE + urlPath,
    connections: 10,
    duration: SECONDS,
    headers,
    timeout: 20,
    warmup: { connections: 2, duration: 1 },
  });
  return { name, path: urlPath, result, bodyBytes, status: probe.status, rowsRead: probe.headers.get("x-d1-rows-read") };
}

/** The word most answers hold (5 letters or more), straight from D1's index of the answers. */
function broadWordFromD1(): string {
  const rows = d1Execute<{ term: string }>(
    "SELECT term FROM answers_fts_words WHERE length(term) >= 5 AND term NOT GLOB '*[0-9]*' ORDER BY doc DESC LIMIT 1",
  ).results;
  return rows[0]?.term ?? "вопрос";
}

/** The search lines: each a page (or the suggest call) and the D1 rows one request of it reads. */
async function searchRows(broad: string): Promise<Row[]> {
  const q = (text: string) => encodeURIComponent(text);
  const lines: [string, string][] = [
    ["search: narrow query", `/search/${q("язык программирования")}`],
    ["search: narrow, answers only", `/search/w-a/${q("язык программирования")}`],
    [`search: broad «${broad}»`, `/search/${q(broad)}`],
    [`search: broad, by date`, `/search/s-date/${q(broad)}`],
    ["search: a typo, corrected", `/search/${q("программирвание")}`],
    ["search: nothing found", `/search/${q("зыргкляпс фрумпель")}`],
    ["suggest «язы»", `/api/v2/suggest?q=${q("язы")}`],
  ];
  const out: Row[] = [];
  for (const [name, urlPath] of lines) out.push(await measure(name, urlPath, NO_RATE));
  return out;
}

/** Open questions the writer neither asked nor answered, straight from D1 (before the server holds the store). */
function openQuestionsFromD1(n: number): number[] {
  const rows = d1Execute<{ id: number }>(
    `SELECT q.id FROM questions q, users u WHERE u.email = '${WRITER}' AND q.state = 'A' AND q.user_id <> u.id
       AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.qid = q.id AND a.user_id = u.id) ORDER BY q.id DESC LIMIT ${n}`,
  ).results;
  return rows.map((r) => r.id);
}

/** Questions and their owners' e-mails (every seeded password is demo12345), for the push section. */
function pushQuestions(qids: number[]): { qid: number; owner: string }[] {
  if (qids.length === 0) return [];
  return d1Execute<{ qid: number; owner: string }>(
    `SELECT q.id AS qid, u.email AS owner FROM questions q JOIN users u ON u.id = q.user_id WHERE q.id IN (${qids.join(",")})`,
  ).results;
}

type Writer = { cookie: string; salt: string; token: string };

async function signIn(): Promise<Writer> {
  const res = await fetch(`${BASE}/api/v2/auth`, {
    method: "POST",
    headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: WRITER, password: "demo12345" }),
  });
  const json = (await res.json()) as { status: number; salt: string; token: string };
  if (json.status !== 200) throw new Error(`sign-in of ${WRITER} failed: ${JSON.stringify(json)}`);
  return { cookie: res.headers.get("set-cookie")!.split(";")[0], salt: json.salt, token: json.token };
}

async function addAnswer(w: Writer, qid: number, quota: boolean): Promise<{ ms: number; status: number; id?: number }> {
  const t = performance.now();
  const res = await fetch(`${BASE}/api/v2/addans`, {
    method: "POST",
    headers: { origin: BASE, cookie: w.cookie, "content-type": "application/x-www-form-urlencoded", ...(quota ? {} : { "x-bench-quota": "off" }) },
    body: new URLSearchParams({ qid: String(qid), Body: `Ответ для замера № ${qid}`, salt: w.salt, token: w.token }),
  });
  const json = (await res.json()) as { status: number; id?: number };
  return { ms: performance.now() - t, status: json.status, id: json.id };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/**
 * A write reaching guests, the part one location shows: a guest's copy of an open question read
 * three times (rendered, from the Cache API, from the isolate's memory), an answer through the API,
 * then the next guest's request, which must be rendered anew and count it. The rest of the bound
 * (the location's other isolates, other locations) is the README's statement.
 */
async function writeReachesGuests(w: Writer, qid: number): Promise<string> {
  const path = `/question/${qid}`;
  // the page's count of answers (the newest answer itself may be on a later page of them)
  const answersCount = (body: Buffer) => body.toString("utf8").match(/data-testid="answers-count">(\d+)/)?.[1] ?? "none";
  const before: string[] = [];
  let countBefore = "none";
  for (let i = 0; i < 3; i++) {
    const { res, body } = await fetchOnce(path);
    before.push(res.headers.get("x-page-cache") ?? "none");
    countBefore = answersCount(body);
  }
  const written = await addAnswer(w, qid, true);
  const t = performance.now();
  const { res, body } = await fetchOnce(path);
  const countAfter = answersCount(body);
  const seen = countAfter === String(Number(countBefore) + 1);
  return (
    `a write reaching guests (${path}): guests' requests before it x-page-cache ${before.join(", ")}; addans status ${written.status}; ` +
    `the next guest's request ${ms(performance.now() - t)} after its reply: x-page-cache ${res.headers.get("x-page-cache") ?? "none"}, ` +
    `answers ${countBefore} → ${countAfter} (${seen ? "the answer counted" : "NOT counted"}). ` +
    "Stated for the rest (README): this location's other isolates within 2 s; other locations 2 s after the zone's purge has spread, or within 62 s without it"
  );
}

/** addans one at a time, alternating with and without the quota check, each on a fresh question. */
async function quotaCost(w: Writer, qids: number[]) {
  const on: number[] = [];
  const off: number[] = [];
  let failed = 0;
  for (let i = 0; i + 1 < qids.length && on.length < ANSWERS; i += 2) {
    const a = await addAnswer(w, qids[i], true);
    const b = await addAnswer(w, qids[i + 1], false);
    if (a.status === 200) on.push(a.ms);
    else failed++;
    if (b.status === 200) off.push(b.ms);
    else failed++;
  }
  return { on, off, failed };
}

async function main() {
  log("building");
  run(process.execPath, ["scripts/build.mjs"]);
  if (wanted("scale") && ONLY.size > 0) {
    // the same pages at the default seed and at BENCH_QUESTIONS, each store seeded once and kept (tests/load/scale.ts)
    await scaleBench({ port: PORT, seconds: SECONDS, big: QUESTIONS, base: Number(process.env.BENCH_SCALE_BASE ?? 2000), log });
    if (ONLY.size === 1) return;
  }

  log(`preparing ${STATE} (migrations, ${QUESTIONS} questions, seed 7)`);
  fs.rmSync(STATE, { recursive: true, force: true });
  run(process.execPath, ["scripts/migrate.mjs", "--local", "--persist-to", STATE]);
  const seeded = fs.existsSync("db/seed/cli.ts");
  if (seeded) {
    run(bin("tsx"), ["db/seed/cli.ts", "--questions", String(QUESTIONS), "--seed", "7", "--persist-to", STATE]);
  } else {
    log("db/seed/cli.ts not found — benchmarking an empty database");
  }
  if (seeded && wanted("feeds")) {
    log("seeding the feeds section: a reader following 1,000 users, a user with 100,000 followers");
    for (const statement of feedsSeedSql()) d1Execute(statement);
  }
  const fromD1 = categoryFromD1();
  const leadersRows = leadersQueries();
  const qids = openQuestionsFromD1(1 + 2 * ANSWERS + LIVE_QUESTIONS);
  // the render section's write that guests must see
  const writeQid = qids.shift();
  const loadPlan = LOAD ? planLoad(<T>(sql: string) => d1Execute<T>(sql).results) : null;
  const broad = broadWordFromD1();
  // the move of a range to a thread database runs last (its questions become read-only in DB); not beside the long mixed run's writes
  const threadsPlan = seeded && wanted("threads") && !LOAD ? planThreads(<T>(sql: string) => d1Execute<T>(sql).results) : null;

  if (await answers(BASE)) throw new Error(`something already answers on ${BASE}; stop it or set BENCH_PORT`);
  fs.writeFileSync(LOG, "");
  await startServer();

  const category = fromD1 ?? (await categoryFromPage()) ?? "/categories/";

  // the question page once, without the cache: its size and the D1 work done before its headers
  const { res: page, body: html } = await fetchOnce(QUESTION, NO_CACHE);
  const roundTrips = page.headers.get("x-d1-roundtrips");
  const statements = page.headers.get("x-d1-statements");

  // the leaders once each: the rows they read from D1, whatever the size of the data
  const leadersD1: string[] = [];
  for (const [name, urlPath] of [
    ["leaders page", LEADERS_PAGE],
    ["usrrating", LEADERS_CALL],
  ]) {
    const { res } = await fetchOnce(urlPath, NO_CACHE);
    leadersD1.push(
      `${name} ${urlPath}: status ${res.status}, D1 round trips ${res.headers.get("x-d1-roundtrips") ?? "n/a"}, statements ${res.headers.get("x-d1-statements") ?? "n/a"}`,
    );
  }
  leadersD1.push(...leadersRows);

  const rows: Row[] = [];
  if (ONLY.size > 0) {
    // the sections asked for, beside the static asset
    rows.push(await measure("static asset", staticAsset()));
    if (wanted("leaders")) {
      rows.push(await measure("leaders page (no cache)", LEADERS_PAGE, NO_CACHE));
      rows.push(await measure("usrrating (leaders block)", LEADERS_CALL, NO_CACHE));
    }
    if (wanted("search")) rows.push(...(await searchRows(broad)));
    // the render section before the feeds, in the whole run's order
    const render = wanted("render") ? await renderSection(BASE, INSPECTOR, QUESTION, measure, deployed) : null;
    rows.push(...(render?.rows ?? []));
    const reach = render && writeQid ? await writeReachesGuests(await signIn(), writeQid) : null;
    if (wanted("feeds") && seeded) rows.push(...(await feedsRows(BASE, measure)));
    const photos = wanted("photos") ? await photosSection(BASE, INSPECTOR, await signIn(), log) : [];
    const trips = wanted("replicas") ? await signedInRoundTrips(BASE, (await signIn()).cookie, category) : [];
    const pushes = wanted("push") ? await pushLatency(BASE, push.service.url, await signIn(), pushQuestions(qids.splice(-PUSHES))) : [];
    const mine = await ownSections(qids, wanted("live"), wanted("weights"), category);
    const threads = threadsPlan ? await threadsSection(BASE, threadsPlan, measure, NO_CACHE, log) : null;
    rows.push(...(threads?.rows ?? []));
    await stopServerAndWait();
    const load = loadPlan ? await loadSection(loadPlan) : [];
    printRows(rows, seeded);
    render?.print(rows[0].result.requests.average);
    if (reach) console.log(reach);
    if (trips.length) console.log(`signed-in pages (${WRITER}):\n${trips.join("\n")}`);
    if (wanted("leaders")) for (const line of leadersD1) console.log(line);
    for (const line of photos) console.log(line);
    for (const line of pushes) console.log(line);
    mine.print();
    for (const line of threads?.lines ?? []) console.log(line);
    for (const line of load) console.log(line);
    console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return;
  }
  rows.push(await measure("static asset", staticAsset()));
  rows.push(await measure("leaders page (no cache)", LEADERS_PAGE, NO_CACHE));
  rows.push(await measure("usrrating (leaders block)", LEADERS_CALL, NO_CACHE));
  const render = await renderSection(BASE, INSPECTOR, QUESTION, measure, deployed);
  rows.push(...render.rows);
  const reach = writeQid ? await writeReachesGuests(await signIn(), writeQid) : null;
  rows.push(await measure("category page", category));
  rows.push(...(await searchRows(broad)));
  if (seeded) rows.push(...(await feedsRows(BASE, measure)));
  await new Promise((r) => setTimeout(r, 500));
  const guestCache = (await fetchOnce(QUESTION)).res.headers.get("x-page-cache") ?? "no header";

  log(`addans with and without the quota check, ${ANSWERS} each, alternating …`);
  const writer = await signIn();
  const liveQids = qids.splice(-LIVE_QUESTIONS);
  const quota = await quotaCost(writer, qids);
  const trips = await signedInRoundTrips(BASE, writer.cookie, category);
  const photos = await photosSection(BASE, INSPECTOR, writer, log);
  const pushes = await pushLatency(BASE, push.service.url, writer, pushQuestions(qids.splice(-PUSHES)));
  const mine = await ownSections(liveQids, true, true, category, writer);
  const threads = threadsPlan ? await threadsSection(BASE, threadsPlan, measure, NO_CACHE, log) : null;
  rows.push(...(threads?.rows ?? []));

  await stopServerAndWait();
  const load = loadPlan ? await loadSection(loadPlan) : [];

  printRows(rows, seeded);
  const rps = (name: string) => rows.find((r) => r.name === name)!.result.requests.average;

  render.print(rps("static asset"));
  if (reach) console.log(reach);
  console.log(`question page HTML: ${html.length} bytes, ${zlib.gzipSync(html).length} bytes gzip (status ${page.status})`);
  console.log(`question page D1 before headers: round trips ${roundTrips ?? "n/a"}, statements ${statements ?? "n/a"}`);
  for (const line of leadersD1) console.log(line);
  console.log(`guest page cache on ${QUESTION}: x-page-cache ${guestCache}`);

  const [p50on, p99on, p50off, p99off] = [pct(quota.on, 50), pct(quota.on, 99), pct(quota.off, 50), pct(quota.off, 99)];
  console.log(`\naddans, one at a time, alternating (${quota.on.length} with the UserHub quota check, ${quota.off.length} without; ${quota.failed} refused):`);
  console.log(`  with quota check:    p50 ${ms(p50on)}, p99 ${ms(p99on)}`);
  console.log(`  without:             p50 ${ms(p50off)}, p99 ${ms(p99off)}`);
  console.log(`  added by the check:  p50 ${ms(p50on - p50off)}, p99 ${ms(p99on - p99off)} (ratio p50 ${(p50on / p50off).toFixed(2)})`);
  console.log(`\nsigned-in pages (${WRITER}):\n${trips.join("\n")}`);
  for (const line of photos) console.log(line);
  for (const line of pushes) console.log(line);
  mine.print();
  for (const line of threads?.lines ?? []) console.log(line);
  for (const line of load) console.log(line);
  console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The live fan-out (tests/load/live.ts) and the page weights (tests/load/page-weight.ts): their printed lines. */
async function ownSections(qids: number[], live: boolean, weights: boolean, category = "/", signedIn?: Writer) {
  const out: (() => void)[] = [];
  const say = (lines: string[]) =>
    out.push(() => {
      for (const l of lines) console.log(l);
    });
  const writer = signedIn ?? (live || weights ? await signIn() : null);
  if (live && writer) say(await liveBench(BASE, qids.slice(-LIVE_QUESTIONS), SOCKETS, (qid) => addAnswer(writer, qid, true), log));
  if (weights && writer) {
    log("page weights and paints in Chromium (throttled) …");
    const QUESTION_ROUTES = ["root", "routes/question.$qid._index"];
    const w = await pageWeights(BASE, [
      { name: "question page (guest)", path: QUESTION, routes: QUESTION_ROUTES },
      { name: "question page (signed in)", path: QUESTION, routes: QUESTION_ROUTES, cookie: writer.cookie },
      { name: "category page (guest)", path: category, routes: ["root", "routes/$category._index"] },
      { name: "index page (guest)", path: "/", routes: ["root", "routes/_index"] },
    ]);
    out.push(() => printWeights(w));
  }
  return {
    print() {
      for (const f of out) f();
    },
  };
}

/**
 * The mixed load (tests/load/mixed.ts), once wrangler dev has stopped: on the deployed bundle
 * served from a copy of the store the plan's sessions were written to, then the check of the rows
 * written, read from that copy once it is no longer served.
 */
async function loadSection(plan: ReturnType<typeof planLoad>): Promise<string[]> {
  log("mixed load on the deployed bundle …");
  const server = await deployed.bundle();
  let load: Awaited<ReturnType<typeof loadBench>>;
  try {
    load = await loadBench(server.base, plan, log);
  } finally {
    await server.stop();
  }
  return [...load.lines, ...load.verify(<T>(sql: string) => d1Execute<T>(sql, server.store).results)];
}

/** The autocannon table: req/s, p50 and p99 of each scenario, and the D1 rows it read. */
function printRows(rows: Row[], seeded: boolean) {
  const table = rows.map((r) => ({
    scenario: r.name,
    path: r.path.length > 60 ? `${r.path.slice(0, 59)}…` : r.path,
    status: r.status,
    "req/s": Math.round(r.result.requests.average * 10) / 10,
    "p50 ms": r.result.latency.p50,
    "p99 ms": r.result.latency.p99,
    "bytes/resp": r.bodyBytes,
    "D1 rows": r.rowsRead ?? "",
    requests: r.result.requests.total,
    non2xx: r.result.non2xx,
    errors: r.result.errors + r.result.timeouts,
  }));
  console.log(
    `\nautocannon: 10 connections, ${SECONDS} s each, wrangler dev (NODE_ENV=production), ${seeded ? `${QUESTIONS} seeded questions` : "unseeded database"}\n`,
  );
  console.table(table);
}

main()
  .catch(async (e) => {
    console.error(`bench failed: ${e instanceof Error ? e.message : e}`);
    await stopServerAndWait();
    process.exitCode = 1;
  })
  .finally(() => stopServer());
