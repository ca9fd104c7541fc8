import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "../../db/seed.server.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/users.ts";

/**
 * Every /api route, read from the OpenAPI document, is sent requests whose path, query and body follow
 * the route's schema most of the time and break it the rest: wrong types, missing and extra fields,
 * NUL and other control characters, line breaks, odd Unicode, numbers out of range. Whatever arrives,
 * the answer is never a 5xx: bad input is a 4xx, and a 5xx is a bug.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
};
interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Strings a careless client or an attacker sends. */
const NASTY = [
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u001f",
  "\u007f",
  "\r\n",
  "line\nbreak",
  "\t",
  "\u2028",
  "\uFEFF",
  "\uD800",
  "😀",
  "é",
  " ",
  "",
  "%00",
  "%2F",
  "../..",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  "/api/logout",
  "javascript:alert(1)",
  "-1",
  "0",
  "1",
  "2",
  " 2",
  "1e3",
  "0x10",
  "9999999999999999999999",
  "NaN",
  "null",
  "true",
  "2030-02-30",
  "2030-06-14",
  "10:00",
  "admin@example.com",
  "x".repeat(5000),
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY), fc.string({ maxLength: 10 })).map(([a, b]) => `${b}${a}${b}`) },
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}, -1, 0, 1, 2 ** 53, -(2 ** 31), 1e308),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

function resolve(schema: Schema, doc: OpenApiDocument): Schema {
  if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split("/").pop()!] ?? {}, doc);
  return schema;
}

/** A value following the schema (bounds included), so that requests reach past validation. */
function conforming(raw: Schema, doc: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw, doc);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => conforming(variant, doc, depth + 1)));
  if (schema.allOf) return conforming(Object.assign({}, ...schema.allOf.map((part) => resolve(part, doc))), doc, depth + 1);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ["object"];
  return fc.oneof(...types.map((type) => ofType(type, schema, doc, depth)));
}

function ofType(type: string, schema: Schema, doc: OpenApiDocument, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
    case "number": {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? Math.max(min + 1000, 1000);
      return type === "integer" ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    }
    case "string": {
      if (schema.format === "date-time") return fc.date({ min: new Date("2020-01-01"), max: new Date("2040-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === "email") return fc.emailAddress();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
      // Within the length bounds, so that a field's odd characters are what the server has to judge.
      const padded = fc.constantFrom(...NASTY).map((value) => (value.length < minLength ? value + "x".repeat(minLength - value.length) : value.slice(0, Math.max(maxLength, value.length >= 5000 ? 0 : value.length))));
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
        { weight: 3, arbitrary: fc.constantFrom("2030-06-14", "10:00", "WELCOME10", "ada@example.com", "Ada Lovelace", "+1 555 010 0199", "1", "/images/blog/design.svg", "A message long enough to be sent.") },
        { weight: 2, arbitrary: padded },
      );
    }
    case "array":
      return depth > 3 ? fc.constant([]) : fc.array(conforming(schema.items ?? {}, doc, depth + 1), { maxLength: 3 });
    default: {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const entries = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, conforming(property, doc, depth + 1)]));
      return fc.record(entries, { requiredKeys: required.filter((name) => name in entries) });
    }
  }
}

/**
 * Mostly what the schema says, else the same with one field replaced by anything at all, else anything
 * at all: a request that breaks one rule at a time gets past the others.
 */
function maybeBroken(raw: Schema, doc: OpenApiDocument): fc.Arbitrary<unknown> {
  const schema = resolve(raw, doc);
  const keys = Object.keys(schema.properties ?? {});
  const oneFieldBroken = fc.tuple(conforming(schema, doc), fc.nat(), anyJson).map(([value, index, replacement]) =>
    value && typeof value === "object" && !Array.isArray(value) && keys.length > 0 ? { ...value, [keys[index % keys.length]]: replacement } : replacement,
  );
  return fc.oneof({ weight: 4, arbitrary: conforming(schema, doc) }, { weight: 3, arbitrary: oneFieldBroken }, { weight: 1, arbitrary: anyJson });
}

/** A lone surrogate cannot be encoded as UTF-8: it goes as the invalid bytes a client could send. */
function encodePathValue(value: string): string {
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  return value
    .split(loneSurrogate)
    .map((part) => encodeURIComponent(part))
    .join("%ED%A0%80");
}

interface Route {
  method: string;
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  body?: Schema;
}

function routesOf(doc: OpenApiDocument): Route[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParameters: (operation.parameters ?? []).filter((p) => p.in === "path"),
      queryParameters: (operation.parameters ?? []).filter((p) => p.in === "query"),
      body: operation.requestBody?.content?.["application/json"]?.schema,
    })),
  );
}

function requestArbitrary(route: Route, doc: OpenApiDocument) {
  const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value) ?? "");
  const pathValues = fc.tuple(...route.pathParameters.map((p) => fc.oneof(conforming(p.schema ?? {}, doc), nastyString, fc.integer({ min: -2, max: 12 }).map(String)).map(asText)));
  const query = fc.record(Object.fromEntries(route.queryParameters.map((p) => [p.name, maybeBroken(p.schema ?? {}, doc).map(asText)])), { requiredKeys: [] });
  const body = route.body
    ? fc.oneof(
        { weight: 8, arbitrary: maybeBroken(route.body, doc).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.constantFrom("", "{", "null", "[]", '{"a":', "\u0000", '{"__proto__":{"admin":true}}') },
      )
    : fc.constant(undefined);
  return fc.record({ pathValues, query, body, staff: fc.boolean(), address: fc.integer({ min: 1, max: 250 }) });
}

describe("every /api route against generated input", () => {
  let t: TestApp;
  let staff: TestClient;
  let doc: OpenApiDocument;
  let sent = 0;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    const logger = createLogger("silent");
    await seedReferenceData(t.services, logger);
    await seedDemoContent(t.services, logger);
    staff = await signInAs(t, "admin");
    doc = (await (await t.app.request("/api/openapi.json")).json()) as OpenApiDocument;
  }, 120_000);
  afterAll(() => t.close());

  it("answers every request below 500", async () => {
    const routes = routesOf(doc);
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      // Signing out or changing a password would end the staff session the other requests use.
      const anonymousOnly = /logout|\/auth\/password$/.test(route.path);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route, doc), async ({ pathValues, query, body, staff: asStaff, address }) => {
          let path = route.path;
          route.pathParameters.forEach((parameter, index) => {
            path = path.replace(`{${parameter.name}}`, encodePathValue(pathValues[index]));
          });
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const url = `/api${path}${search ? `?${search}` : ""}`;
          const client = asStaff && !anonymousOnly ? staff : t.client();
          const headers: Record<string, string> = { "x-forwarded-for": `198.51.100.${address}` };
          if (body !== undefined) headers["content-type"] = "application/json";
          const response = await client.request(url, { method: route.method, headers, body });
          sent += 1;
          await response.arrayBuffer();
          if (response.status >= 500) serverErrors.push(`${route.method} ${url} ${body ?? ""} -> ${response.status}`);
          return response.status < 500;
        }),
        { numRuns: route.body ? 80 : 30, seed: Number(process.env.FUZZ_SEED ?? 1307) },
      ).catch((error: unknown) => {
        serverErrors.push(String(error instanceof Error ? error.message.split("\n").slice(0, 6).join(" | ") : error));
      });
    }
    console.info(`api fuzz: ${sent} requests on ${routes.length} routes, ${serverErrors.length} answered 5xx`);
    expect(serverErrors).toEqual([]);
  }, 120_000);
});
