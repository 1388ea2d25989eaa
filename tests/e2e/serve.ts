/**
 * Serves the bundled Worker for the Playwright stories straight from Miniflare, the way `wrangler
 * dev` runs it but without wrangler's dev proxy in front. That proxy ends the whole dev server
 * when a request it forwards fails, and a browser cancelling a request (a navigation before the
 * page's last call returned) is such a failure on a slow machine: the server went away mid-run.
 * Here a cancelled request ends only itself.
 *
 * `tsx tests/e2e/serve.ts <bundle dir> <store dir> <port>`, with the Worker's extra vars as JSON in
 * E2E_VARS. The bindings, assets and compatibility settings come from wrangler.toml through
 * wrangler's own reader; the store is the one `wrangler dev --persist-to <store dir>` would use.
 */
import fs from "node:fs";
import path from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const [bundleDir, storeDir, port] = process.argv.slice(2);
if (!bundleDir || !storeDir || !port) throw new Error("usage: serve.ts <bundle dir> <store dir> <port>");

const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
const extraVars = JSON.parse(process.env.E2E_VARS ?? "{}") as Record<string, string>;

const mf = new Miniflare({
  host: "127.0.0.1",
  port: Number(port),
  log: new Log(LogLevel.INFO),
  defaultPersistRoot: path.join(storeDir, "v3"),
  workers: [
    {
      ...workerOptions,
      name: "otvety-edge",
      // the bundle's files as `wrangler deploy --dry-run --outdir` wrote them: the entry, then the
      // WebAssembly it imports (its dynamic imports are of built-in modules, so no search is needed)
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
