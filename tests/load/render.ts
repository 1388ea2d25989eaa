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
 *   CPU a request: each sample counting at most a few sampling intervals (`IN_ISOLATE_CAP_US`
 *   says why), which leaves the worker's JavaScript and what the runtime does for it there (its
 *   streams, the HTML rewriter, the D1 binding's own code), what Cloudflare counts as its CPU
 *   time, and drops the other isolates' work on the same thread. It is checked in the same run
 *   against the kernel's count of the runtime thread's CPU (/proc), on the floor worker spinning a
 *   loop first (the line prints how much of the thread's added CPU the figure shows) and waiting
 *   for a D1 query that keeps SQLite busy (which the figure must leave out). The deployed lines
 *   also print that thread's CPU per request: all its isolates' work, the worker's among them.
 */
import fs from "node:fs";
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

/** `threadMs`: the runtime thread's CPU per request by the kernel's count, where the line was given the thread (else null) */
export type CpuLine = { name: string; requests: number; busyMs: number; inIsolateMs: number; threadMs: number | null; wallMs: number; top: string[] };

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
 * The bench checks the figure against the kernel's count of the thread's CPU (`calibrate`).
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
  thread: number | null = null,
): Promise<CpuLine> {
  // a deadline on every request: a local server that stops answering fails this line instead of hanging the bench
  const send = async () => {
    const res = await fetch(base + path, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
  };
  return cpuPerCall(inspectorPort, name, send, n, 10, thread);
}

/**
 * The worker's busy time per call of `send` (any request, e.g. an upload), from a CPU profile taken
 * while `n` calls are made one after another, after `warmup` calls unprofiled.
 */
export async function cpuPerCall(
  inspectorPort: number,
  name: string,
  send: () => Promise<void>,
  n: number,
  warmup = 10,
  thread: number | null = null,
): Promise<CpuLine> {
  for (let i = 0; i < warmup; i++) await send();
  let threadMs = 0;
  const counted = async () => {
    if (thread === null) return send();
    const before = threadCpuMs(thread);
    await send();
    threadMs += threadCpuMs(thread) - before;
  };
  const dt = await devtools(await inspectorUrl(inspectorPort));
  try {
    await dt.call("Profiler.enable");
    await dt.call("Profiler.setSamplingInterval", { interval: SAMPLING_US });
    await dt.call("Profiler.start");
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await counted();
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
    return {
      name,
      requests: n,
      busyMs: busy / 1000 / n,
      inIsolateMs: inIsolate / 1000 / n,
      threadMs: thread === null ? null : threadMs / n,
      wallMs: wallMs / n,
      top,
    };
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
      `  ${l.name.padEnd(36)} busy ${l.busyMs.toFixed(1).padStart(5)} ms, in its isolate ${l.inIsolateMs.toFixed(1).padStart(5)} ms, ${l.threadMs === null ? "" : `runtime thread ${l.threadMs.toFixed(1).padStart(5)} ms, `}wall ${l.wallMs.toFixed(1).padStart(5)} ms (${l.requests} requests)`,
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

type Calibration = { atOnce: CpuLine; spin: CpuLine; sqlite: CpuLine };

/**
 * The runtime's main thread in the process group `group` (the server's workerd, whose one thread
 * runs every isolate), or null where /proc does not tell.
 */
function runtimeThread(group: number): number | null {
  try {
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const [, comm, rest] = stat.match(/^\d+ \((.*)\) (.*)$/s) ?? [];
      // after the name: state, parent, process group
      if (comm === "workerd" && Number(rest?.split(" ")[2]) === group) return Number(entry);
    }
  } catch {
    /* no /proc here */
  }
  return null;
}

/** The thread's time on a CPU so far, in ms, by the kernel's count (which leaves out the time a virtual machine's CPU was taken away). */
const threadCpuMs = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;

/**
 * The in-isolate figure checked against the kernel, on the worker that answers at once: profiled
 * as the pages are, with the runtime thread's CPU per request, answering at once, spinning a loop
 * first (`?spin=`, floor-worker/index.js), and waiting first for one D1 query that keeps SQLite
 * busy (`?sqlite=`). The loop's work is the worker's own, in its isolate; SQLite's is another
 * isolate's on the same thread, which the figure must leave out.
 */
async function calibrate(server: Deployed): Promise<Calibration> {
  const thread = runtimeThread(server.group);
  const line = (name: string, path: string) => cpuPerRequest(server.inspectorPort, server.base, name, path, AS_DEPLOYED, 60, thread);
  return {
    atOnce: await line("a worker that answers at once", "/"),
    spin: await line("a worker that spins a loop first", `/?spin=${CALIBRATION_TURNS}`),
    sqlite: await line("a worker waiting for SQLite", `/?sqlite=${CALIBRATION_SQLITE}`),
  };
}

/** What the calibration shows, or why it cannot. */
function calibrationLine({ atOnce, spin, sqlite }: Calibration): string {
  // the three lines share one thread: all counted or none
  const base = atOnce.threadMs;
  if (base === null) return "the profile's check against the kernel's count of CPU: n/a (no /proc)";
  const more = (line: CpuLine) => ({
    thread: (line.threadMs ?? Number.NaN) - base,
    inIsolate: line.inIsolateMs - atOnce.inIsolateMs,
    busy: line.busyMs - atOnce.busyMs,
  });
  const loop = more(spin);
  const sql = more(sqlite);
  const f = (ms: number) => ms.toFixed(2);
  return (
    `the profile checked against the kernel's count of the runtime thread's CPU, a request beside one that answers at once: ` +
    `a loop in the worker takes ${f(loop.thread)} ms more of the thread, and shows ${f(loop.inIsolate)} ms more in its isolate (${(loop.inIsolate / loop.thread).toFixed(2)} of it) and ${f(loop.busy)} ms more busy; ` +
    `a D1 query that keeps SQLite counting to ${CALIBRATION_SQLITE} takes ${f(sql.thread)} ms more of the thread, and shows ${f(sql.inIsolate)} ms more in the worker's isolate and ${f(sql.busy)} ms more busy`
  );
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
  const onceThread: number[] = [];
  const thread = runtimeThread(bundle.group);
  try {
    cpu.push(
      await cpuPerRequest(bundle.inspectorPort, bundle.base, "deployed bundle: uncached render", question, raw, 60, thread),
      await cpuPerRequest(bundle.inspectorPort, bundle.base, "deployed bundle: floor (404)", "/api/v2/no-such-call", AS_DEPLOYED, 60, thread),
    );
    for (let round = 0; round < SPLIT_ROUNDS; round++) {
      // both rounds count D1 the same way (the bundle counts nothing unless asked): they differ only in the reads made twice
      const onceRound = await cpuPerRequest(bundle.inspectorPort, bundle.base, "once", question, { ...raw, "x-bench-d1": "once" }, 40, thread);
      once.push(onceRound.busyMs);
      onceInIsolate.push(onceRound.inIsolateMs);
      if (onceRound.threadMs !== null) onceThread.push(onceRound.threadMs);
      twice.push((await cpuPerRequest(bundle.inspectorPort, bundle.base, "twice", question, { ...raw, "x-bench-d1": "reads-twice" }, 40)).busyMs);
    }
  } finally {
    await bundle.stop();
  }
  const floorServer = await deployed.floor();
  let calibration: Calibration;
  try {
    calibration = await calibrate(floorServer);
  } finally {
    await floorServer.stop();
  }
  const floor = calibration.atOnce;
  cpu.push(floor, calibration.spin, calibration.sqlite);
  const split = ownPart(median(once), median(twice), floor.busyMs);
  const inIsolate = median(onceInIsolate);
  return {
    rows,
    print(staticRate) {
      const ratio = (r: R) => (staticRate > 0 ? (r.result.requests.average / staticRate).toFixed(3) : "n/a");
      console.log(`\nquestion page / static asset req/s: ${rows.map((r) => `${ratio(r)} (${r.name.replace("question page ", "")})`).join(", ")}`);
      console.log(`question page, one request after another: ${probes.join("; ")}`);
      printCpu(cpu, process.env.BENCH_VERBOSE === "1");
      console.log(calibrationLine(calibration));
      console.log(
        `deployed bundle, uncached render (medians of ${SPLIT_ROUNDS} alternating rounds of 40): in the worker's isolate ${inIsolate.toFixed(1)} ms (target 10); the runtime thread's CPU, all its isolates (the worker's, D1's, the cache's, the routers'), ${onceThread.length ? `${median(onceThread).toFixed(1)} ms` : "n/a"}; busy ${split.busy.toFixed(1)} ms, with its reads made twice ${split.twice.toFixed(1)} ms, so D1's reads ${split.d1.toFixed(1)} ms; the runtime's floor ${split.floor.toFixed(1)} ms; busy less both ${split.own.toFixed(1)} ms`,
      );
    },
  };
}
