#!/usr/bin/env node
/**
 * `npm run build`: the islands' browser build (vite.islands.config.ts → build-islands/, hashed
 * files and a manifest), then the Remix build (its server bundles that manifest to name the
 * entry), then the island files are copied beside the client assets (build/client/islands/),
 * which wrangler serves as static files.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const bin = (name) => path.join("node_modules", ".bin", name);
function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(bin("vite"), ["build", "-c", "vite.islands.config.ts", "--logLevel", "warn"]);
run(bin("remix"), ["vite:build"]);
fs.cpSync("build-islands/islands", "build/client/islands", { recursive: true });
