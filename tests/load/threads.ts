/**
 * `BENCH_ONLY=threads` (also in the full run, last: it changes the store): several databases
 * (docs/decisions/0059). A range of the bench store's oldest questions moves to THREADS_1 through
 * the operator's door while the server runs; the bench prints the move (rows, time, how long writes
 * to the range were refused) and measures one of those questions' page and one of its answers' page
 * before the move (read from DB) and after it (read from THREADS_1, their authors from DB), all
 * uncached, with the D1 round trips each waits for in a row.
 */

/** The server's vars for the operator's door. */
export const THREAD_VARS = { OPS_SECRET: "bench-ops-secret" } as const;

/** How many of the oldest questions move (question 1, the bench's reference page, stays in DB). */
const MOVED = Number(process.env.BENCH_MOVED ?? 500);

export type ThreadsPlan = { first: number; last: number; question: number; answer: number };

/** The range to move (questions 2 … 1 + MOVED) and the live question and answer of it whose pages are measured, from D1 before the server holds the store. */
export function planThreads(sql: <T>(query: string) => T[]): ThreadsPlan | null {
  const top = sql<{ id: number }>("SELECT max(id) AS id FROM questions")[0]?.id ?? 0;
  const last = Math.min(1 + MOVED, top);
  if (last < 2) return null;
  const [q] = sql<{ id: number }>(
    `SELECT id FROM questions WHERE id BETWEEN 2 AND ${last} AND hidden = 0 AND state <> 'D' AND anscnt > 3 ORDER BY anscnt DESC, id LIMIT 1`,
  );
  if (!q) return null;
  const [a] = sql<{ id: number }>(`SELECT id FROM answers WHERE qid = ${q.id} AND hidden = 0 ORDER BY id LIMIT 1`);
  return a ? { first: 2, last, question: q.id, answer: a.id } : null;
}

type Progress = { status: number; id: number; stage: string; copied: number; replayed: number; waitMs: number; error?: string };

async function ops(base: string, path: string, body?: unknown): Promise<Progress> {
  const res = await fetch(`${base}/api/ops/moves${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ops-secret": THREAD_VARS.OPS_SECRET },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const p = (await res.json()) as Progress;
  if (res.status !== 200) throw new Error(`the move failed: ${res.status} ${p.error ?? ""}`);
  return p;
}

/** One uncached request's D1 round trips: in a row, and in all. */
async function trips(base: string, path: string, headers: Record<string, string>) {
  const res = await fetch(base + path, { headers });
  await res.arrayBuffer();
  return `${res.headers.get("x-d1-serial")} in a row, ${res.headers.get("x-d1-roundtrips")} in all`;
}

/** Measures the page, moves the range, measures it again; returns the two rows and the printed lines. */
export async function threadsSection<R extends { result: { latency: { p50: number } } }>(
  base: string,
  plan: ThreadsPlan,
  measure: (name: string, path: string, headers: Record<string, string>) => Promise<R>,
  noCache: Record<string, string>,
  log: (m: string) => void,
): Promise<{ rows: R[]; lines: string[] }> {
  const page = `/question/${plan.question}`;
  const answerPage = `/answer/${plan.answer}`;
  const before = await measure("question page in DB (no cache)", page, noCache);
  const tripsBefore = await trips(base, page, noCache);
  const answerBefore = await measure("answer page in DB (no cache)", answerPage, noCache);
  const answerTripsBefore = await trips(base, answerPage, noCache);

  log(`moving questions ${plan.first}–${plan.last} to THREADS_1 …`);
  const started = performance.now();
  let frozenAt = 0;
  let flippedAt = 0;
  let p = await ops(base, "", { first: plan.first, last: plan.last, target: "THREADS_1" });
  for (;;) {
    const at = performance.now();
    if (p.stage === "final" && !frozenAt) frozenAt = at;
    if ((p.stage === "cleanup" || p.stage === "done") && !flippedAt) flippedAt = at;
    if (p.stage === "done") break;
    if (p.waitMs > 0) await new Promise((r) => setTimeout(r, p.waitMs));
    p = await ops(base, `/${p.id}`);
  }
  const seconds = (performance.now() - started) / 1000;

  const after = await measure("question page in THREADS_1 (no cache)", page, noCache);
  const tripsAfter = await trips(base, page, noCache);
  const answerAfter = await measure("answer page in THREADS_1 (no cache)", answerPage, noCache);
  const answerTripsAfter = await trips(base, answerPage, noCache);
  const ratio = after.result.latency.p50 / before.result.latency.p50;
  const answerRatio = answerAfter.result.latency.p50 / answerBefore.result.latency.p50;
  return {
    rows: [before, answerBefore, after, answerAfter],
    lines: [
      `several databases: questions ${plan.first}–${plan.last} moved from DB to THREADS_1 through /api/ops/moves while the server ran:`,
      `  ${p.copied} rows copied in ${seconds.toFixed(1)} s (${Math.round(p.copied / seconds)} rows/s with the waits), ${p.replayed} changes replayed; writes to the range refused for ${((flippedAt - frozenAt) / 1000).toFixed(1)} s (the map's lifetime, 5 s, and the last replay)`,
      `  ${page} uncached: in DB p50 ${before.result.latency.p50} ms, D1 ${tripsBefore}; in THREADS_1 p50 ${after.result.latency.p50} ms, D1 ${tripsAfter} (ratio ${ratio.toFixed(2)})`,
      `  ${answerPage} uncached: in DB p50 ${answerBefore.result.latency.p50} ms, D1 ${answerTripsBefore}; in THREADS_1 p50 ${answerAfter.result.latency.p50} ms, D1 ${answerTripsAfter} (ratio ${answerRatio.toFixed(2)})`,
    ],
  };
}
