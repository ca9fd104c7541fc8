import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger, closeLogs, hideSensitive, requestLineWriter } from "../../server/logger.server.ts";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger("info", sink), lines };
}

describe("the log hides secrets and personal data", () => {
  it("at the top of a logged object and one level down, whatever the key that holds them", () => {
    const { logger, lines } = capture();
    logger.warn(
      {
        email: "ada@example.com",
        password: "correct horse",
        orderId: "o-1",
        customer: { firstName: "Ada", lastName: "Lovelace", phone: "+44 20 7946 0000", country: "GB" },
        mail: { toAddress: "ada@example.com", html: "<p>Hello Ada</p>", kind: "order.receipt" },
      },
      "something to look at",
    );
    expect(lines[0]).toMatchObject({
      email: "[redacted]",
      password: "[redacted]",
      orderId: "o-1",
      customer: { firstName: "[redacted]", lastName: "[redacted]", phone: "[redacted]", country: "GB" },
      mail: { toAddress: "[redacted]", html: "[redacted]", kind: "order.receipt" },
      msg: "something to look at",
    });
    expect(JSON.stringify(lines)).not.toMatch(/Ada|Lovelace|ada@|horse|7946/);
  });

  it("in a child logger's fields and in each request's own lines", () => {
    const { logger, lines } = capture();
    logger.child({ reqId: "r-1", email: "grace@example.com" }).info({ body: "Dear team", status: 201 }, "sent");
    expect(lines[0]).toMatchObject({ reqId: "r-1", email: "[redacted]", body: "[redacted]", status: 201 });
  });

  it("in an error's message, keeping its type and stack frames", () => {
    const { logger, lines } = capture();
    logger.error({ err: new Error("no account for grace@example.com") }, "sign-in failed");
    const err = lines[0].err as Record<string, unknown>;
    expect(err).toMatchObject({ type: "Error", message: "[redacted]" });
    expect(String(err.stack)).toContain("    at ");
    expect(JSON.stringify(lines)).not.toContain("grace@");
  });

  it("in the cookie and authorization headers of a logged request", () => {
    const { logger, lines } = capture();
    logger.info(
      { req: { method: "GET", headers: { cookie: "sid=abc", authorization: "Bearer xyz", accept: "*/*" } } },
      "odd request",
    );
    expect(lines[0].req).toEqual({
      method: "GET",
      headers: { cookie: "[redacted]", authorization: "[redacted]", accept: "*/*" },
    });
  });

  it("without changing the caller's object, nor copying one that has nothing to hide", () => {
    const details = { customer: { email: "a@example.com" }, attempt: 2 };
    const hidden = hideSensitive(details);
    expect(hidden).toEqual({ customer: { email: "[redacted]" }, attempt: 2 });
    expect(details.customer.email).toBe("a@example.com");
    const plain = { reqId: "r", method: "GET", path: "/", status: 200, ms: 1 };
    expect(hideSensitive(plain)).toBe(plain);
  });
});

describe("the request line", () => {
  function rawCapture() {
    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    return { logger: createLogger("info", sink), chunks };
  }

  it("is written by hand exactly as pino writes the same fields, but for the time", async () => {
    const { logger, chunks } = rawCapture();
    const line = { reqId: '3f6c-é"quote', method: "GET", path: '/fr/posts/"café"\\x', status: 404, ms: 12 };
    logger.info(line, "request");
    requestLineWriter(logger)(line);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(2);
    const withoutTime = (text: string) => text.replace(/"time":\d+,/, "");
    expect(withoutTime(chunks[1])).toBe(withoutTime(chunks[0]));
    expect(JSON.parse(chunks[1])).toMatchObject({ level: 30, ...line, msg: "request" });
  });

  it("goes through pino to a destination that needs its metadata", () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "info", base: undefined },
      pino.multistream([{ stream: { write: (text: string) => lines.push(text) } }]),
    );
    requestLineWriter(logger)({ reqId: "r-1", method: "POST", path: "/api/contact", status: 201, ms: 3 });
    expect(JSON.parse(lines[0])).toMatchObject({ level: 30, reqId: "r-1", status: 201, msg: "request" });
  });
});

describe("the log written asynchronously", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-log-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("has every line on disk once closed", async () => {
    const file = path.join(dir, "server.log");
    const destination = pino.destination({ dest: file, sync: false });
    await once(destination, "ready");
    const logger = createLogger("info", destination);
    for (let i = 0; i < 5_000; i++) logger.info({ reqId: `r-${i}`, status: 200 }, "request");
    await closeLogs(logger);
    const lines = fs.readFileSync(file, "utf8").trim().split("\n");
    expect(lines).toHaveLength(5_000);
    expect(JSON.parse(lines[4_999])).toMatchObject({ reqId: "r-4999", msg: "request" });
  });
});
