import { DEV_VARS } from "../../scripts/dev-vars.mjs";

/**
 * The Worker's vars on a bench store: D1 counting and the bench's knobs, the development pepper
 * (the seed hashed the demo passwords with it) and a captcha secret of its own.
 */
export const BENCH_VARS = {
  D1_STATS: "1",
  BENCH_KNOBS: "1",
  PEPPER: DEV_VARS.PEPPER,
  CAPTCHA_SECRET: "bench-captcha-secret",
} as const;

/** The arguments of `wrangler dev` for a bench store: loopback, the bench's vars (and `extra` ones), few logs. */
export function benchDevArgs(port: number, state: string, extra: Record<string, string> = {}): string[] {
  return [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    state,
    ...Object.entries({ ...BENCH_VARS, ...extra }).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
  ];
}
