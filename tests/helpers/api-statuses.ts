import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { temporaryDir } from "../e2e/server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder each integration worker writes the statuses its API requests were answered with to. */
    apiStatusDir?: string;
  }
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** The answers no operation describes: a failure of the server itself, provoked by the tests that check it. */
const ANYWHERE = new Set([500]);

interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { responses?: Record<string, unknown> }>>>;
}

/** "GET /api/orders/guest/{id}" → the statuses its description lists. */
function documentedStatuses(document: OpenApiDocument): Map<string, Set<number>> {
  const base = document.servers[0]?.url ?? "";
  const operations = new Map<string, Set<number>>();
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const statuses = Object.keys(operation.responses ?? {}).map(Number);
      operations.set(`${method.toUpperCase()} ${base}${route}`, new Set(statuses));
    }
  }
  return operations;
}

/**
 * Global set-up of the integration run: a folder for the statuses the API answered (tests/helpers/
 * test-app.ts records each operation and status once per worker), and, when every test has run, the
 * check of those statuses against the OpenAPI document. A status an operation answered that its
 * description does not list fails the run; so does, on a run of the whole suite, a status an operation
 * documents that no test produced.
 */
export default function setup(project: TestProject) {
  const dir = temporaryDir("atelier-api-statuses-");
  project.provide("apiStatusDir", dir);
  return () => {
    try {
      const documentFile = path.join(dir, "openapi.json");
      if (!fs.existsSync(documentFile)) return;
      const documented = documentedStatuses(JSON.parse(fs.readFileSync(documentFile, "utf8")) as OpenApiDocument);
      const answered = new Map<string, Set<number>>();
      const files = new Set<string>();
      for (const name of fs.readdirSync(dir).filter((file) => file.endsWith(".statuses"))) {
        for (const line of fs.readFileSync(path.join(dir, name), "utf8").split("\n")) {
          const [kind, ...rest] = line.split("\t");
          if (kind === "file") files.add(rest[0]!);
          if (kind !== "status") continue;
          const [operation, status] = rest as [string, string];
          answered.set(operation, (answered.get(operation) ?? new Set()).add(Number(status)));
        }
      }
      const undocumented: string[] = [];
      for (const [operation, statuses] of answered) {
        const listed = documented.get(operation);
        if (!listed) continue; // openapi-routes.test.ts fails on a route the document does not list
        for (const status of statuses)
          if (!listed.has(status) && !ANYWHERE.has(status)) undocumented.push(`${operation} → ${status}`);
      }
      // Every file that builds a test app ran: the whole suite's answers are in.
      const integration = path.join(project.config.root, "tests/integration");
      const suite = fs
        .readdirSync(integration)
        .filter((file) => file.endsWith(".test.ts"))
        .filter((file) => fs.readFileSync(path.join(integration, file), "utf8").includes("createTestApp("));
      const pairs = [...answered.values()].reduce((sum, statuses) => sum + statuses.size, 0);
      console.info(
        `API statuses: ${pairs} answers of ${answered.size} operations checked against the OpenAPI document`,
      );
      const whole = suite.every((file) => files.has(`tests/integration/${file}`));
      if (whole) {
        const unproduced = [...documented]
          .flatMap(([operation, statuses]) =>
            [...statuses].filter((status) => !answered.get(operation)?.has(status)).map((s) => `${operation} → ${s}`),
          )
          .sort();
        if (unproduced.length === 0)
          console.info(`API statuses: every answer ${documented.size} operations document was produced by a test`);
        else {
          // A documented answer no test produces is a promise nobody checks: produce it, or stop documenting it.
          console.error(`Documented answers no integration test produced:\n  ${unproduced.join("\n  ")}`);
          process.exitCode = 1;
        }
      }
      if (undocumented.length > 0) {
        // A global teardown's error is only logged: the run fails by its exit code.
        console.error(
          `Answers the OpenAPI document does not list for their operation (document them, or fix the route):\n  ${undocumented.sort().join("\n  ")}`,
        );
        process.exitCode = 1;
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
