import { sql } from "drizzle-orm";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, loggablePath } from "../../server/logger.server.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * A failed query must not put what the visitor sent into the log: the error, the query's shape and the
 * request id are enough to find the bug. The database is made to refuse the writes (a trigger raising an
 * error), so that the insert's values reach the error handler as a real failed query would carry them.
 */
describe("logs of failing requests", () => {
  let t: TestApp;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true" }, { logger: createLogger("info", sink) });
    const db = t.services.database.db;
    await db.execute(
      sql.raw(
        `create function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'writes refused for this test'; end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger refuse_sign_ups before insert on sign_up_requests for each row execute function refuse_write()`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger refuse_contact before insert on contact_submissions for each row execute function refuse_write()`,
      ),
    );
  });
  afterAll(() => t.close());

  it("log the error, the query's shape and the request id, never the values sent", async () => {
    const sent = {
      register: {
        username: "grace_h",
        email: "grace.hopper@example.com",
        password: "a secret passphrase",
        firstName: "Grace",
        lastName: "Hopperfield",
      },
      contact: {
        name: "Katherine Johnson",
        email: "katherine@example.org",
        phone: "+1 555 010 0199",
        company: "Langley Orbits",
        inquiryType: "quote",
        message: "Trajectories for the launch, please.",
      },
    };
    const register = await t.client().request("/api/auth/register", {
      method: "POST",
      json: sent.register,
      headers: { "x-request-id": "req-register-1" },
    });
    const contact = await t.client().request("/api/contact", {
      method: "POST",
      json: sent.contact,
      headers: { "x-request-id": "req-contact-1", "x-forwarded-for": "192.0.2.7" },
    });
    expect(register.status).toBe(500);
    expect(contact.status).toBe(500);

    const errors = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "unhandled error");
    expect(errors.map((entry) => entry.reqId)).toEqual(["req-register-1", "req-contact-1"]);
    for (const entry of errors) {
      const err = entry.err as { type: string; query: string; paramCount: number; cause: { code: string } };
      expect(err.query).toMatch(/^insert into "(sign_up_requests|contact_submissions)"/);
      expect(err.paramCount).toBeGreaterThan(3);
      expect(err.cause.code).toBe("P0001");
    }

    const log = lines.join("\n");
    const values = [
      ...Object.values(sent.register),
      ...Object.values(sent.contact).filter((value) => value !== "quote"),
      "$argon2id",
      "grace.hopper",
      "katherine@",
    ];
    for (const value of values) expect(log, `the log quotes ${value}`).not.toContain(value);
    // What this checked, for the record.
    console.info(`log privacy: ${lines.length} log lines checked for ${values.length} values sent`);
  });

  it("log one line per request, with its id and without the bearer token of a receipt or subscription link", async () => {
    const before = lines.length;
    const token = `00000000-0000-4000-8000-000000000000_${"s".repeat(32)}`;
    for (const path of [`/api/receipts/${token}`, `/api/subscriptions/manage/${token}`, `/api/receipts/${token}.pdf`]) {
      const response = await t.client().request(path, { headers: { "x-request-id": "req-bearer-1" } });
      expect(response.status).toBe(404);
    }
    const requestLines = lines
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "request");
    expect(requestLines.map((entry) => entry.path)).toEqual([
      "/api/receipts/[token]",
      "/api/subscriptions/manage/[token]",
      "/api/receipts/[token]",
    ]);
    expect(requestLines.every((entry) => entry.reqId === "req-bearer-1" && entry.status === 404)).toBe(true);
    expect(lines.slice(before).join("\n")).not.toContain("s".repeat(32));
  });

  it("never write the one-time token of an e-mailed link, whatever the address's case, language or query", async () => {
    const before = lines.length;
    // A real token of each kind's shape: 32 random bytes in base64url, or an id and its signature.
    const secret = "Xk9_TqL2mZ8vR4wB7nC1pD5sF3hJ6gK0aE-yU9iO2rT";
    const signed = `3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69_${"Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"}`;
    const addresses = [
      `/receipt/${signed}`,
      `/fr/RECEIPT/${signed}`,
      `/en/Receipt/${signed}.data`,
      `/api/receipts/${signed}.pdf`,
      `/subscription/${signed}`,
      `/api/subscriptions/manage/${signed}/cancel`,
      `/reset-password?token=${secret}`,
      `/fr/register/confirm?token=${secret}`,
      `/en/newsletter/confirm?token=${secret}`,
      `/waitlist/leave?token=${secret}`,
      `/classes/1?offer=${secret}`,
      // A mistyped link still carries its token.
      `/reciept/${secret}`,
    ];
    for (const address of addresses) await t.client().request(address, { headers: { "x-request-id": "req-links-1" } });
    const written = lines.slice(before);
    const requests = written
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "request");
    expect(requests).toHaveLength(addresses.length);
    const log = written.join("\n");
    for (const part of [secret, secret.slice(0, 16), "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", "token="])
      expect(log, `the log quotes ${part}`).not.toContain(part);
    expect(requests.map((entry) => entry.path)).toEqual([
      "/receipt/[token]",
      "/fr/RECEIPT/[token]",
      "/en/Receipt/[token]",
      "/api/receipts/[token]",
      "/subscription/[token]",
      "/api/subscriptions/manage/[token]/cancel",
      "/reset-password",
      "/fr/register/confirm",
      "/en/newsletter/confirm",
      "/waitlist/leave",
      "/classes/1",
      "/reciept/[token]",
    ]);
  });

  it("keep ordinary addresses readable: slugs and ids are not tokens", () => {
    expect(loggablePath("/posts/how-we-built-a-bilingual-brand-for-a-bakery-in-2026")).toBe(
      "/posts/how-we-built-a-bilingual-brand-for-a-bakery-in-2026",
    );
    expect(loggablePath("/api/orders/guest/3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69")).toBe(
      "/api/orders/guest/3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69",
    );
  });
});
