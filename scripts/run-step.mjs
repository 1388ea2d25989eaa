/**
 * One step of a test script: a command whose output is echoed as it comes and kept, resolving to its
 * exit code and that output (127 when it could not start, 128 when a signal ended it).
 */
import { spawn } from "node:child_process";
import path from "node:path";

export const bin = (name) => path.join("node_modules", ".bin", name);

/** The tools' own reporting switched off, and colour kept when the output is a terminal. */
export const testEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}),
};

/** Runs `step.cmd step.args` with `step.env` over testEnv; `quiet` keeps its output without echoing it. */
export function runStep(step, { quiet = false } = {}) {
  return new Promise((resolve) => {
    let out = "";
    const child = spawn(step.cmd, step.args, { env: { ...testEnv, ...step.env }, stdio: ["inherit", "pipe", "pipe"] });
    const echo = (stream) => (d) => {
      if (!quiet) stream.write(d);
      out += d;
    };
    child.stdout.on("data", echo(process.stdout));
    child.stderr.on("data", echo(process.stderr));
    child.on("error", (e) => {
      out += e.message;
      resolve({ code: 127, out });
    });
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
  });
}
