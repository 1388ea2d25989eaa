/**
 * The Worker as a deploy bundles it, served beside `wrangler dev` for the render section's CPU lines:
 * `wrangler dev` runs its development bundle (with a little middleware of its own in front of the
 * Worker), while the free plan's limit counts what is deployed. The bundle is written by `wrangler
 * deploy --dry-run`, served by tests/serve-bundle.ts from a copy of the bench's store taken now (two
 * runtimes never write one store), with the bench's vars and an inspector port of its own.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { answers, bin, quietEnv } from "../../scripts/local-env.mjs";
import { BENCH_VARS } from "./dev-args";

const BUNDLE = ".wrangler/bench-bundle";
const COPY = ".wrangler/bench-deployed-state";
const LOG = ".wrangler/bench-deployed.log";

export type Deployed = { base: string; inspectorPort: number; stop(): Promise<void> };

/** Bundles, copies the store, serves on 127.0.0.1:`port` and waits until it answers. */
export async function startDeployed(state: string, port: number, inspectorPort: number): Promise<Deployed> {
  fs.rmSync(BUNDLE, { recursive: true, force: true });
  const built = spawnSync(bin("wrangler"), ["deploy", "--dry-run", "--outdir", BUNDLE], {
    env: { ...quietEnv, CI: "1", NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${built.stderr}`);
  fs.rmSync(COPY, { recursive: true, force: true });
  fs.cpSync(state, COPY, { recursive: true });
  const out = fs.openSync(LOG, "w");
  const child: ChildProcess = spawn(bin("tsx"), ["tests/serve-bundle.ts", BUNDLE, COPY, String(port), String(inspectorPort)], {
    env: { ...quietEnv, SERVE_VARS: JSON.stringify(BENCH_VARS) },
    detached: true, // its own group: tsx, node and workerd stop together
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await answers(base))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the deployed bundle did not come up; see ${LOG}:\n${fs.readFileSync(LOG, "utf8").split("\n").slice(-20).join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    inspectorPort,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        return;
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    },
  };
}
