/**
 * Runs in Node once before the integration files: bundles the Worker as `wrangler deploy` would,
 * for vitest.config.ts's `main` (decision 0060). Assumes `npm run build` has been run.
 */
import path from "node:path";
import { bundleWorker } from "../bundle-server";

/** Where the integration tests' Worker bundle is written, and run from. */
export const INTEGRATION_BUNDLE_DIR = path.resolve(".wrangler/integration-bundle");

export default async function globalSetup() {
  await bundleWorker(INTEGRATION_BUNDLE_DIR);
}
