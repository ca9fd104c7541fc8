import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { signInAs, type SignedInClient } from "../helpers/factories.ts";

/**
 * What stands in front of every route, checked on every operation the OpenAPI document lists rather than
 * on a sample: a write sent from another site's page is refused (403) and changes nothing, a body over
 * BODY_LIMIT_BYTES is refused (413) before it is read, a body of another media type than the one described
 * is refused (415), and a staff-only operation refuses a visitor (401) and a signed-in customer (403).
 * A route added without its guard fails here by name.
 */
const WRITES = ["post", "put", "patch", "delete"] as const;

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { description?: string }>;
}
interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, Partial<Record<string, Operation>>>;
}

/** A concrete address for a documented path: every parameter given a value of the shape routes accept. */
const address = (base: string, path: string) => `${base}${path.replace(/\{[^}]+\}/g, "1")}`;

describe("the guards in front of every operation", () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let customer: SignedInClient;
  const limit = 4096;

  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: String(limit) });
    document = (await (await t.app.request("/api/openapi.json")).json()) as OpenApiDocument;
    customer = await signInAs(t, "customer");
  });
  afterAll(() => t.close());

  function operations(filter: (method: string, operation: Operation) => boolean) {
    const base = document.servers[0]!.url;
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method, operation]) => operation && filter(method, operation))
        .map(([method, operation]) => ({
          name: `${method.toUpperCase()} ${base}${path}`,
          method: method.toUpperCase(),
          url: address(base, path),
          operation: operation!,
        })),
    );
  }

  const writes = () => operations((method) => (WRITES as readonly string[]).includes(method));

  it("refuses every write sent from another site's page, and says why", async () => {
    const list = writes();
    expect(list.length).toBeGreaterThan(60);
    const answered: string[] = [];
    for (const { name, method, url } of list) {
      // Sent without the test client, which says it comes from our own origin: a browser's Origin, or for
      // one that sends none, its Sec-Fetch-Site.
      const sites: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }];
      for (const from of sites) {
        const response = await t.app.request(url, {
          method,
          headers: { ...from, cookie: customer.cookie, "content-type": "application/json" },
          body: "{}",
        });
        const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
        if (response.status !== 403 || body.code !== "forbidden" || !body.message)
          answered.push(`${name} ${JSON.stringify(from)} → ${response.status}`);
      }
    }
    expect(answered, "writes that let a cross-site request through").toEqual([]);
  });

  it("refuses every write whose body is over the limit, before reading it", async () => {
    const oversized = JSON.stringify({ text: "x".repeat(limit * 2) });
    const answered: string[] = [];
    // POST /api/media reads its upload as a stream against the media limits, not BODY_LIMIT_BYTES
    // (media-api.test.ts checks its own 413).
    for (const { name, method, url } of writes().filter(({ name }) => name !== "POST /api/media")) {
      const response = await customer.request(url, {
        method,
        headers: { "content-type": "application/json" },
        body: oversized,
      });
      if (response.status !== 413) answered.push(`${name} → ${response.status}`);
    }
    expect(answered, "writes that took a body over the limit").toEqual([]);
  });

  it("refuses a body of another media type than the one an operation describes", async () => {
    const list = operations(
      (method, operation) => (WRITES as readonly string[]).includes(method) && !!operation.requestBody,
    )
      .filter(({ operation }) => Object.keys(operation.requestBody?.content ?? {}).includes("application/json"))
      // The telephony webhooks are signed forms, checked before their media type (phone-calls.test.ts).
      .filter(({ name }) => !name.includes("/twilio/"));
    expect(list.length).toBeGreaterThan(40);
    const staff = await signInAs(t, "admin");
    const answered: string[] = [];
    for (const { name, method, url, operation } of list) {
      // Staff, so that a staff-only operation gets past its role check to its body.
      const client = operation.responses?.[403]?.description?.startsWith("Signed in without a staff role")
        ? staff
        : customer;
      const response = await client.request(url, {
        method,
        headers: { "content-type": "text/plain" },
        body: "name=value",
      });
      if (response.status !== 415) answered.push(`${name} → ${response.status}`);
    }
    expect(answered, "operations that took a body of another media type").toEqual([]);
  });

  it("refuses every staff-only operation to a visitor (401) and to a customer (403)", async () => {
    const list = operations((_, operation) =>
      Boolean(operation.responses?.[403]?.description?.startsWith("Signed in without a staff role")),
    );
    expect(list.length).toBeGreaterThan(30);
    const answered: string[] = [];
    for (const { name, method, url, operation } of list) {
      const init = { method, ...(operation.requestBody ? { json: {} } : {}) };
      const visitor = await t.client().request(url, init);
      const signedIn = await customer.request(url, init);
      if (visitor.status !== 401) answered.push(`${name} as a visitor → ${visitor.status}`);
      if (signedIn.status !== 403) answered.push(`${name} as a customer → ${signedIn.status}`);
    }
    expect(answered, "staff-only operations that answered others").toEqual([]);
  });
});
