/**
 * Serves the Worker as a deploy bundles it (tests/bundle-server.ts starts it), straight from Miniflare: the runtime `wrangler dev` runs
 * it in, without wrangler dev's proxy in front and without the middleware its development bundle
 * adds. The browser stories use it (that proxy ends the whole dev server when a request it forwards
 * fails, and a browser cancelling a request is such a failure on a slow machine), and the bench
 * profiles the deployed bundle's CPU with it.
 *
 * `tsx tests/serve-bundle.ts <bundle dir> <store dir> <port> [inspector port]`, the bundle written
 * by `wrangler deploy --dry-run --outdir <bundle dir>`, the Worker's extra vars as JSON in
 * SERVE_VARS; SERVE_LOG_REQUESTS=0 leaves out Miniflare's line per request. The bindings, assets
 * and compatibility settings come from wrangler.toml through wrangler's own reader; the store is
 * the one `wrangler dev --persist-to <store dir>` would use.
 */
import fs from "node:fs";
import path from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";

const [bundleDir, storeDir, port, inspectorPort] = process.argv.slice(2);
if (!bundleDir || !storeDir || !port) throw new Error("usage: serve-bundle.ts <bundle dir> <store dir> <port> [inspector port]");

const config = unstable_readConfig({ config: "wrangler.toml" });
const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
const extraVars = JSON.parse(process.env.SERVE_VARS ?? "{}") as Record<string, string>;

const mf = new Miniflare({
  host: "127.0.0.1",
  port: Number(port),
  inspectorPort: inspectorPort ? Number(inspectorPort) : undefined,
  log: new Log(LogLevel.INFO),
  // each line is posted from the runtime to this process after the response, on the worker's thread
  logRequests: process.env.SERVE_LOG_REQUESTS !== "0",
  defaultPersistRoot: path.join(storeDir, "v3"),
  workers: [
    {
      ...workerOptions,
      name: config.name,
      // the bundle's files: the entry, then the WebAssembly it imports (its dynamic imports are of
      // built-in modules, so no search is needed)
      modulesRoot: bundleDir,
      modules: [
        { type: "ESModule", path: path.join(bundleDir, "index.js") },
        ...fs
          .readdirSync(bundleDir)
          .filter((f) => f.endsWith(".wasm"))
          .map((f) => ({ type: "CompiledWasm" as const, path: path.join(bundleDir, f) })),
      ],
      bindings: { ...workerOptions.bindings, ...extraVars },
    },
  ],
});

await mf.ready;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void mf.dispose().finally(() => process.exit(0));
  });
}
