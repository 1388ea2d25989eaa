#!/usr/bin/env node
/**
 * `npm run build`: the islands' browser build (vite.islands.config.ts → build-islands/, hashed
 * files and a manifest), then the Remix build (its server bundles that manifest to name the
 * entry), then the island files are copied beside the client assets (build/client/islands/),
 * which wrangler serves as static files, and the service worker is written to build/client/sw.js
 * with a digest of the build's file names as its version (a new build is a new worker).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

const bin = (name) => path.join("node_modules", ".bin", name);
function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(bin("vite"), ["build", "-c", "vite.islands.config.ts", "--logLevel", "warn"]);
run(bin("remix"), ["vite:build"]);
fs.cpSync("build-islands/islands", "build/client/islands", { recursive: true });

const names = ["build/client/assets", "build/client/islands"].flatMap((d) => fs.readdirSync(d).sort());
const version = crypto.createHash("sha256").update(names.join("\n")).digest("hex").slice(0, 16);
const sw = fs.readFileSync("build-islands/sw.js", "utf8");
if (!sw.includes("__SW_VERSION__")) throw new Error("build-islands/sw.js has no version placeholder");
fs.writeFileSync("build/client/sw.js", sw.replaceAll("__SW_VERSION__", version));
