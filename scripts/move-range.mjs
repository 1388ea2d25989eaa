#!/usr/bin/env node
/**
 * The operator's tool: moves questions FIRST..LAST (their whole threads) to the thread database
 * TARGET while the site keeps taking writes (docs/decisions/0059), through the Worker's
 * /api/ops/moves, which alone holds every database's binding. Writes to the range are refused for
 * about a second near the end («Попробуйте ещё раз через секунду»); reads never stop.
 *
 *   OPS_SECRET=… node scripts/move-range.mjs --first 1 --last 500000 --to THREADS_1 [--url https://site]
 *   OPS_SECRET=… node scripts/move-range.mjs --resume 7 [--url …]      (go on with move 7 after a stop)
 *
 * Locally (npm start) the secret comes from .dev.vars and the URL is http://127.0.0.1:8787.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";

const { values: opt } = parseArgs({
  options: {
    first: { type: "string" },
    last: { type: "string" },
    to: { type: "string" },
    resume: { type: "string" },
    url: { type: "string", default: "http://127.0.0.1:8787" },
  },
});
const fromDevVars = () => /^\s*OPS_SECRET\s*=\s*(.+)$/m.exec(fs.existsSync(".dev.vars") ? fs.readFileSync(".dev.vars", "utf8") : "")?.[1]?.trim();
const secret = process.env.OPS_SECRET ?? fromDevVars();
if (!secret || (!opt.resume && !(opt.first && opt.last && opt.to))) {
  console.error("нужно: OPS_SECRET и --first N --last M --to THREADS_n (или --resume ID)");
  process.exit(2);
}

async function call(path, body) {
  const res = await fetch(`${opt.url}/api/ops/moves${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ops-secret": secret },
    body: body ? JSON.stringify(body) : undefined,
  });
  const r = await res.json().catch(() => ({ error: `ответ ${res.status}` }));
  if (!res.ok) {
    console.error(`✗ ${r.error ?? res.status}`);
    process.exit(1);
  }
  return r;
}

let p = opt.resume ? await call(`/${opt.resume}`) : await call("", { first: Number(opt.first), last: Number(opt.last), target: opt.to });
for (;;) {
  console.log(`перенос ${p.id}: ${p.stage}, скопировано строк ${p.copied}, повторено изменений ${p.replayed}`);
  if (p.stage === "done") break;
  if (p.waitMs > 0) await new Promise((r) => setTimeout(r, p.waitMs));
  p = await call(`/${p.id}`);
}
