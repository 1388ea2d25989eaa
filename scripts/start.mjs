#!/usr/bin/env node
/**
 * `npm start`: build, apply the local D1 migrations, seed the Russian demo data when the database
 * is empty, and serve the site on http://127.0.0.1:8787 through `wrangler dev`.
 * `npm start -- --port 8790` serves on another port.
 * The Worker refuses to run without its secrets: a missing .dev.vars (gitignored) is written with
 * the development values of scripts/dev-vars.mjs, and a secret missing from an existing one is
 * added; the demo accounts' passwords are hashed with that development pepper.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { DEV_VARS } from "./dev-vars.mjs";
import { bin, quietEnv } from "./local-env.mjs";

const env = quietEnv;
const portArg = process.argv.indexOf("--port");
const port = portArg >= 0 ? process.argv[portArg + 1] : "8787";

function step(title, cmd, args, extraEnv = {}) {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (r.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(r.status ?? 1);
  }
}

/** Writes the development secrets into .dev.vars where they are missing; the names it added. */
function ensureDevVars(file = ".dev.vars") {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const missing = Object.keys(DEV_VARS).filter((k) => !new RegExp(`^\\s*${k}\\s*=`, "m").test(text));
  if (missing.length === 0) return missing;
  const lines = missing.map((k) => `${k}=${DEV_VARS[k]}`).join("\n");
  fs.writeFileSync(file, `${text}${text && !text.endsWith("\n") ? "\n" : ""}${lines}\n`);
  return missing;
}

const added = ensureDevVars();
if (added.length > 0) console.log(`\n▶ .dev.vars: development values for ${added.join(", ")}`);
step("Сборка (npm run build)", process.execPath, ["scripts/build.mjs"]);
// CI=true keeps wrangler from asking for confirmation
step("Миграции D1 (локально, каждая база)", process.execPath, ["scripts/migrate.mjs", "--local"]);
step("Демо-данные (если база пуста)", bin("tsx"), ["db/seed/cli.ts", "--if-empty"]);

console.log(`\n▶ Сайт: http://127.0.0.1:${port}`);
const dev = spawn(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", port], {
  stdio: "inherit",
  env: { ...env, NODE_ENV: process.env.NODE_ENV ?? "production" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => dev.kill(sig));
dev.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
