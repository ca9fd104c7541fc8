import { defineConfig } from "vitest/config";

/** End-to-end tests: one built production server (tests/e2e/global-setup.ts) and a real Chromium. */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    // One browser and one server: files run one after the other, tests in order.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
