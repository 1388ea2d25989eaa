import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Pure logic (plurals, time-ago, levels, validators) in plain Node: fast, no workerd.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts"],
  },
});
