/**
 * The bench's load section (`BENCH_ONLY=load`, or BENCH_LOAD=1 beside the whole bench; off by
 * default: it runs about 7 minutes): a mixed run on loopback — 80 % guest reads (question pages,
 * category pages, the index), 15 % signed-in reads (question pages, each request as one of many
 * readers), 5 % writes (new answers by many users, each on a question he has not answered).
 *
 * First it looks for the highest rate the machine holds: short steps (BENCH_LOAD_STEP seconds,
 * 10 by default) at a rising fixed rate, while the errors stay under 0.1 % and the rate served is
 * at least 95 % of the rate asked. Then it runs BENCH_LOAD_SECONDS (300) at the last rate that
 * held and reports the rate served, p50, p99, the errors, and whether any write was lost: the
 * answers the database holds with this run's stamp must equal the writes the server accepted.
 *
 * The readers' and writers' sessions are written straight into the store before the server starts
 * (signing 200 users in through the API would meet the per-address sign-in limit).
 */
import crypto from "node:crypto";
import autocannon, { type RequestParams, type Result } from "autocannon";

type Sql = <T = Record<string, unknown>>(sql: string) => T[];
type Session = { cookie: string; salt: string; token: string };
type Write = { session: Session; qid: number };

export type LoadPlan = { readers: Session[]; writes: Write[]; questions: number[]; lists: string[]; stamp: string };

const STEP_S = Number(process.env.BENCH_LOAD_STEP ?? 10);
const RUN_S = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const FIRST_RATE = Number(process.env.BENCH_LOAD_RATE ?? 20);
const ERROR_LIMIT = 0.001;

const hex = (n: number) => crypto.randomBytes(n).toString("hex");

/** Sessions for these users, written into the store; their cookies and the API's salt and token. */
function sessionsFor(sql: Sql, userIds: number[]): Session[] {
  const now = Date.now();
  const rows = userIds.map((id) => ({ id, token: hex(32), salt: hex(12), api: hex(24) }));
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

type Counts = { guest: number; signedIn: number; write: number; accepted: number; held: number; refused: number; failed: number };
type Step = { rate: number; result: Result; counts: Counts; errors: number; served: number };

const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

/** One fixed-rate run of the mix; writes take the plan's pairs in order from `cursor`. */
async function mixed(base: string, plan: LoadPlan, rate: number, seconds: number, cursor: { next: number }): Promise<Step> {
  const counts: Counts = { guest: 0, signedIn: 0, write: 0, accepted: 0, held: 0, refused: 0, failed: 0 };
  const result = await autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    overallRate: rate,
    timeout: 10,
    requests: [
      {
        setupRequest(req, context: Record<string, unknown>): RequestParams {
          const roll = Math.random();
          if (roll < 0.05 && cursor.next < plan.writes.length) {
            const w = plan.writes[cursor.next++];
            context.kind = "write";
            counts.write++;
            const body = new URLSearchParams({
              qid: String(w.qid),
              Body: `Ответ под нагрузкой ${plan.stamp} № ${cursor.next}`,
              salt: w.session.salt,
              token: w.session.token,
            });
            return {
              ...req,
              method: "POST",
              path: "/api/v2/addans",
              headers: { origin: base, cookie: w.session.cookie, "content-type": "application/x-www-form-urlencoded" },
              body: body.toString(),
            };
          }
          if (roll < 0.2) {
            context.kind = "signedIn";
            counts.signedIn++;
            return { ...req, method: "GET", path: `/question/${pick(plan.questions)}`, headers: { cookie: pick(plan.readers).cookie }, body: undefined };
          }
          context.kind = "guest";
          counts.guest++;
          const path = Math.random() < 0.8 ? `/question/${pick(plan.questions)}` : pick(plan.lists);
          return { ...req, method: "GET", path, headers: {}, body: undefined };
        },
        onResponse(status, body, context: Record<string, unknown>) {
          if (context.kind !== "write") return;
          try {
            const reply = JSON.parse(body) as { status: number; on_moderation?: unknown };
            if (reply.status === 200 && reply.on_moderation) counts.held++;
            else if (reply.status === 200) counts.accepted++;
            else if (status < 500) counts.refused++;
            else counts.failed++;
          } catch {
            counts.failed++;
          }
        },
      },
    ],
  });
  // an error: no reply, a time-out, a server error, or a write that failed (a refusal by the rules is a reply, not an error)
  const serverErrors = result["5xx"] ?? 0;
  const errors = result.errors + result.timeouts + serverErrors + counts.failed;
  return { rate, result, counts, errors, served: result.requests.average };
}

const holds = (s: Step) => s.result.requests.total > 0 && s.errors / s.result.requests.total < ERROR_LIMIT && s.served >= 0.95 * s.rate;

/**
 * The load section: the rate search, the long run and its lines. `verify` counts the rows after the
 * server has stopped (the store is then no longer in use) and gives the write-loss line.
 */
export async function loadBench(base: string, plan: LoadPlan, log: (m: string) => void): Promise<{ lines: string[]; verify(sql: Sql): string[] }> {
  const cursor = { next: 0 };
  const steps: Step[] = [];
  let rate = FIRST_RATE;
  let good = 0;
  for (;;) {
    log(`load: ${rate} req/s for ${STEP_S} s …`);
    const s = await mixed(base, plan, rate, STEP_S, cursor);
    steps.push(s);
    if (!holds(s)) break;
    good = rate;
    rate = Math.round(rate * 1.3);
  }
  // the last step that held, a little under it to leave room for the long run's variance
  const target = Math.max(5, Math.floor((good || FIRST_RATE / 2) * 0.9));
  log(`load: ${target} req/s for ${RUN_S} s …`);
  const run = await mixed(base, plan, target, RUN_S, cursor);
  const r = run.result;
  const total = r.requests.total;
  const lines = [
    `\nmixed load on loopback (80 % guest reads, 15 % signed-in reads by ${plan.readers.length} readers, 5 % new answers by many writers), 50 connections:`,
    `  rate search (${STEP_S} s steps): ${steps.map((s) => `${s.rate} → ${s.served.toFixed(1)} req/s, ${s.errors} errors${holds(s) ? "" : " (did not hold)"}`).join("; ")}`,
    `  ${RUN_S} s at ${target} req/s asked: ${run.served.toFixed(1)} req/s served, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${total} requests, errors ${run.errors} (${((100 * run.errors) / Math.max(1, total)).toFixed(3)} %: ${r.errors} socket, ${r.timeouts} time-outs, ${r["5xx"] ?? 0} 5xx, ${run.counts.failed} failed writes) → ${holds(run) ? "held" : "DID NOT HOLD"}`,
    `  mix: ${run.counts.guest} guest reads, ${run.counts.signedIn} signed-in reads, ${run.counts.write} writes (${run.counts.accepted} accepted, ${run.counts.held} held for premoderation, ${run.counts.refused} refused by the rules)`,
  ];
  const accepted = steps.reduce((n, s) => n + s.counts.accepted, run.counts.accepted);
  return {
    lines,
    verify(sql) {
      const rows = Number(sql<{ n: number }>(`SELECT count(*) AS n FROM answers WHERE text LIKE '%${plan.stamp}%'`)[0]?.n ?? -1);
      return [
        `  writes accepted in all steps: ${accepted}; answers in D1 with this run's stamp: ${rows} → ${rows === accepted ? "no write lost" : "MISMATCH"}`,
      ];
    },
  };
}
