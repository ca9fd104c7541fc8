import fs from "node:fs";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig, type Config } from "../../config/env.ts";
import { precompress } from "../../scripts/precompress.ts";
import { createApp } from "../../server/app.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createServices } from "../../server/services.server.ts";
import { TEST_ORIGIN } from "../helpers/test-app.ts";
import { createTestDatabase } from "../helpers/test-db.ts";
import { expectApiSecurityHeaders } from "../helpers/security-headers.ts";

/*
 * The app behind @hono/node-server on a real loopback port, as in production: headers written onto
 * Node's response, the client build served from memory, and connections kept alive between requests.
 */

const SCRIPT = `export function greet(name) {\n${"  console.log('hello, ' + name + ' and welcome to the atelier');\n".repeat(80)}}\n`;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>\n';
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

let server: ServerType;
let base: string;
let port: number;
let config: Config;
let staticRoot: string;
let close: () => Promise<void>;

beforeAll(async () => {
  staticRoot = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-static-"));
  fs.mkdirSync(path.join(staticRoot, "assets"));
  fs.mkdirSync(path.join(staticRoot, "images"));
  fs.writeFileSync(path.join(staticRoot, "assets", "app-Ab12Cd34.js"), SCRIPT);
  fs.writeFileSync(path.join(staticRoot, "favicon.svg"), FAVICON);
  fs.writeFileSync(path.join(staticRoot, "images", "dot.png"), PNG);
  await precompress(staticRoot);

  config = parseConfig({
    NODE_ENV: "test",
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    SEED_DEMO_CONTENT: "false",
    BODY_LIMIT_BYTES: "2048",
  });
  const database = await createTestDatabase();
  const logger = createLogger("silent");
  const app = createApp({ config, services: createServices(database, config, logger), logger, staticRoot });
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      (server as import("node:http").Server).closeAllConnections();
    });
    await database.close();
    fs.rmSync(staticRoot, { recursive: true, force: true });
  };
});
afterAll(() => close());

/** One connection, written to by hand; `until` waits for what the server has answered so far. */
function connection() {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let closed = false;
  const waiters: Array<() => void> = [];
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on("close", () => {
    closed = true;
    for (const wake of waiters.splice(0)) wake();
  });
  // A reset after the answer is what this test looks at, not an error of the test itself.
  socket.on("error", () => {});
  return {
    socket,
    write: (data: string | Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve())),
    received: () => received,
    closed: () => closed,
    /** Resolves once `test` holds on what was received, or once the connection is closed, or after 5 s. */
    async until(test: (text: string) => boolean): Promise<void> {
      let timedOut = false;
      const deadline = setTimeout(() => {
        timedOut = true;
        for (const wake of waiters.splice(0)) wake();
      }, 5_000);
      // Each chunk received, and the close, wake the loop to look again.
      while (!test(received) && !closed && !timedOut) await new Promise<void>((resolve) => waiters.push(resolve));
      clearTimeout(deadline);
    },
  };
}

// Answers follow one another on the wire with nothing between a body and the next status line.
const responsesIn = (text: string) => text.match(/HTTP\/1\.1 \d{3} /g) ?? [];

