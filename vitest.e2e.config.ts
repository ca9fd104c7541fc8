import { defineConfig } from "vitest/config";

/** End-to-end tests: one built production server (tests/e2e/global-setup.ts) and a real Chromium. */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    // One browser and one server per run: files run one after the other, tests in order. npm test runs
    // two such runs side by side (scripts/test-e2e.ts), each with its own server.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
