#!/usr/bin/env node
/**
 * `npm run deploy:check`: builds, bundles the Worker as `wrangler deploy` would (--dry-run, no
 * account needed) and reports the bundle size; fails when the gzip size exceeds 3 MiB
 * (the Workers Free plan limit).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bin, quietEnv } from "./local-env.mjs";
import zlib from "node:zlib";

const LIMIT = 3 * 1024 * 1024;
const OUT = path.join(".wrangler", "deploy-check");
const env = quietEnv;

function run(cmd, args) {
  const r = spawnSync(cmd, args, { env, stdio: ["inherit", "pipe", "inherit"], encoding: "utf8" });
  process.stdout.write(r.stdout ?? "");
  if (r.status !== 0) {
    console.error(`✗ ${path.basename(cmd)} ${args.join(" ")} exited with ${r.status ?? r.signal}`);
    process.exit(r.status ?? 1);
  }
  return r.stdout ?? "";
}

run(process.execPath, ["scripts/build.mjs"]);
fs.rmSync(OUT, { recursive: true, force: true });
const out = run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", OUT]);

/** every uploaded module (source maps are not part of the script size) */
function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : e.name.endsWith(".map") || e.name === "README.md" ? [] : [p];
  });
}
const modules = files(OUT);
let total = 0;
let gzip = 0;
for (const f of modules) {
  const buf = fs.readFileSync(f);
  total += buf.length;
  gzip += zlib.gzipSync(buf).length;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const wranglerLine = out.split("\n").find((l) => /Total Upload/i.test(l));

console.log("\nWorker bundle (wrangler deploy --dry-run)");
for (const f of modules) console.log(`  ${path.relative(OUT, f)}  ${kib(fs.statSync(f).size)}`);
console.log(`  total: ${kib(total)}   gzip: ${kib(gzip)}   (limit ${kib(LIMIT)} gzip)`);
if (wranglerLine) console.log(`  wrangler says: ${wranglerLine.trim()}`);
if (gzip > LIMIT) {
  console.error(`✗ the gzip size ${kib(gzip)} is over ${kib(LIMIT)}`);
  process.exit(1);
}
console.log("✓ bundle size OK");
