#!/usr/bin/env node
/**
 * `npm test`: the whole check, in order, stopping at the first failure with its exit code:
 *   1. Biome: formatting and lint   2. dependency-cruiser: layers and import cycles
 *   3. knip: unused files, exports and dependencies   4. tsc --noEmit
 *   5. npm run build (islands, then Remix; unit tests of components read the islands' manifest)
 *   6. unit tests (Node)   7. integration tests (workerd)
 *   8. Playwright e2e (Chromium against wrangler dev)
 * Ends with one line "N passed, N failed" (tests of the three runners summed; a failing step that
 * reported no failed test — tsc, the build, a runner that crashed — counts as one failure).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const bin = (name) => path.join("node_modules", ".bin", name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "otvety-test-"));
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}),
};

const vitestJson = (file) => () => {
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0 };
};
const playwrightJson = (file) => () => {
  const s = JSON.parse(fs.readFileSync(file, "utf8")).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
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

const steps = [
  { name: "format and lint (Biome)", cmd: bin("biome"), args: ["ci", "--error-on-warnings", "."] },
  {
    name: "layers and cycles (dependency-cruiser)",
    cmd: bin("depcruise"),
    args: ["app", "worker", "durable-objects", "db", "tests", "scripts", "--output-type", "err"],
  },
  { name: "unused files and exports (knip)", cmd: bin("knip"), args: [] },
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  { name: "build", cmd: process.execPath, args: ["scripts/build.mjs"] },
  {
    name: "unit tests",
    cmd: bin("vitest"),
    args: ["run", "--config", "vitest.unit.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${unitJson}`],
    count: vitestJson(unitJson),
  },
  {
    name: "integration tests",
    cmd: bin("vitest"),
    args: ["run", "--config", "vitest.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${integrationJson}`],
    count: vitestJson(integrationJson),
  },
  {
    name: "e2e tests",
    cmd: bin("playwright"),
    args: ["test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson },
    count: playwrightJson(e2eJson),
  },
];

function run(step) {
  return new Promise((resolve) => {
    let out = "";
    const child = spawn(step.cmd, step.args, { env: { ...env, ...step.env }, stdio: ["inherit", "pipe", "pipe"] });
    const echo = (stream) => (d) => {
      stream.write(d);
      out += d;
    };
    child.stdout.on("data", echo(process.stdout));
    child.stderr.on("data", echo(process.stderr));
    child.on("error", (e) => {
      console.error(e.message);
      resolve({ code: 127, out });
    });
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
  });
}

let passed = 0;
let failed = 0;
let exitCode = 0;
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${[path.basename(step.cmd), ...step.args].join(" ")}`);
  const started = Date.now();
  const { code, out } = await run(step);
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
  if (code !== 0) {
    if (counts.failed === 0) failed += 1;
    console.error(`\n✗ ${step.name} failed (exit ${code}, ${secs} s)`);
    exitCode = code;
    break;
  }
  console.log(`✓ ${step.name} (${secs} s${step.count ? `, ${counts.passed} passed` : ""})`);
}

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode);
