/**
 * The bench's "render" section: what one reading of the showcase question page costs.
 *
 * - req/s of the question page for a guest (the page cache), for a signed-in reader (a real
 *   session: user@demo.local) reading it again, for another reader of his class (the same session
 *   read anew, as a reader the isolate has not seen on this page in the last seconds: his card from
 *   his UserHub, `x-bench-known: off`), for such a reader whose UserHub has no card of him either
 *   (his session and class from D1: `x-bench-known: cold`) and uncached (a session cookie no session answers to: the whole render, every time), each beside
 *   the static asset of the same run;
 * - the worker's CPU per request, from the V8 profiler: wrangler dev is started with an inspector
 *   port, the section attaches to the worker's isolate over the DevTools protocol, samples while it
 *   sends requests one at a time, and counts the sampled time that was not idle (the busy time)
 *   divided by the requests sent. The profiler's own overhead is included, as when the issue was
 *   measured, so figures are comparable before and after; the machine is shared, so it is a mean
 *   over many requests. Beside the pages, the floor: a call no door knows (a JSON 404), which costs
 *   only what every request costs here (the runtime's and wrangler dev's handling, Hono). Then the
 *   uncached render and the floor again on the bundle a deploy sends (deployed.ts), which has no
 *   wrangler dev middleware in front and, as deployed, does not count its D1 work: what the free
 *   plan's limit counts. Those lines also leave out two things a local server does on the worker's
 *   thread and Cloudflare does not do in the Worker: the response's compression (they ask for the
 *   body as is: `AS_DEPLOYED`) and Miniflare's log line per request;
 * - of that render, the worker's own part. Locally D1, the cache and the runtime's own routing run
 *   on the worker's thread, and the profile of the worker's isolate counts their time as busy too
 *   (a worker whose only work is one D1 query that keeps SQLite busy for 150 ms shows about 150 ms
 *   busy); on Cloudflare they are not the worker's CPU. So the render is measured again with each
 *   of its reads made twice (`x-bench-d1: reads-twice`, worker/d1-stats.ts) in alternating rounds
 *   with rounds of it made once (`x-bench-d1: once`: counted the same way, nothing repeated):
 *   the difference is what its D1 reads cost here (short of the first round trip's extra cost, which
 *   a repeat does not pay, and with the parsing of the replies, which a repeat does again). And a
 *   worker that answers at once, served the same way, gives what the runtime spends on any
 *   request. The render's busy time less both is a rough, noisier estimate of the next figure;
 * - of that render, the time in the worker's isolate, the figure held to the free plan's 10 ms of
 *   CPU a request. V8 samples an isolate only while the thread is in it and gives each sample the
 *   time since the one before, so the busy time also counts whatever the thread did between two samples: the other isolates'
 *   work (D1's SQLite, the cache, the assets' router, Miniflare's entry worker), the runtime's
 *   event loop and the wait for the bench's next request (a worker that answers at once shows 1.5
 *   to 3 ms busy on a 2-core machine). Counting each sample for at most a few sampling intervals
 *   (`IN_ISOLATE_CAP_US`) leaves the time the thread was in the isolate: the worker's JavaScript
 *   and what the runtime does for it there (its streams, the HTML rewriter, the D1 binding's own
 *   code), which is what Cloudflare counts as its CPU time. It is checked in the same run against
 *   the floor worker spinning a loop it times itself (the line prints how close the profile's
 *   figure comes to that time) and waiting for a D1 query that keeps SQLite busy (which the figure
 *   must leave out).
 */
import WebSocket from "ws";
import type { Deployed } from "./deployed";

type Json = Record<string, unknown>;

