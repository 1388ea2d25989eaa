/**
 * The bench's live section (`BENCH_ONLY=live`): new answers fanned out to question rooms' sockets.
 *
 * - one room: BENCH_SOCKETS (1,000) readers of one question; one new answer; the time from the
 *   POST until each socket had it (p50, p99, the last), split into the worker's part (from the POST
 *   until the room was handed the event: the event's `at`) and the delivery (from then until the
 *   socket had it);
 * - many rooms: BENCH_SPREAD (10,000) sockets spread evenly over BENCH_ROOMS (100) questions; one
 *   new answer on each question (10 at a time); every socket must hear its own question's answer
 *   once and no other: delivered/expected, and the same times.
 *
 * All sockets come from this one address: the per-address cap of a room is lifted by the header
 * `x-bench-caps: off`, which the worker honours only under BENCH_KNOBS (docs/decisions/0024).
 */
import fs from "node:fs";
import WebSocket from "ws";

const LIVE_ROOMS = Number(process.env.BENCH_ROOMS ?? 100);
/** how many open questions the section answers: two single rooms and the many */
export const LIVE_QUESTIONS = LIVE_ROOMS + 2;
const SPREAD = Number(process.env.BENCH_SPREAD ?? 10_000);

type Answer = (qid: number) => Promise<{ status: number }>;
type Heard = { total: number; worker: number; delivery: number };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/**
 * Every reader's frames are compressed as a browser's are (permessage-deflate), but this one
 * process stands for every reader: ws inflates at most 10 messages at a time per process by
 * default, which would queue 1,000 readers' frames behind each other as no reader's browser does.
 */
const INFLATE = { concurrencyLimit: 100_000 };

/**
 * Opens `n` readers of question `qid`, 50 at a time; `onAnswer` gets each answer event with its
 * wall time. A socket that does not open within 10 s is dropped (the server is out of sockets).
 */
async function openReaders(base: string, qid: number, n: number, onAnswer: (aid: number, at: number, now: number) => void): Promise<WebSocket[]> {
  const url = `${base.replace(/^http/, "ws")}/ws/question/${qid}`;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i += 50) {
    await Promise.all(
      Array.from(
        { length: Math.min(50, n - i) },
        () =>
          new Promise<void>((resolve) => {
            const ws = new WebSocket(url, { headers: { origin: base, "x-bench-caps": "off" }, handshakeTimeout: 10_000, perMessageDeflate: INFLATE });
            ws.on("open", () => {
              sockets.push(ws);
              resolve();
            });
            ws.on("error", () => resolve());
            ws.on("message", (data) => {
              const now = Date.now();
              const m = JSON.parse(String(data)) as { type: string; qid: number; aid: number; at: number };
              if (m.type === "answer" && m.qid === qid) onAnswer(m.aid, m.at, now);
            });
          }),
      ),
    );
  }
  return sockets;
}

function timeLines(heard: Heard[]): string[] {
  const of = (k: keyof Heard) => heard.map((h) => h[k]);
  return [
    `  time from the POST until a socket had it: p50 ${ms(pct(of("total"), 50))}, p99 ${ms(pct(of("total"), 99))}, all ${ms(Math.max(...of("total")))}`,
    `    the worker, from the POST until the room had the event: p50 ${ms(pct(of("worker"), 50))}, p99 ${ms(pct(of("worker"), 99))}`,
    `    the delivery, from the room to the socket: p50 ${ms(pct(of("delivery"), 50))}, p99 ${ms(pct(of("delivery"), 99))}`,
  ];
}

/** One room, `sockets` readers, one new answer. */
async function oneRoom(base: string, qid: number, sockets: number, answer: Answer): Promise<string[]> {
  const heard: Heard[] = [];
  let t0 = 0;
  const readers = await openReaders(base, qid, sockets, (_aid, at, now) => heard.push({ total: now - t0, worker: at - t0, delivery: now - at }));
  await sleep(300);
  t0 = Date.now();
  const r = await answer(qid);
  const deadline = Date.now() + 10_000;
  while (heard.length < readers.length && Date.now() < deadline) await sleep(20);
  await sleep(200); // late or duplicate deliveries would show up here
  for (const ws of readers) ws.terminate();
  return [
    `\nfan-out of one new answer to ${sockets} sockets on one QuestionRoom (${readers.length} open; addans status ${r.status}):`,
    `  delivered/expected: ${heard.length}/${sockets} (${((100 * heard.length) / sockets).toFixed(1)}%)`,
    ...timeLines(heard),
  ];
}

