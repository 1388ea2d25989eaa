import path from "node:path";

/** Where the integration tests' Worker bundle is written (tests/integration/global-setup.ts) and run from (vitest.config.ts). */
export const INTEGRATION_BUNDLE_DIR = path.resolve(".wrangler/integration-bundle");
