/**
 * The bench's load section (`BENCH_ONLY=load`, or BENCH_LOAD=1 beside the whole bench; off by
 * default: it runs about 10 minutes): a mixed run on loopback — 80 % guest reads (question pages,
 * category pages, the index), 15 % signed-in reads (question pages, each request as one of many
 * readers), 5 % writes (new answers by many users, each on a question he has not answered).
 *
 * It runs against the Worker as a deploy bundles it, served by Miniflare from a copy of the bench's
 * store (tests/load/deployed.ts), not through `wrangler dev`: its dev proxy, which production does
 * not have, relays every request in JavaScript and stopped answering under overload.
 *
 * The requests leave at a fixed rate, open loop. First it looks for the highest rate the machine
 * holds: steps of BENCH_LOAD_STEP seconds (20 by default: ten-second steps held rates that then
 * queued up within a minute) from BENCH_LOAD_RATE (20) req/s up by 30 % each, while under 0.1 % of
 * the requests fail, 99 % are answered within 2 s and the answers of the step's last quarter are not
 * much slower than those of its first (no queue building up); then two steps halve the gap between
 * the last rate that held and the first that did not. Then it runs BENCH_LOAD_SECONDS (300) at
 * 90 % of the highest rate that held and reports that rate, p50, p99, the errors, and whether any
 * write was lost: the answers the database holds with this run's stamp must equal the writes the
 * server accepted (every reply is awaited before they are counted).
 *
 * The readers' and writers' sessions are written straight into the store before the server starts
 * (signing 300 users in through the API from one address would meet the sign-in limits).
 */
import crypto from "node:crypto";

type Sql = <T = Record<string, unknown>>(sql: string) => T[];
type Session = { cookie: string; salt: string; token: string };
type Write = { session: Session; qid: number };

export type LoadPlan = { readers: Session[]; writes: Write[]; questions: number[]; lists: string[]; stamp: string };

const STEP_S = Number(process.env.BENCH_LOAD_STEP ?? 20);
const RUN_S = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const FIRST_RATE = Number(process.env.BENCH_LOAD_RATE ?? 20);
/** BENCH_LOAD_AT: the long run's rate, given instead of searched for (no steps) */
const RUN_AT = Number(process.env.BENCH_LOAD_AT ?? 0);
const ERROR_LIMIT = 0.001;

const hex = (n: number) => crypto.randomBytes(n).toString("hex");

/** Sessions for these users, written into the store; their cookies and the API's salt and token. */
function sessionsFor(sql: Sql, userIds: number[]): Session[] {
  const now = Date.now();
  // a token names its user before its random part, as the site's own sessions do (so each reader's UserHub keeps his card)
  const rows = userIds.map((id) => ({ id, token: `${id}.${hex(32)}`, salt: hex(12), api: hex(24) }));
  for (let i = 0; i < rows.length; i += 100) {
    const values = rows
      .slice(i, i + 100)
      .map((r) => `(${r.id}, '${crypto.createHash("sha256").update(r.token).digest("hex")}', '${r.salt}', '${r.api}', ${now}, ${now + 7 * 86_400_000})`)
      .join(", ");
    sql(`INSERT INTO sessions (user_id, token_hash, salt, api_token, created_at, expires_at) VALUES ${values}`);
  }
  return rows.map((r) => ({ cookie: `sid=${r.token}`, salt: r.salt, token: r.api }));
}

/**
 * What the run reads and writes, from the store before the server holds it: 150 readers, up to
 * 150 writers (users who are never asked for a captcha and not premoderated), and for each write
 * an open question its writer neither asked nor answered, outside premoderated categories.
 */
