/**
 * Rows and bytes of every table of a local D1 store, by the kind of database each would live in
 * when the site spreads over several (docs/decisions/0053), and what that makes at a larger size:
 *   npx tsx tests/load/store-sizes.ts [--persist-to DIR]   (default .wrangler/state)
 * Bytes are SQLite's own page accounting (its dbstat table: every page of the table and of its
 * indexes, FTS5 shadow tables counted with the search index), read from the store's file with
 * python3's sqlite3 (workerd's SQLite has no dbstat, and Node 20 has no SQLite of its own).
 * The projection scales a thread's tables and the activity tables by questions, the accounts'
 * tables by users, and keeps the shared tables as they are.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dir = path.join(arg("persist-to") ?? path.join(".wrangler", "state"), "v3", "d1", "miniflare-D1DatabaseObject");
const file = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
  .map((f) => path.join(dir, f))[0];
if (!file) throw new Error(`no D1 store in ${dir}`);

const PROGRAM = `
import sqlite3, sys, json
c = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
owner = dict(c.execute("select name, tbl_name from sqlite_schema where type in ('table', 'index')").fetchall())
out = {}
for name, size in c.execute("select name, sum(pgsize) from dbstat group by name"):
    t = owner.get(name, name)
    out.setdefault(t, {"rows": None, "bytes": 0})["bytes"] += size
for t in out:
    try: out[t]["rows"] = c.execute('select count(*) from "%s"' % t).fetchone()[0]
    except sqlite3.Error: pass
print(json.dumps(out))
`;
const measured = JSON.parse(execFileSync("python3", ["-c", PROGRAM, file], { encoding: "utf8" })) as Record<string, { rows: number | null; bytes: number }>;

/**
 * Which database a table's rows would live in. A question's thread: the question and everything
 * hanging off it. Search: the FTS5 indexes and their queue. Activity: per-user rows that grow with
 * what people do (kept with the user). Accounts: per-user rows that grow with people. Shared: the
 * small tables every request may read.
 */
const KIND: Record<string, "thread" | "search" | "activity" | "accounts" | "shared"> = {
  questions: "thread",
  answers: "thread",
  comments: "thread",
  supplements: "thread",
  answer_reactions: "thread",
  marks: "thread",
  best_votes: "thread",
  poll_options: "thread",
  poll_votes: "thread",
  photos: "thread",
  watches: "thread",
  abuse_reports: "thread",
  premod_items: "thread",
  private_questions: "thread",
  private_answers: "thread",
  points_ledger: "activity",
  leaders_week: "activity",
  notifications: "activity",
  feed_items: "activity",
  sent_gifts: "activity",
  track_events: "activity",
  mod_log: "activity",
  users: "accounts",
  sessions: "accounts",
  login_attempts: "accounts",
  bans: "accounts",
  follows: "accounts",
  blacklist: "accounts",
  albums: "accounts",
  payments: "accounts",
  gifts: "shared",
  categories: "shared",
  brands: "shared",
  brand_members: "shared",
  brand_recommendations: "shared",
  house_ads: "shared",
  ip_blocks: "shared",
  captchas: "shared",
};
const kindOf = (table: string) => KIND[table] ?? (/_fts|^search_/.test(table) ? "search" : "shared");

const questions = measured.questions?.rows ?? 0;
const users = measured.users?.rows ?? 0;
const mb = (b: number) => (b / 1e6).toFixed(b < 1e7 ? 2 : 0);
const gb = (b: number) => (b / 1e9).toFixed(1);

console.log(`${file}\n${questions.toLocaleString("en")} questions, ${users.toLocaleString("en")} users\n`);
console.log(`${"table".padEnd(28)} ${"kind".padEnd(9)} ${"rows".padStart(11)} ${"MB".padStart(9)} ${"bytes/row".padStart(9)}`);
const byKind = new Map<string, number>();
for (const [t, m] of Object.entries(measured).sort((a, b) => b[1].bytes - a[1].bytes)) {
  const kind = kindOf(t);
  byKind.set(kind, (byKind.get(kind) ?? 0) + m.bytes);
  const per = m.rows ? Math.round(m.bytes / m.rows) : 0;
  console.log(
    `${t.padEnd(28)} ${kind.padEnd(9)} ${(m.rows ?? "—").toLocaleString("en").padStart(11)} ${mb(m.bytes).padStart(9)} ${String(per || "—").padStart(9)}`,
  );
}
const total = [...byKind.values()].reduce((a, b) => a + b, 0);
console.log(`\n${"kind".padEnd(10)} ${"MB".padStart(9)}   per question / per user`);
for (const [k, b] of byKind) {
  const per = k === "accounts" ? `${Math.round(b / users)} B a user` : k === "shared" ? "" : `${Math.round(b / questions)} B a question`;
  console.log(`${k.padEnd(10)} ${mb(b).padStart(9)}   ${per}`);
}
console.log(`${"all".padEnd(10)} ${mb(total).padStart(9)}`);

const perQuestion = (k: string) => (byKind.get(k) ?? 0) / questions;
const perUser = (byKind.get("accounts") ?? 0) / users;
console.log("\nProjected (GB): questions × users → thread, search, activity, accounts, all");
for (const [q, u] of [
  [1e6, 1e6],
  [10e6, 5e6],
  [100e6, 20e6],
]) {
  const thread = perQuestion("thread") * q;
  const search = perQuestion("search") * q;
  const activity = perQuestion("activity") * q;
  const accounts = perUser * u;
  console.log(
    `${(q / 1e6).toString().padStart(4)}M × ${(u / 1e6).toString().padStart(2)}M → ${[thread, search, activity, accounts, thread + search + activity + accounts].map((b) => gb(b).padStart(6)).join(" ")}`,
  );
}
