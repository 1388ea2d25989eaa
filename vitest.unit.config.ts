import { defineConfig } from "vitest/config";

// Pure logic (plurals, time-ago, levels, validators) in plain Node: fast, no workerd.
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts"],
  },
});