export function planLoad(sql: Sql, maxWrites = 8000): LoadPlan {
  const readers = sql<{ id: number }>("SELECT id FROM users WHERE ban_permanent = 0 AND banned_until IS NULL ORDER BY id LIMIT 150").map((r) => r.id);
  const writers = sql<{ id: number }>(
    "SELECT id FROM users WHERE ban_permanent = 0 AND banned_until IS NULL AND premoderated = 0 AND (vip = 1 OR lvl >= 4) ORDER BY points DESC LIMIT 150",
  ).map((r) => r.id);
  const open = sql<{ id: number; user_id: number }>(
    `SELECT q.id, q.user_id FROM questions q WHERE q.state = 'A' AND q.brand_id IS NULL AND q.hidden = 0 AND q.noadd = 0
       AND NOT EXISTS (SELECT 1 FROM categories c WHERE (c.premoderated = 1 OR c.readonly = 1 OR c.adult = 1) AND c.id IN (q.category_id, q.top_category_id))
     ORDER BY q.id`,
  );
  const answered = new Set(sql<{ k: string }>(`SELECT user_id || ':' || qid AS k FROM answers WHERE user_id IN (${writers.join(",") || "0"})`).map((r) => r.k));
  const writerSessions = sessionsFor(sql, writers);
  const writes: Write[] = [];
  // round-robin over the questions, each writer in turn, so that no (writer, question) pair repeats
  for (let round = 0; writes.length < maxWrites && round < writers.length; round++) {
    for (let i = 0; i < open.length && writes.length < maxWrites; i++) {
      const w = (i + round) % writers.length;
      if (open[i].user_id === writers[w] || answered.has(`${writers[w]}:${open[i].id}`)) continue;
      answered.add(`${writers[w]}:${open[i].id}`);
      writes.push({ session: writerSessions[w], qid: open[i].id });
    }
  }
  const questions = sql<{ id: number }>(
    "SELECT q.id FROM questions q JOIN categories c ON c.id = q.top_category_id WHERE q.state <> 'D' AND q.hidden = 0 AND c.adult = 0 ORDER BY q.id LIMIT 300",
  ).map((r) => r.id);
  const lists = sql<{ u: string }>(
    "SELECT '/' || urlname || '/' AS u FROM categories WHERE parent_id IS NULL AND adult = 0 AND hidden = 0 AND special IS NULL LIMIT 10",
  ).map((r) => r.u);
  return { readers: sessionsFor(sql, readers), writes, questions, lists: ["/", ...lists], stamp: `нагрузка-${Date.now().toString(36)}` };
}

type Counts = { guest: number; signedIn: number; write: number; held: number; refused: number };
type Step = {
  rate: number;
  counts: Counts;
  requests: number;
  latencies: number[];
  /** the latencies of the requests sent in the step's first and last quarter */
  quarters: { first: number[]; last: number[] };
  /** no reply (a socket error), no reply within 10 s, a 5xx, a write whose reply is not the envelope */
  errors: { socket: number; timeouts: number; server: number; writes: number };
  served: number;
  /** the writes by their number: accepted, and sent but never answered with the envelope */
  writes: { accepted: number[]; unanswered: number[] };
  /** the first few 5xx replies, one line each */
  fives: string[];
};

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN;
};
const errorsOf = (s: Step) => s.errors.socket + s.errors.timeouts + s.errors.server + s.errors.writes;

/**
 * One run of the mix at a fixed rate, open loop: a request leaves every 1/rate s whether or not
 * the earlier ones were answered (a server that falls behind shows it in its latency and
 * time-outs, not in a slower client), and the run waits for the last reply. Writes take the
 * plan's pairs in order from `cursor`.
 */