/** `total` sockets over the rooms of `qids`, one new answer on each question. */
async function manyRooms(base: string, qids: number[], total: number, answer: Answer): Promise<string[]> {
  const per = Math.ceil(total / qids.length);
  const heard: Heard[] = [];
  const posted = new Map<number, number>();
  const openIn = new Map<number, number>();
  let wrong = 0;
  const readers: WebSocket[] = [];
  const opened = Date.now();
  for (const qid of qids) {
    const room = await openReaders(base, qid, per, (_aid, at, now) => {
      const t0 = posted.get(qid);
      if (t0 === undefined) return void wrong++;
      heard.push({ total: now - t0, worker: at - t0, delivery: now - at });
    });
    openIn.set(qid, room.length);
    readers.push(...room);
  }
  const openS = (Date.now() - opened) / 1000;
  await sleep(500);
  const statuses: number[] = [];
  let expected = 0;
  for (let i = 0; i < qids.length; i += 10) {
    await Promise.all(
      qids.slice(i, i + 10).map(async (qid) => {
        posted.set(qid, Date.now());
        const status = (await answer(qid)).status;
        statuses.push(status);
        if (status === 200) expected += openIn.get(qid) ?? 0;
      }),
    );
  }
  const deadline = Date.now() + 20_000;
  while (heard.length < expected && Date.now() < deadline) await sleep(50);
  await sleep(500);
  for (const ws of readers) ws.terminate();
  const refused = statuses.filter((s) => s !== 200).length;
  return [
    `\nfan-out over ${qids.length} QuestionRooms, ${per} sockets each asked: ${readers.length} of ${per * qids.length} open at once (opened in ${openS.toFixed(0)} s), one new answer on each (10 at a time; ${refused} refused):`,
    `  delivered/expected: ${heard.length}/${expected} (${((100 * heard.length) / Math.max(1, expected)).toFixed(2)}%), to a socket of another question: ${wrong}`,
    ...timeLines(heard),
  ];
}

/**
 * The worker's own address under `wrangler dev`, behind its dev proxy. The proxy on the public port
 * relays every WebSocket frame in JavaScript and holds two more open files a socket, so through
 * it one machine can neither hold 10,000 sockets (the open-file limit is 20,000 here) nor show
 * what a room's broadcast costs; in production no such proxy sits between the reader and the
 * worker. Found as a port a workerd of this directory listens on (other than the public one) that
 * answers the app's own call; null when there is none (then everything goes through the proxy).
 */
export async function workerBehindProxy(publicPort: number): Promise<string | null> {
  const ports = new Set<number>();
  const listening = new Map<string, number>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[3] === "0A") listening.set(f[9], Number.parseInt(f[1].split(":").pop()!, 16));
    }
  }
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd") || fs.readlinkSync(`/proc/${pid}/cwd`) !== process.cwd()) continue;
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const port = inode ? listening.get(inode) : undefined;
        if (port !== undefined && port !== publicPort) ports.add(port);
      }
    } catch {
      // a process that ended meanwhile, or not ours to read
    }
  }
  for (const port of ports) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/getCategories`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && "categories" in ((await res.json()) as object)) return `http://127.0.0.1:${port}`;
    } catch {
      // not the worker
    }
  }
  return null;
}

/**
 * The live section's lines. `qids`: open questions the writer has not answered, LIVE_ROOMS + 2 of
 * them (the first two for the one room, through the proxy and straight); `answer` posts a new answer by the writer.
 */
export async function liveBench(base: string, qids: number[], sockets: number, answer: Answer, log: (m: string) => void): Promise<string[]> {
  const direct = await workerBehindProxy(Number(new URL(base).port));
  log(`fan-out of one new answer to ${sockets} sockets on question ${qids[0]}, through wrangler's dev proxy …`);
  const proxied = await oneRoom(base, qids[0], sockets, answer);
  proxied[0] = proxied[0].replace(":", ", through wrangler's dev proxy (the public port):");
  const lines = [...proxied];
  if (direct) {
    await sleep(2000); // the proxy lets go of the closed sockets
    log(`… and on question ${qids[1]} straight to the worker (${direct}) …`);
    const one = await oneRoom(direct, qids[1], sockets, answer);
    one[0] = one[0].replace(":", `, straight to the worker (${direct}, as in production: no dev proxy):`);
    lines.push(...one);
  } else {
    lines.push("  (the worker behind wrangler's dev proxy was not found: the lines below go through the proxy)");
  }
  const rooms = qids.slice(2, 2 + LIVE_ROOMS);
  log(`fan-out to ${SPREAD} sockets over ${rooms.length} questions …`);
  lines.push(...(rooms.length > 0 ? await manyRooms(direct ?? base, rooms, SPREAD, answer) : [`\nfan-out over many rooms: no open questions left`]));
  return lines;
}
