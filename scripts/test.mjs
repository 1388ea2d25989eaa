#!/usr/bin/env node
/**
 * `npm test`: the whole check, in order, stopping at the first failure with its exit code:
 *   1. side by side: tsc --noEmit, and one after another Biome (formatting and lint),
 *      dependency-cruiser (layers and import cycles), knip (unused files, exports and
 *      dependencies) and npm run build (islands, then Remix; unit tests of components read the
 *      islands' manifest)
 *   2. unit tests (Node)   3. integration tests (workerd)   4. Playwright e2e (Chromium against
 *      the bundle a deploy sends, served by Miniflare)
 * Prints each step's time and the ten slowest test files (from the runners' JSON reports), then
 * ends with one line "N passed, N failed" (tests of the three runners summed; a failing step that
 * reported no failed test — tsc, the build, a runner that crashed — counts as one failure).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { bin, runStep } from "./run-step.mjs";

// TEST_REPORTS=dir keeps the runners' JSON reports there (each test's time, to find where a run's time goes)
const kept = process.env.TEST_REPORTS;
const reports = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), "otvety-test-"));
fs.mkdirSync(reports, { recursive: true });

const vitestJson = (file) => () => {
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0 };
};
const playwrightJson = (file) => () => {
  const s = JSON.parse(fs.readFileSync(file, "utf8")).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
};
/** Each test file's seconds from vitest's JSON report (its start and end). */
const vitestFiles = (file) => () =>
  (JSON.parse(fs.readFileSync(file, "utf8")).testResults ?? []).map((t) => ({
    file: path.relative(process.cwd(), t.name),
    secs: Math.max(0, (t.endTime ?? 0) - (t.startTime ?? 0)) / 1000,
  }));
/** Each story file's seconds from Playwright's JSON report: its tests' durations summed (retries too). */
const playwrightFiles = (file) => () => {
  const times = new Map();
  const walk = (suite, at) => {
    const name = suite.file ?? at;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) times.set(name, (times.get(name) ?? 0) + (r.duration ?? 0) / 1000);
    for (const s of suite.suites ?? []) walk(s, name);
  };
  for (const s of JSON.parse(fs.readFileSync(file, "utf8")).suites ?? []) walk(s, s.file);
  return [...times].map(([f, secs]) => ({ file: path.join("tests", "e2e", f), secs }));
};

/** Fallback when a runner wrote no JSON: its own summary lines ("Tests  2 failed | 33 passed (35)", "  3 passed"). */
function parseSummary(out) {
  const text = stripVTControlCharacters(out);
  const vitest = text.match(/^\s*Tests\s+(.+)$/m);
  const scope = vitest ? vitest[1] : text;
  const n = (re) => [...scope.matchAll(re)].reduce((a, m) => a + Number(m[1]), 0);
  return { passed: n(/(\d+) (?:passed|flaky)\b/g), failed: n(/(\d+) failed\b/g) };
}

const unitJson = path.join(reports, "unit.json");
const integrationJson = path.join(reports, "integration.json");
const e2eJson = path.join(reports, "e2e.json");

const biome = { name: "format and lint (Biome)", cmd: bin("biome"), args: ["ci", "--error-on-warnings", "."] };
const layers = {
  name: "layers and cycles (dependency-cruiser)",
  cmd: bin("depcruise"),
  args: ["app", "worker", "durable-objects", "db", "tests", "scripts", "--output-type", "err"],
};
const knip = { name: "unused files and exports (knip)", cmd: bin("knip"), args: [] };
const typecheck = { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] };
const build = { name: "build", cmd: process.execPath, args: ["scripts/build.mjs"] };
const unit = {
  name: "unit tests",
  cmd: bin("vitest"),
  args: ["run", "--config", "vitest.unit.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${unitJson}`],
  count: vitestJson(unitJson),
  files: vitestFiles(unitJson),
};
const integration = {
  name: "integration tests",
  cmd: bin("vitest"),
  args: ["run", "--config", "vitest.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${integrationJson}`],
  count: vitestJson(integrationJson),
  files: vitestFiles(integrationJson),
};
const e2e = {
  name: "e2e tests",
  cmd: bin("playwright"),
  args: ["test", "--reporter=list,json"],
  env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson },
  count: playwrightJson(e2eJson),
  files: playwrightFiles(e2eJson),
};

/**
 * Stages in order; a stage's lanes run side by side, each lane's steps one after another. The
 * checks and the build need nothing of each other: tsc on one core, the rest on the other. A
 * lane's output is shown when each of its steps ends when lanes run side by side, as it comes
 * otherwise.
 */
const stages = [[[biome, layers, knip, build], [typecheck]], [[unit]], [[integration]], [[e2e]]];

let passed = 0;
let failed = 0;
let exitCode = 0;
/** each step's time, and each test file's, for the summary */
const stepTimes = [];
const fileSecs = [];
const runStarted = Date.now();

async function runCounted(step, quiet) {
  if (!quiet) console.log(`\n▶ ${step.name}: ${[path.basename(step.cmd), ...step.args].join(" ")}`);
  const started = Date.now();
  const { code, out } = await runStep(step, { quiet });
  if (quiet) process.stdout.write(`\n▶ ${step.name}: ${[path.basename(step.cmd), ...step.args].join(" ")}\n${out}`);
  let counts = { passed: 0, failed: 0 };
  if (step.count) {
    try {
      counts = step.count();
    } catch {
      counts = parseSummary(out);
    }
  }
  passed += counts.passed;
  failed += counts.failed;
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  stepTimes.push([step.name, secs]);
  try {
    if (step.files) fileSecs.push(...step.files());
  } catch {
    // a runner that wrote no report names no files
  }
  if (code !== 0) {
    if (counts.failed === 0) failed += 1;
    console.error(`\n✗ ${step.name} failed (exit ${code}, ${secs} s)`);
    if (exitCode === 0) exitCode = code;
    return false;
  }
  console.log(`✓ ${step.name} (${secs} s${step.count ? `, ${counts.passed} passed` : ""})`);
  return true;
}

for (const lanes of stages) {
  const quiet = lanes.length > 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) if (exitCode !== 0 || !(await runCounted(step, quiet))) return;
    }),
  );
  if (exitCode !== 0) break;
}

if (!kept) fs.rmSync(reports, { recursive: true, force: true });
console.log("\nStep times:");
for (const [name, secs] of stepTimes) console.log(`  ${secs.padStart(7)} s  ${name}`);
console.log(`  ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(7)} s  in all (the checks and the build side by side)`);
if (fileSecs.length > 0) {
  console.log("The ten slowest test files (the time of their tests):");
  for (const f of [...fileSecs].sort((a, b) => b.secs - a.secs).slice(0, 10)) console.log(`  ${f.secs.toFixed(1).padStart(7)} s  ${f.file}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode);
