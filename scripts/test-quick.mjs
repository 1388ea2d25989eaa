#!/usr/bin/env node
/**
 * `npm run test:quick`: the inner loop — the checks of `npm test` for what changed since main
 * (QUICK_BASE=<rev> for another base; on main itself, what is not committed yet):
 *   1. side by side: Biome on the changed files, dependency-cruiser and knip on the whole code,
 *      tsc --noEmit (incremental, its state kept in node_modules/.cache)
 *   2. the build, when a changed file goes into it (app/, public/, the Vite configs) or none exists
 *   3. the unit tests that import what changed (vitest related)
 *   4. the integration tests of what changed: a changed test file; a test file that imports a
 *      changed module itself or through the tests' helpers (not through the worker, which every
 *      file reaches); a test file named after a changed module (app/models/votes/… → votes.test.ts);
 *      and smoke.test.ts whenever the site's code changed
 * The stories (e2e) are left to `npm test`. Ends with each step's time and "N passed, N failed".
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { bin, runStep } from "./run-step.mjs";

const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
const lines = (s) => s.split("\n").filter(Boolean);

function changedFiles() {
  const base = process.env.QUICK_BASE ?? (lines(git("branch", "--list", "main")).length > 0 ? "main" : "origin/main");
  const since = git("merge-base", "HEAD", base);
  const files = [...lines(git("diff", "--name-only", since)), ...lines(git("ls-files", "--others", "--exclude-standard"))];
  return { base, files: [...new Set(files)].filter((f) => fs.existsSync(f)) };
}

const CODE = /^(app|worker|durable-objects|db|load-context\.ts)/;
const INTEGRATION = /^tests\/integration\/.+\.test\.ts$/;
/** Words of a path that name nothing in particular. */
const GENERIC = new Set([
  "app",
  "models",
  "routes",
  "server",
  "client",
  "index",
  "lib",
  "core",
  "calls",
  "components",
  "islands",
  "worker",
  "tests",
  "test",
  "ts",
  "tsx",
]);
const words = (file) =>
  file
    .replace(/\.(test\.)?(ts|tsx|mjs|css|sql)$/, "")
    .split(/[/._$()-]+/)
    .map((w) => w.toLowerCase().replace(/s$/, ""))
    .filter((w) => w.length >= 4 && !GENERIC.has(w));

/** Integration test files that import one of `changed` themselves or through tests/ (dependency-cruiser's --reaches). */
async function importers(changed) {
  const code = changed.filter((f) => /\.(ts|tsx)$/.test(f) && /^(app|worker|durable-objects|db|tests)\//.test(f));
  if (code.length === 0) return [];
  const literal = (f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const { code: exit, out } = await runStep(
    {
      cmd: bin("depcruise"),
      args: [
        "tests/integration",
        "--do-not-follow",
        "^(app|worker|durable-objects|db|build|node_modules)/",
        "--reaches",
        `^(${code.map(literal).join("|")})$`,
        "--output-type",
        "json",
      ],
    },
    { quiet: true },
  );
  if (exit !== 0) throw new Error(`dependency-cruiser failed:\n${out}`);
  return JSON.parse(out)
    .modules.map((m) => m.source)
    .filter((f) => INTEGRATION.test(f));
}

async function integrationFiles(changed) {
  const all = fs
    .readdirSync("tests/integration")
    .map((f) => `tests/integration/${f}`)
    .filter((f) => INTEGRATION.test(f));
  const changedWords = new Set(changed.filter((f) => CODE.test(f)).flatMap(words));
  const named = all.filter((t) => words(path.basename(t)).some((w) => changedWords.has(w)));
  const smoke = changed.some((f) => CODE.test(f)) ? ["tests/integration/smoke.test.ts"] : [];
  return [...new Set([...changed.filter((f) => INTEGRATION.test(f)), ...(await importers(changed)), ...named, ...smoke])].sort();
}

const counts = (out) => {
  const m = stripVTControlCharacters(out).match(/^\s*Tests\s+(.+)$/m);
  const n = (re) => (m ? [...m[1].matchAll(re)].reduce((a, x) => a + Number(x[1]), 0) : 0);
  return { passed: n(/(\d+) passed\b/g), failed: n(/(\d+) failed\b/g) };
};

const started = Date.now();
const times = [];
let passed = 0;
let failed = 0;
async function timed(name, work) {
  const t = Date.now();
  const failedBefore = failed;
  const ok = await work();
  times.push([name, ((Date.now() - t) / 1000).toFixed(1)]);
  if (!ok) {
    // a step that failed without a failed test (tsc, the build, a crash) counts as one failure
    if (failed === failedBefore) failed += 1;
    finish(1, `✗ ${name} failed`);
  }
}
function finish(code, message) {
  if (message) console.error(`\n${message}`);
  console.log("\nStep times:");
  for (const [name, secs] of times) console.log(`  ${secs.padStart(6)} s  ${name}`);
  console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  in all`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(code);
}

const { base, files } = changedFiles();
console.log(`Changed since ${base}: ${files.length === 0 ? "nothing" : `\n  ${files.join("\n  ")}`}`);
if (files.length === 0) finish(0);

const biomeFiles = files.filter((f) => /\.(ts|tsx|mjs|cjs|js|json|css)$/.test(f));
await timed("lint and typecheck (side by side)", async () => {
  const steps = [
    ...(biomeFiles.length > 0 ? [{ cmd: bin("biome"), args: ["ci", "--error-on-warnings", "--no-errors-on-unmatched", ...biomeFiles] }] : []),
    { cmd: bin("depcruise"), args: ["app", "worker", "durable-objects", "db", "tests", "scripts", "--output-type", "err"] },
    { cmd: bin("knip"), args: [] },
    { cmd: bin("tsc"), args: ["--noEmit", "--incremental", "--tsBuildInfoFile", "node_modules/.cache/test-quick.tsbuildinfo"] },
  ];
  // each step's output is shown whole once all are done, so two tools' lines never interleave
  const results = await Promise.all(steps.map((s) => runStep(s, { quiet: true })));
  for (const r of results) if (r.code !== 0 || r.out.trim()) process.stdout.write(r.out);
  return results.every((r) => r.code === 0);
});

const needsBuild = files.some((f) => /^(app|public)\/|^vite\..*\.ts$|^vite\.config\.ts$/.test(f)) || !fs.existsSync("build/server/index.js");
if (needsBuild) await timed("build", async () => (await runStep({ cmd: process.execPath, args: ["scripts/build.mjs"] })).code === 0);

await timed("unit tests (vitest related)", async () => {
  const r = await runStep({ cmd: bin("vitest"), args: ["related", "--run", "--passWithNoTests", "--config", "vitest.unit.config.ts", ...files] });
  const c = counts(r.out);
  passed += c.passed;
  failed += c.failed;
  return r.code === 0;
});

const integration = await integrationFiles(files);
console.log(`\nIntegration test files for this change: ${integration.length === 0 ? "none" : `\n  ${integration.join("\n  ")}`}`);
if (integration.length > 0)
  await timed(`integration tests (${integration.length} files)`, async () => {
    const r = await runStep({ cmd: bin("vitest"), args: ["run", "--config", "vitest.config.ts", ...integration] });
    const c = counts(r.out);
    passed += c.passed;
    failed += c.failed;
    return r.code === 0;
  });

finish(0);