/** The worker's isolate in wrangler dev's inspector (the first target that is not a Durable Object alone). */
async function inspectorUrl(port: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const list = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl?: string; title?: string }[];
      const target = list.find((t) => t.webSocketDebuggerUrl);
      if (target?.webSocketDebuggerUrl) return target.webSocketDebuggerUrl;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`no inspector target on 127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A tiny DevTools protocol client: one socket, numbered calls. */
async function devtools(url: string) {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let next = 1;
  const waiting = new Map<number, (r: Json) => void>();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: Json; error?: Json };
    if (m.id !== undefined && waiting.has(m.id)) {
      waiting.get(m.id)!(m.error ? { error: m.error } : (m.result ?? {}));
      waiting.delete(m.id);
    }
  });
  return {
    call(method: string, params: Json = {}): Promise<Json> {
      const id = next++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`${method}: no answer from the inspector`)), 60_000);
        waiting.set(id, (r) => {
          clearTimeout(t);
          resolve(r);
        });
      });
    },
    close: () => ws.close(),
  };
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

export type CpuLine = { name: string; requests: number; busyMs: number; inIsolateMs: number; wallMs: number; top: string[] };

/** How often the profiler is asked to sample the worker's isolate, in µs. */
const SAMPLING_US = 100;

/**
 * The most one sample of the isolate counts towards its time in the isolate, in µs: 5 sampling
 * intervals. While the isolate runs, V8 samples it about every interval (1 to 2.5 intervals on a
 * busy 2-core machine); it samples an isolate only while that isolate is entered, and gives each
 * sample the time since the one before. So a sample that comes much later than that ends a stretch
 * in which the thread was somewhere else: in another isolate (locally D1's, the cache's, the
 * assets' router and Miniflare's entry worker all run on the worker's thread), in the runtime's
 * event loop, or waiting for the next request. Cloudflare counts none of that as the Worker's CPU.
 * The bench checks the figure against a loop that times itself (`calibrate`).
 */
const IN_ISOLATE_CAP_US = 5 * SAMPLING_US;

/**
 * The worker's time per request of `path` (sent one after another, `n` of them, after a warm-up),
 * from a CPU profile of its isolate, counted two ways: busy, every sample that is not "(idle)" with
 * all the time since the sample before; and in its isolate, each such sample counting at most
 * `IN_ISOLATE_CAP_US`. Also the functions with the most self time, to see what to cut.
 */
export async function cpuPerRequest(
  inspectorPort: number,
  base: string,
  name: string,
  path: string,
  headers: Record<string, string>,
  n = 60,
): Promise<CpuLine> {
  // a deadline on every request: a local server that stops answering fails this line instead of hanging the bench
  const send = async () => {
    const res = await fetch(base + path, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
  };
  return cpuPerCall(inspectorPort, name, send, n);
}

/**
 * The worker's busy time per call of `send` (any request, e.g. an upload), from a CPU profile taken
 * while `n` calls are made one after another, after `warmup` calls unprofiled.
 */
export async function cpuPerCall(inspectorPort: number, name: string, send: () => Promise<void>, n: number, warmup = 10): Promise<CpuLine> {
  for (let i = 0; i < warmup; i++) await send();
  const dt = await devtools(await inspectorUrl(inspectorPort));
  try {
    await dt.call("Profiler.enable");
    await dt.call("Profiler.setSamplingInterval", { interval: SAMPLING_US });
    await dt.call("Profiler.start");
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await send();
    const wallMs = performance.now() - t0;
    const { profile } = (await dt.call("Profiler.stop")) as { profile: Profile };
    await dt.call("Profiler.disable");
    const byId = new Map(profile.nodes.map((x) => [x.id, x]));
    const self = new Map<string, number>();
    let busy = 0;
    let inIsolate = 0;
    profile.samples.forEach((id, i) => {
      const node = byId.get(id)!;
      const us = profile.timeDeltas[i] ?? 0;
      if (node.callFrame.functionName === "(idle)") return;
      busy += us;
      inIsolate += Math.min(us, IN_ISOLATE_CAP_US);
      const f = node.callFrame;
      const where = `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-1)[0]}:${f.lineNumber + 1}`;
      self.set(where, (self.get(where) ?? 0) + us);
    });
    const top = [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BENCH_TOP ?? 8))
      .map(([f, us]) => `${(us / 1000 / n).toFixed(2)} ms ${f}`);
    return { name, requests: n, busyMs: busy / 1000 / n, inIsolateMs: inIsolate / 1000 / n, wallMs: wallMs / n, top };
  } finally {
    dt.close();
  }
}

export function printCpu(lines: CpuLine[], verbose: boolean) {
  console.log(
    `\nworker CPU per request (V8 profiler attached, requests one at a time; busy = sampled time not idle; in its isolate = the same, each sample counting at most ${IN_ISOLATE_CAP_US} µs):`,
  );
  for (const l of lines) {
    console.log(
      `  ${l.name.padEnd(36)} busy ${l.busyMs.toFixed(1).padStart(5)} ms, in its isolate ${l.inIsolateMs.toFixed(1).padStart(5)} ms, wall ${l.wallMs.toFixed(1).padStart(5)} ms (${l.requests} requests)`,
    );
    if (verbose) for (const t of l.top) console.log(`      ${t}`);
  }
}

/** Signs a reader in through the API door; the session cookie. */
export async function sessionCookie(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/v2/auth`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: "demo12345" }),
  });
  const json = (await res.json()) as { status: number };
  if (json.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(json)}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}

