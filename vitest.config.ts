import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each integration file holds its own PGlite (~235 MB); two at a time suit a 2-core machine.
    maxWorkers: 2,
  },
});