describe("headers written onto Node's response", () => {
  it("carry every security header, a fresh nonce, the request id and Vary on each answer", async () => {
    const first = await fetch(`${base}/en/about`);
    const second = await fetch(`${base}/fr/about`, { headers: { "x-request-id": "trace-42" } });
    for (const response of [first, second]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toBe(
        "camera=(), geolocation=(), payment=(self), microphone=(self)",
      );
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("strict-transport-security")).toBeNull();
      expect(response.headers.get("x-powered-by")).toBeNull();
      expect(response.headers.get("content-security-policy")).toMatch(
        /^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; .*frame-ancestors 'none'$/,
      );
    }
    expect(first.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("x-request-id")).toBe("trace-42");
    const nonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1];
    expect(nonce(first)).not.toBe(nonce(second));
  });

  it("carry the API's own set on API answers, found or not: a policy that allows nothing, no document headers", async () => {
    const found = await fetch(`${base}/api/health`);
    const missing = await fetch(`${base}/api/does-not-exist`, { headers: { "x-request-id": "trace-43" } });
    expect(found.status).toBe(200);
    expect(missing.status).toBe(404);
    for (const response of [found, missing]) expectApiSecurityHeaders(response);
    expect(found.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.headers.get("x-request-id")).toBe("trace-43");
  });

  it("let a handler's own headers through beside them", async () => {
    const response = await fetch(`${base}/api/auth/user`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("a body over the limit", () => {
  it("is refused with 413, and the same connection then answers the next request", async () => {
    const conn = connection();
    const body = Buffer.alloc(64 * 1024, "x");
    await conn.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await conn.write(body);
    await conn.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await conn.until((text) => responsesIn(text).length >= 2 && text.includes('{"status":"ok","database":"ok"}'));
    const answers = responsesIn(conn.received());
    expect(answers).toEqual(["HTTP/1.1 413 ", "HTTP/1.1 200 "]);
    expect(conn.received()).toContain('"code":"payload_too_large"');
    expect(conn.closed()).toBe(false);
    conn.socket.destroy();
  });

  it("sent in chunks is refused with Connection: close, and the connection is closed", async () => {
    const conn = connection();
    await conn.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024, "x");
    for (let i = 0; i < 4; i++) await conn.write(Buffer.concat([Buffer.from("400\r\n"), chunk, Buffer.from("\r\n")]));
    await conn.write("0\r\n\r\n");
    await conn.until((text) => text.includes("payload_too_large"));
    await conn.until(() => false);
    const text = conn.received();
    expect(responsesIn(text)).toEqual(["HTTP/1.1 413 "]);
    expect(text).toMatch(/^connection: close\r$/im);
    expect(conn.closed()).toBe(true);
  });

  it("does not apply to a GET without a body", async () => {
    const response = await fetch(`${base}/api/health`, { headers: { "content-type": "application/json" } });
    expect(response.status).toBe(200);
  });
});

describe("the client build", () => {
  const script = "/assets/app-Ab12Cd34.js";

  it("is served as brotli when accepted, else gzip, else as built, with the original's type and the sent length", async () => {
    const asked = async (acceptEncoding: string | null) => {
      const conn = connection();
      await conn.write(
        `GET ${script} HTTP/1.1\r\nHost: x\r\n${acceptEncoding === null ? "" : `Accept-Encoding: ${acceptEncoding}\r\n`}Connection: close\r\n\r\n`,
      );
      await conn.until(() => false);
      const raw = Buffer.from(conn.received(), "latin1");
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.subarray(0, split).toString("latin1");
      const body = raw.subarray(split + 4);
      const header = (name: string) => new RegExp(`^${name}: (.*)\\r?$`, "im").exec(head)?.[1] ?? null;
      return { head, body, header };
    };
    const br = await asked("gzip, deflate, br, zstd");
    expect(br.header("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    const gzip = await asked("gzip;q=1.0, br;q=0");
    expect(gzip.header("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const identity = await asked(null);
    expect(identity.header("content-encoding")).toBeNull();
    expect(identity.body.toString()).toBe(SCRIPT);
    const refused = await asked("identity");
    expect(refused.header("content-encoding")).toBeNull();

    for (const answer of [br, gzip, identity]) {
      expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.header("content-type")).toBe("text/javascript; charset=utf-8");
      expect(Number(answer.header("content-length"))).toBe(answer.body.length);
      expect(answer.header("vary")).toBe("Accept-Encoding");
      expect(answer.header("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(answer.header("x-content-type-options")).toBe("nosniff");
    }
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(identity.body.length);
  });

  it("keeps top-level public files for an hour, small files uncompressed, images as they are", async () => {
    const favicon = await fetch(`${base}/favicon.svg`, { headers: { "accept-encoding": "br, gzip" } });
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-encoding")).toBeNull();
    expect(favicon.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await favicon.text()).toBe(FAVICON);
    const image = await fetch(`${base}/images/dot.png`, { headers: { "accept-encoding": "br, gzip" } });
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    // The twins are the server's business, not addresses of their own.
    expect((await fetch(`${base}${script}.br`)).status).toBe(404);
  });

  it("answers 304 to a revalidation with the same ETag, and HEAD with the length only", async () => {
    const first = await fetch(`${base}/favicon.svg`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await fetch(`${base}/favicon.svg`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await fetch(`${base}${script}`, { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-encoding")).toBe("gzip");
    expect(Number(head.headers.get("content-length"))).toBe(fs.statSync(path.join(staticRoot, `${script}.gz`)).size);
  });

  it("serves nothing outside the build folder and leaves other addresses to the app", async () => {
    fs.writeFileSync(path.join(staticRoot, "assets", "late.js"), "written after the start");
    expect((await fetch(`${base}/assets/late.js`)).status).toBe(404);
    expect((await fetch(`${base}/assets/../../package.json`)).status).toBe(404);
    expect((await fetch(`${base}/assets/%2e%2e/%2e%2e/package.json`)).status).toBe(404);
    const api = await fetch(`${base}/api/health`);
    expect(await api.json()).toEqual({ status: "ok", database: "ok" });
  });
});

describe("gzip of dynamic answers", () => {
  it("compresses a large JSON answer only for a client that accepts gzip", async () => {
    // The OpenAPI document is a large JSON answer that needs no data.
    const plain = await fetch(`${base}/api/openapi.json`, { headers: { "accept-encoding": "identity" } });
    const text = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(text.length).toBeGreaterThan(1024);

    const conn = connection();
    await conn.write(`GET /api/openapi.json HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n`);
    await conn.until(() => false);
    const raw = Buffer.from(conn.received(), "latin1");
    const split = raw.indexOf("\r\n\r\n");
    const head = raw.subarray(0, split).toString("latin1");
    expect(head).toMatch(/^content-encoding: gzip\r?$/im);
    expect(head).toMatch(/^vary: Accept-Encoding\r?$/im);
    const length = Number(/^content-length: (\d+)\r?$/im.exec(head)?.[1]);
    expect(length).toBe(raw.length - split - 4);
    expect(JSON.parse(zlib.gunzipSync(raw.subarray(split + 4)).toString())).toEqual(JSON.parse(text));
  });

  it("leaves a small answer uncompressed", async () => {
    const response = await fetch(`${base}/api/health`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});