/** Rounds of the uncached render with its reads made once and twice, in alternation. */
const SPLIT_ROUNDS = 5;

/** The middle of a few figures (the lower middle of an even count). */
export const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];

/**
 * What the deployed lines send beside their own headers. On Cloudflare a Worker's response is
 * compressed in front of it, by the edge, outside its CPU time; Miniflare does the same (for the
 * same content types) on the worker's thread, where the profile counts it. So the deployed lines
 * ask for the body as it is: the Worker's own work is the same either way.
 */
const AS_DEPLOYED = { "accept-encoding": "identity" };

/** An uncached render's busy time split: D1's reads (twice less once), the runtime's floor, and the rest, the worker's own work. */
function ownPart(busy: number, twice: number, floor: number) {
  const d1 = Math.max(0, twice - busy);
  return { busy, twice, d1, floor, own: busy - d1 - floor };
}

/** Turns of the calibration loop: a few milliseconds of work a request. */
const CALIBRATION_TURNS = 1_000_000;
/** What SQLite counts to in the calibration's D1 query: a few milliseconds of D1's work a request. */
const CALIBRATION_SQLITE = 40_000;

type Calibration = { line: CpuLine; loopMs: number; sqlite: CpuLine };

/**
 * The in-isolate figure checked against work of a known length: the worker that answers at once,
 * asked to spin a loop first that it times itself (`?spin=`, floor-worker/index.js), profiled as
 * the pages are; `loopMs` is the loop's own time per request, as the worker reported it. And
 * against work that is not the worker's: the same worker waiting for one D1 query that keeps
 * SQLite busy (`?sqlite=`), whose time the busy figure counts and the in-isolate one must not.
 */