async function mixed(base: string, plan: LoadPlan, rate: number, seconds: number, cursor: { next: number }): Promise<Step> {
  const total = Math.round(rate * seconds);
  const counts: Counts = { guest: 0, signedIn: 0, write: 0, held: 0, refused: 0 };
  const errors = { socket: 0, timeouts: 0, server: 0, writes: 0 };
  const latencies: number[] = [];
  const quarters = { first: [] as number[], last: [] as number[] };
  /** the writes (by their number) the server accepted, and those that got no reply or no envelope */
  const writes = { accepted: [] as number[], unanswered: [] as number[] };
  /** the first few 5xx: status, what was asked and the start of the reply */
  const fives: string[] = [];
  const one = async (i: number) => {
    const roll = Math.random();
    let init: RequestInit = { redirect: "manual", signal: AbortSignal.timeout(10_000) };
    let path: string;
    let kind: "guest" | "signedIn" | "write";
    let no = 0;
    if (roll < 0.05 && cursor.next < plan.writes.length) {
      const w = plan.writes[cursor.next++];
      no = cursor.next;
      kind = "write";
      path = "/api/v2/addans";
      const body = new URLSearchParams({
        qid: String(w.qid),
        Body: `Ответ под нагрузкой ${plan.stamp} № ${no}`,
        salt: w.session.salt,
        token: w.session.token,
      });
      init = { ...init, method: "POST", headers: { origin: base, cookie: w.session.cookie, "content-type": "application/x-www-form-urlencoded" }, body };
    } else if (roll < 0.2) {
      kind = "signedIn";
      path = `/question/${pick(plan.questions)}`;
      init = { ...init, headers: { cookie: pick(plan.readers).cookie } };
    } else {
      kind = "guest";
      path = Math.random() < 0.8 ? `/question/${pick(plan.questions)}` : pick(plan.lists);
    }
    counts[kind]++;
    const t = performance.now();
    try {
      const res = await fetch(base + path, init);
      const text = await res.text();
      const took = performance.now() - t;
      latencies.push(took);
      if (i < total / 4) quarters.first.push(took);
      else if (i >= (3 * total) / 4) quarters.last.push(took);
      if (res.status >= 500) {
        errors.server++;
        if (no) writes.unanswered.push(no);
        if (fives.length < 3) fives.push(`${res.status} on ${kind === "write" ? "a write" : path}: ${text.slice(0, 120).replace(/\s+/g, " ")}`);
        return;
      }
      if (kind !== "write") return;
      try {
        const reply = JSON.parse(text) as { status: number; on_moderation?: unknown };
        if (reply.status === 200 && reply.on_moderation) counts.held++;
        else if (reply.status === 200) writes.accepted.push(no);
        else counts.refused++;
      } catch {
        errors.writes++;
        writes.unanswered.push(no);
      }
    } catch (e) {
      if (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError")) errors.timeouts++;
      else errors.socket++;
      if (no) writes.unanswered.push(no);
    }
  };
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(i));
  }
  const sent = (performance.now() - start) / 1000;
  await Promise.all(pending);
  return { rate, counts, requests: total, latencies, quarters, errors, served: total / Math.max(sent, seconds), writes, fives };
}

/**
 * Whether the server fell behind: a rate a little above what it can serve holds a short step (the
 * queue is still short at its end) but not five minutes, so the requests sent in the last quarter
 * must be answered within twice the median of the first quarter's (and 50 ms).
 */
const queued = (s: Step) => pct(s.quarters.last, 50) > 2 * pct(s.quarters.first, 50) + 50;

/**
 * A rate holds when under 0.1 % of its requests fail, 99 % are answered within 2 s, the client
 * kept the pace and the server did not fall behind.
 */
const holds = (s: Step) => s.requests > 0 && errorsOf(s) / s.requests < ERROR_LIMIT && pct(s.latencies, 99) <= 2000 && s.served >= 0.95 * s.rate && !queued(s);

/**
 * The load section: the rate search, the long run and its lines. `verify` counts the rows after the
 * server has stopped (the store is then no longer in use) and gives the write-loss line.
 */
