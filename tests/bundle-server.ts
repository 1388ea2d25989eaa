/**
 * The Worker as a deploy bundles it, served by tests/serve-bundle.ts in a process group of its own:
 * the browser stories' server and the bench's deployed bundle.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { answers, bin, quietEnv } from "../scripts/local-env.mjs";

/**
 * Writes the bundle `wrangler deploy` would upload (React and the app built for production) to
 * `outDir`; the caller may do other work while wrangler bundles.
 */
export function bundleWorker(outDir: string): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const child = spawn(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outDir], {
    env: { ...quietEnv, CI: "1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`\`wrangler deploy --dry-run\` exited with ${code ?? signal}:\n${stderr}`)),
    );
  });
}

export type BundleServer = { base: string; pid: number };

/**
 * Serves the bundle in `bundleDir` on 127.0.0.1:`port` from the store `storeDir` with the Worker's
 * extra `vars` (and an inspector port when given), its output in `logFile` (with a line per request
 * unless `logRequests` is false), and waits until it answers; when it does not, stops it and throws
 * with the log's tail.
 */
export async function startBundleServer(opts: {
  bundleDir: string;
  storeDir: string;
  port: number;
  inspectorPort?: number;
  vars: Record<string, string>;
  logFile: string;
  waitMs?: number;
  /** Miniflare's line per request in the log (on unless false) */
  logRequests?: boolean;
}): Promise<BundleServer> {
  const log = fs.openSync(opts.logFile, "w");
  const args = ["tests/serve-bundle.ts", opts.bundleDir, opts.storeDir, String(opts.port)];
  if (opts.inspectorPort !== undefined) args.push(String(opts.inspectorPort));
  const child = spawn(bin("tsx"), args, {
    detached: true, // its own group, so stopping it stops tsx, node and workerd together
    stdio: ["ignore", log, log],
    env: { ...quietEnv, SERVE_VARS: JSON.stringify(opts.vars), SERVE_LOG_REQUESTS: opts.logRequests === false ? "0" : "1" },
  });
  fs.closeSync(log);
  if (child.pid === undefined) throw new Error("could not start tests/serve-bundle.ts");
  const pid = child.pid;
  let exited: number | string | null = null;
  child.on("exit", (code, signal) => (exited = code ?? signal));
  child.unref();
  const base = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.waitMs ?? 90_000);
  while (!(await answers(base))) {
    if (exited !== null || Date.now() > deadline) {
      await stopGroupAndWait(pid);
      const tail = fs.readFileSync(opts.logFile, "utf8").split("\n").slice(-30).join("\n");
      throw new Error(`the bundle's server ${exited !== null ? `exited (${exited})` : "did not answer in time"}\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { base, pid };
}

/** SIGTERM the process group, then SIGKILL whatever is left after 5 s. */
export async function stopGroupAndWait(pid: number) {
  stopGroup(pid, "SIGTERM");
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) stopGroup(pid, "SIGKILL");
}

function stopGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
