import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.{ts,tsx}"],
  },
};

/**
 * Integration files whose outcome cannot depend on which database runs under them: they check what is
 * decided before any query (input validation, the HTTP server's limits, the OpenAPI contract, the page
 * cache, fakes of remote services) or run on the embedded database by design. The PostgreSQL run
 * (TEST_DATABASE_URL) leaves them out; the first run checks them.
 */
const SAME_ON_EVERY_DATABASE = [
  "auth-user-create", // the command is run against a data directory, never DATABASE_URL
  "pglite-durability",
  "assistant-model",
  "control-characters",
  "crm-adapters",
  "http-limits",
  "http-server",
  "negotiated-pages",
  "openapi-fuzz",
  "openapi-routes",
  "request-guards",
  "page-cache",
  "strict-input",
  "validation-messages",
];

const integration: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "integration",
    include: ["tests/integration/**/*.test.ts"],
    exclude: process.env.TEST_DATABASE_URL
      ? SAME_ON_EVERY_DATABASE.map((name) => `tests/integration/${name}.test.ts`)
      : [],
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
