/**
 * The Worker as a deploy bundles it, served beside `wrangler dev` for the render section's CPU lines
 * and alone for the mixed load: `wrangler dev` runs its development bundle (with a little
 * middleware of its own in front of the Worker, and its dev proxy relaying every request), while
 * production runs what is deployed. It is served (tests/bundle-server.ts) from a copy of the
 * bench's store taken now (two runtimes never write one store), with the bench's vars and an
 * inspector port of its own, and without Miniflare's line per request: the runtime posts each
 * line to the local server's process after the response, on the worker's thread, which a deploy
 * does not do.
 */
import fs from "node:fs";
import { bundleWorker, startBundleServer, stopGroupAndWait } from "../bundle-server";
import { BENCH_VARS } from "./dev-args";

const BUNDLE = ".wrangler/bench-bundle";
const COPY = ".wrangler/bench-deployed-state";
const LOG = ".wrangler/bench-deployed.log";

/** `store`: the copy of the store it serves (read it once it has stopped); `group`: its process group */
export type Deployed = { base: string; inspectorPort: number; store: string; group: number; stop(): Promise<void> };

/**
 * A worker that answers at once (tests/load/floor-worker), served as the bundle is, from the copy
 * of the store: what the runtime itself spends on a request, which the bench takes from a page's
 * busy time to tell the worker's own part.
 */
export async function startFloorWorker(port: number, inspectorPort: number): Promise<Deployed> {
  return serveFromCopy("tests/load/floor-worker", {}, port, inspectorPort);
}

/**
 * The deployed bundle's vars: the bench's, but D1 is not counted (D1_STATS is a test's and the
 * bench's var, never deployed), so its busy time is what a deploy spends. The bench's knobs stay
 * on: the split of the render's time asks for the counting itself (`x-bench-d1`).
 */
const DEPLOYED_VARS = { ...BENCH_VARS, D1_STATS: "0" };

/** Bundles, copies the store, serves on 127.0.0.1:`port` and waits until it answers. */
export async function startDeployed(state: string, port: number, inspectorPort: number): Promise<Deployed> {
  await bundleWorker(BUNDLE);
  fs.rmSync(COPY, { recursive: true, force: true });
  fs.cpSync(state, COPY, { recursive: true });
  return serveFromCopy(BUNDLE, DEPLOYED_VARS, port, inspectorPort);
}

/** Serves `bundleDir` from the copy of the store, without Miniflare's line per request, and waits until it answers. */
async function serveFromCopy(bundleDir: string, vars: Record<string, string>, port: number, inspectorPort: number): Promise<Deployed> {
  const server = await startBundleServer({ bundleDir, storeDir: COPY, port, inspectorPort, vars, logFile: LOG, waitMs: 60_000, logRequests: false });
  return { base: server.base, inspectorPort, store: COPY, group: server.pid, stop: () => stopGroupAndWait(server.pid) };
}
