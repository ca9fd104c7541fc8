import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Every route the API registers is in its OpenAPI document, and every operation the document lists is
 * registered: a handler added with the plain router (no schema, so no documentation) or a documented
 * operation whose handler was removed fails here. The statuses each operation answers are checked
 * against the document by the fuzzer (openapi-fuzz.test.ts), and every status an integration test was
 * answered with is checked against its operation's description at the end of the run
 * (tests/helpers/api-statuses.ts).
 */
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/** Routes that are not API operations, and why they stay out of the document. */
const NOT_OPERATIONS = new Map<string, string>([["GET /api/openapi.json", "the document itself"]]);

describe("the OpenAPI document and the registered routes", () => {
  let t: TestApp;
  let documented: Set<string>;

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      servers: { url: string }[];
      paths: Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
    };
    // The document's paths are relative to its one server, /api.
    const base = doc.servers[0]!.url;
    documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${base}${path}`),
      ),
    );
  });
  afterAll(() => t.close());

  it("lists every registered route, and registers every listed operation", () => {
    const registered = new Set(
      t.app.routes
        // Middleware is registered for every method ("ALL"); only handlers of a method are routes.
        .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`),
    );
    expect(registered.size).toBeGreaterThan(100);
    const undocumented = [...registered].filter((route) => !documented.has(route) && !NOT_OPERATIONS.has(route));
    const unregistered = [...documented].filter((operation) => !registered.has(operation));
    expect(undocumented, "registered routes missing from /api/openapi.json").toEqual([]);
    expect(unregistered, "documented operations with no route").toEqual([]);
  });
});
