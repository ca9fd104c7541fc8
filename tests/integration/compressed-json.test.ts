import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../config/env.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createApp } from "../../server/app.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createServices } from "../../server/services.server.ts";
import { TEST_ORIGIN } from "../helpers/test-app.ts";
import { createTestDatabase } from "../helpers/test-db.ts";

/*
 * JSON answers in the coding each client asks for, over a real loopback connection (node:http, which
 * decompresses nothing, so that the bytes on the wire are what is checked).
 */

let server: ServerType;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const config = parseConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: "silent" });
  const database = await createTestDatabase();
  const logger = createLogger("silent");
  const services = createServices(database, config, logger);
  // The catalogue: a list served from memoised JSON, well over the size worth compressing.
  await seedReferenceData(services, logger);
  const app = createApp({ config, services, logger });
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      (server as http.Server).closeAllConnections();
    });
    await database.close();
  };
});
afterAll(() => close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

function decoded({ headers, body }: Answer): unknown {
  const coding = headers["content-encoding"];
  const bytes = coding === "br" ? zlib.brotliDecompressSync(body) : coding === "gzip" ? zlib.gunzipSync(body) : body;
  return JSON.parse(bytes.toString("utf8"));
}

function expectWellFormed(answer: Answer, coding: string | undefined) {
  expect(answer.status).toBe(200);
  expect(answer.headers["content-encoding"]).toBe(coding);
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  expect(answer.headers.vary).toMatch(/\baccept-encoding\b/i);
  expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
}

describe("a memoised JSON list (/api/services)", () => {
  it("is answered as brotli to a browser, gzip or none to clients that ask for those, the same data in each", async () => {
    const plain = await get("/api/services");
    expectWellFormed(plain, undefined);
    const list = decoded(plain) as unknown[];
    expect(list.length).toBeGreaterThan(0);
    expect(plain.body.length).toBeGreaterThan(1024);

    const browser = await get("/api/services", { "accept-encoding": "gzip, deflate, br, zstd" });
    expectWellFormed(browser, "br");
    expect(decoded(browser)).toEqual(list);
    expect(browser.body.length).toBeLessThan(plain.body.length / 2);

    const gzip = await get("/api/services", { "accept-encoding": "gzip" });
    expectWellFormed(gzip, "gzip");
    expect(decoded(gzip)).toEqual(list);

    const refusedBrotli = await get("/api/services", { "accept-encoding": "br;q=0, gzip" });
    expectWellFormed(refusedBrotli, "gzip");
    const preferredGzip = await get("/api/services", { "accept-encoding": "br;q=0.5, gzip;q=0.9" });
    expectWellFormed(preferredGzip, "gzip");

    const unknown = await get("/api/services", { "accept-encoding": "zstd, deflate" });
    expectWellFormed(unknown, undefined);
    expect(unknown.body.equals(plain.body)).toBe(true);
  });

  it("gives the same compressed bytes to each request while the list is unchanged", async () => {
    const first = await get("/api/services", { "accept-encoding": "br" });
    const second = await get("/api/services", { "accept-encoding": "br" });
    expect(second.body.equals(first.body)).toBe(true);
  });

  it("answers HEAD with the headers a GET would have", async () => {
    const head = await get("/api/services", { "accept-encoding": "br" }, "HEAD");
    const full = await get("/api/services", { "accept-encoding": "br" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
  });
});

describe("a small JSON answer (/api/health)", () => {
  it("goes without coding, unless the client refuses that", async () => {
    const small = await get("/api/health", { "accept-encoding": "gzip, br" });
    expectWellFormed(small, undefined);
    expect(decoded(small)).toEqual({ status: "ok", database: "ok" });

    const noIdentity = await get("/api/health", { "accept-encoding": "gzip, identity;q=0" });
    expectWellFormed(noIdentity, "gzip");
    expect(decoded(noIdentity)).toEqual({ status: "ok", database: "ok" });
  });
});

describe("a JSON answer made for one request (the OpenAPI document)", () => {
  it("is compressed with the client's preferred coding", async () => {
    const plain = await get("/api/openapi.json");
    expectWellFormed(plain, undefined);
    const document = decoded(plain);

    const browser = await get("/api/openapi.json", { "accept-encoding": "gzip, deflate, br" });
    expectWellFormed(browser, "br");
    expect(decoded(browser)).toEqual(document);

    const gzip = await get("/api/openapi.json", { "accept-encoding": "br;q=0.1, gzip" });
    expectWellFormed(gzip, "gzip");
    expect(decoded(gzip)).toEqual(document);

    // Nothing the client accepts can be made: it gets the answer as it is rather than an error.
    const none = await get("/api/openapi.json", { "accept-encoding": "*;q=0" });
    expectWellFormed(none, undefined);
  });
});
