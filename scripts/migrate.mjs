#!/usr/bin/env node
/**
 * Applies the D1 migrations to every database wrangler.toml binds, each from its own folder (the
 * site's database from db/migrations, each thread database from db/migrations-threads):
 * `node scripts/migrate.mjs --local [--persist-to DIR]` here, `--remote` on deploy.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { bin, quietEnv } from "./local-env.mjs";

/** The D1 bindings of wrangler.toml, in its order. */
export function d1Bindings(toml = fs.readFileSync("wrangler.toml", "utf8")) {
  return toml
    .split(/^\[\[d1_databases\]\]\s*$/m)
    .slice(1)
    .map((block) => /^binding\s*=\s*"([A-Z0-9_]+)"/m.exec(block.split(/^\[/m)[0])?.[1])
    .filter(Boolean);
}

const args = process.argv.slice(2);
for (const binding of d1Bindings()) {
  // CI=true keeps wrangler from asking for confirmation
  const r = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", binding, ...args], { stdio: "inherit", env: { ...quietEnv, CI: "true" } });
  if (r.status !== 0) {
    console.error(`✗ migrations of ${binding} failed (${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}