export async function loadBench(base: string, plan: LoadPlan, log: (m: string) => void): Promise<{ lines: string[]; verify(sql: Sql): string[] }> {
  const cursor = { next: 0 };
  const steps: Step[] = [];
  let rate = FIRST_RATE;
  let good = 0;
  const step = async (r: number) => {
    log(`load: ${r} req/s for ${STEP_S} s …`);
    const s = await mixed(base, plan, r, STEP_S, cursor);
    steps.push(s);
    return holds(s);
  };
  let bad = 0;
  while (RUN_AT <= 0) {
    if (!(await step(rate))) {
      bad = rate;
      break;
    }
    good = rate;
    rate = Math.round(rate * 1.3);
  }
  // two more steps halve the gap between the last rate that held and the first that did not
  for (let i = 0; i < 2 && good > 0 && bad - good > 2; i++) {
    const mid = Math.round((good + bad) / 2);
    if (await step(mid)) good = mid;
    else bad = mid;
  }
  // the highest rate that held, a little under it to leave room for the long run's variance
  const target = RUN_AT > 0 ? RUN_AT : Math.max(1, Math.floor((good || FIRST_RATE / 2) * 0.9));
  log(`load: ${target} req/s for ${RUN_S} s …`);
  const run = await mixed(base, plan, target, RUN_S, cursor);
  const e = run.errors;
  const ms = (x: number) => `${Math.round(x)} ms`;
  /** p50 and p99, and the medians of the first and last quarter when the server fell behind */
  const spread = (s: Step) =>
    `p50 ${ms(pct(s.latencies, 50))}, p99 ${ms(pct(s.latencies, 99))}${queued(s) ? ` (fell behind: median ${ms(pct(s.quarters.first, 50))} → ${ms(pct(s.quarters.last, 50))})` : ""}`;
  const lines = [
    `\nmixed load on loopback against the deployed bundle (Miniflare), open loop (80 % guest reads, 15 % signed-in reads by ${plan.readers.length} readers, 5 % new answers by ${new Set(plan.writes.map((w) => w.session.cookie)).size} writers):`,
    `  rate search (${STEP_S} s steps; holds: < 0.1 % errors, p99 ≤ 2 s, no queue building up): ${RUN_AT > 0 ? `none, the rate given (BENCH_LOAD_AT=${RUN_AT})` : ""}${steps.map((s) => `${s.rate} req/s → ${spread(s)}, ${errorsOf(s)} errors${holds(s) ? "" : " (did not hold)"}`).join("; ")}`,
    `  ${RUN_S} s at ${target} req/s: ${run.requests} requests, ${spread(run)}, errors ${errorsOf(run)} (${((100 * errorsOf(run)) / Math.max(1, run.requests)).toFixed(3)} %: ${e.socket} socket, ${e.timeouts} time-outs over 10 s, ${e.server} 5xx, ${e.writes} writes without an envelope) → ${holds(run) ? "held" : "DID NOT HOLD"}`,
    `  mix: ${run.counts.guest} guest reads, ${run.counts.signedIn} signed-in reads, ${run.counts.write} writes (${run.writes.accepted.length} accepted, ${run.counts.held} held for premoderation, ${run.counts.refused} refused by the rules)`,
  ];
  const all = [...steps, run];
  const accepted = all.flatMap((s) => s.writes.accepted);
  const unanswered = all.flatMap((s) => s.writes.unanswered);
  const fives = all.flatMap((s) => s.fives).slice(0, 3);
  if (fives.length > 0) lines.push(`  first 5xx replies: ${fives.join(" | ")}`);
  return {
    lines,
    verify(sql) {
      const stored = new Set(
        sql<{ text: string }>(`SELECT text FROM answers WHERE text LIKE '%${plan.stamp}%'`).map((r) => Number(/№ (\d+)/.exec(r.text)?.[1] ?? 0)),
      );
      const lost = accepted.filter((n) => !stored.has(n));
      const unknown = unanswered.filter((n) => stored.has(n));
      return [
        `  writes accepted in all steps: ${accepted.length}; answers in D1 with this run's stamp: ${stored.size}; accepted but not in D1: ${lost.length} → ${lost.length === 0 ? "no write lost" : "WRITES LOST"}`,
        `  writes sent but never answered (socket errors, time-outs, 5xx): ${unanswered.length}, of which in D1 all the same: ${unknown.length}`,
      ];
    },
  };
}
