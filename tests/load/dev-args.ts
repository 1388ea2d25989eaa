import { DEV_VARS } from "../../scripts/dev-vars.mjs";

/**
 * The arguments of `wrangler dev` for a bench store: loopback, D1 counting and the bench's knobs,
 * the development pepper (the seed hashed the demo passwords with it) and a captcha secret of its own.
 */
export function benchDevArgs(port: number, state: string): string[] {
  return [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    state,
    "--var",
    "D1_STATS:1",
    "--var",
    "BENCH_KNOBS:1",
    "--var",
    `PEPPER:${DEV_VARS.PEPPER}`,
    "--var",
    "CAPTCHA_SECRET:bench-captcha-secret",
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
  ];
}