async function calibrate(server: Deployed): Promise<Calibration> {
  const sqlite = await cpuPerRequest(server.inspectorPort, server.base, "a worker waiting for SQLite", `/?sqlite=${CALIBRATION_SQLITE}`, AS_DEPLOYED);
  let loopMs = 0;
  let counting = false;
  const send = async () => {
    const res = await fetch(`${server.base}/?spin=${CALIBRATION_TURNS}`, { headers: AS_DEPLOYED, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    if (counting) loopMs += Number(res.headers.get("x-loop-ms"));
  };
  const n = 60;
  const warmup = 10;
  for (let i = 0; i < warmup; i++) await send();
  counting = true;
  const line = await cpuPerCall(server.inspectorPort, "a worker that spins a timed loop", send, n, 0);
  return { line, loopMs: loopMs / n, sqlite };
}

type Measure<R> = (name: string, urlPath: string, headers?: Record<string, string>) => Promise<R>;

/** The section's rows (beside the static asset bench.ts measures) and what it prints after the table. */
export async function renderSection<R extends { name: string; result: { requests: { average: number } } }>(
  base: string,
  inspectorPort: number,
  question: string,
  measure: Measure<R>,
  deployed: { bundle: () => Promise<Deployed>; floor: () => Promise<Deployed> },
): Promise<{ rows: R[]; print(staticRate: number): void }> {
  const reader = await sessionCookie(base, "user@demo.local");
  const signedIn = { cookie: reader };
  // another reader of the same class: his page is the class's copy, but this isolate has not kept
  // him for this page (a reader on a page he has not read in the last seconds): his card and bell
  // from his UserHub, which knows him from his earlier pages
  const alike = { cookie: reader, "x-bench-known": "off" };
  // the same, but a reader whose UserHub does not know him either (his first page in a while): his
  // session and class from D1, his bell from his UserHub
  const fromD1 = { cookie: reader, "x-bench-known": "cold" };
  const uncached = { cookie: "sid=bench" };
  // what one request of each kind does before its headers: the cache's answer and the D1 round trips
  const probes: string[] = [];
  for (const [name, headers] of [
    ["guest", {}],
    ["guest again", {}],
    ["signed in", signedIn],
    ["signed in again", signedIn],
    ["signed in, reader alike", alike],
    ["signed in, reader from D1", fromD1],
    ["uncached", uncached],
  ] as const) {
    const res = await fetch(base + question, { headers });
    await res.arrayBuffer();
    probes.push(`${name}: x-page-cache ${res.headers.get("x-page-cache") ?? "none"}, D1 round trips ${res.headers.get("x-d1-roundtrips") ?? "n/a"}`);
  }
  const rows = [
    await measure("question page (guest cache)", question),
    await measure("question page (signed in)", question, signedIn),
    await measure("question page (signed in, reader alike)", question, alike),
    await measure("question page (signed in, reader from D1)", question, fromD1),
    await measure("question page (no cache)", question, uncached),
  ];
  const cpu = [
    await cpuPerRequest(inspectorPort, base, "question page, uncached render", question, uncached),
    await cpuPerRequest(inspectorPort, base, "question page, signed in", question, signedIn),
    await cpuPerRequest(inspectorPort, base, "question page, signed in, reader alike", question, alike),
    await cpuPerRequest(inspectorPort, base, "question page, signed in, reader from D1", question, fromD1),
    await cpuPerRequest(inspectorPort, base, "question page, guest cache hit", question, {}),
    // the least any request costs here: the runtime's and wrangler dev's own handling, Hono, a JSON 404
    await cpuPerRequest(inspectorPort, base, "any request's floor (unknown call, 404)", "/api/v2/no-such-call", {}),
  ];
  // the same two on the deployed bundle, from a copy of the store taken after the lines above
  const bundle = await deployed.bundle();
  const raw = { ...uncached, ...AS_DEPLOYED };
  const once: number[] = [];
  const twice: number[] = [];
  const onceInIsolate: number[] = [];
  try {
    cpu.push(
      await cpuPerRequest(bundle.inspectorPort, bundle.base, "deployed bundle: uncached render", question, raw),
      await cpuPerRequest(bundle.inspectorPort, bundle.base, "deployed bundle: floor (404)", "/api/v2/no-such-call", AS_DEPLOYED),
    );
    for (let round = 0; round < SPLIT_ROUNDS; round++) {
      // both rounds count D1 the same way (the bundle counts nothing unless asked): they differ only in the reads made twice
      const round = await cpuPerRequest(bundle.inspectorPort, bundle.base, "once", question, { ...raw, "x-bench-d1": "once" }, 40);
      once.push(round.busyMs);
      onceInIsolate.push(round.inIsolateMs);
      twice.push((await cpuPerRequest(bundle.inspectorPort, bundle.base, "twice", question, { ...raw, "x-bench-d1": "reads-twice" }, 40)).busyMs);
    }
  } finally {
    await bundle.stop();
  }
  const floorServer = await deployed.floor();
  let floor: CpuLine;
  let calibration: Calibration;
  try {
    floor = await cpuPerRequest(floorServer.inspectorPort, floorServer.base, "a worker that answers at once", "/", AS_DEPLOYED);
    calibration = await calibrate(floorServer);
  } finally {
    await floorServer.stop();
  }
  cpu.push(floor, calibration.line, calibration.sqlite);
  const split = ownPart(median(once), median(twice), floor.busyMs);
  const inIsolate = median(onceInIsolate);
  return {
    rows,
    print(staticRate) {
      const ratio = (r: R) => (staticRate > 0 ? (r.result.requests.average / staticRate).toFixed(3) : "n/a");
      console.log(`\nquestion page / static asset req/s: ${rows.map((r) => `${ratio(r)} (${r.name.replace("question page ", "")})`).join(", ")}`);
      console.log(`question page, one request after another: ${probes.join("; ")}`);
      printCpu(cpu, process.env.BENCH_VERBOSE === "1");
      console.log(
        `the profile checked against a known amount of work: a worker that spins a loop it times itself at ${calibration.loopMs.toFixed(2)} ms a request shows ${calibration.line.inIsolateMs.toFixed(2)} ms in its isolate (${(calibration.line.inIsolateMs / calibration.loopMs).toFixed(2)} of the loop's time) and ${calibration.line.busyMs.toFixed(2)} ms busy; one waiting for a D1 query that keeps SQLite counting to ${CALIBRATION_SQLITE} shows ${calibration.sqlite.busyMs.toFixed(2)} ms busy and ${calibration.sqlite.inIsolateMs.toFixed(2)} ms in its isolate (against ${floor.inIsolateMs.toFixed(2)} answering at once)`,
      );
      console.log(
        `deployed bundle, uncached render (medians of ${SPLIT_ROUNDS} alternating rounds of 40): in the worker's isolate ${inIsolate.toFixed(1)} ms (target 10); busy ${split.busy.toFixed(1)} ms, with its reads made twice ${split.twice.toFixed(1)} ms, so D1's reads ${split.d1.toFixed(1)} ms; the runtime's floor ${split.floor.toFixed(1)} ms; busy less both ${split.own.toFixed(1)} ms`,
      );
    },
  };
}
