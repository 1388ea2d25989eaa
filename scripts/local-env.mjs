/** Shared by the scripts, the e2e setup and the benchmark: a quiet local wrangler, and local binaries. */
import path from "node:path";

/** Environment for wrangler runs on this machine: no metrics, no error reports, no network look-ups. */
export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** A binary installed in node_modules/.bin. */
export const bin = (name) => path.join("node_modules", ".bin", name);

/** Does a server answer at this URL (any status)? */
export async function answers(url) {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}
