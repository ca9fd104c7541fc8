import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.{ts,tsx}"],
  },
};

const integration: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "integration",
    include: ["tests/integration/**/*.test.ts"],
    // One migrated database per run, copied by each test file's database (tests/helpers/test-db.ts).
    // And the check of the statuses the API answered against its OpenAPI document (tests/helpers/api-statuses.ts).
    globalSetup: ["tests/helpers/database-template.ts", "tests/helpers/api-statuses.ts"],
    // The files share their worker's modules instead of loading the whole server again for each
    // (a third of the run's time). Nothing here mocks modules; each file builds its own app.
    isolate: false,
  },
};

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each integration file holds its own PGlite (~235 MB); two at a time suit a 2-core machine.
    maxWorkers: 2,
    // The unit tests touch no database: the PostgreSQL run (TEST_DATABASE_URL) runs the integration tests only.
    projects: process.env.TEST_DATABASE_URL ? [integration] : [unit, integration],
  },
});
