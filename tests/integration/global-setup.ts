/**
 * Runs in Node once before the integration files: bundles the Worker as `wrangler deploy` would,
 * for vitest.config.ts's `main` (decision 0060). Assumes `npm run build` has been run.
 */
import { bundleWorker } from "../bundle-server";
import { INTEGRATION_BUNDLE_DIR } from "./bundle-path";

export default async function globalSetup() {
  await bundleWorker(INTEGRATION_BUNDLE_DIR);
}
