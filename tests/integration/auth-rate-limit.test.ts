import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS } from "../../core/rate-limit/rules.ts";
import { RateLimitService } from "../../core/rate-limit/service.server.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const PASSWORD = "correct horse battery";

describe("sign-in rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy, so that each test can speak from its own address.
    t = await createTestApp({ TRUST_PROXY: "true" });
    for (const name of ["alice", "bob", "carol", "dave"]) {
      await t.services.auth.upsertManagedUser({ email: `${name}@example.com`, username: name, password: PASSWORD });
    }
  });
  afterAll(() => t.close());

  const attempt = (identifier: string, password: string, address: string, language?: string) =>
    t.client().request("/api/auth/login", {
      method: "POST",
      headers: { "x-forwarded-for": `${address}, 10.0.0.1`, ...(language ? { "accept-language": language } : {}) },
      json: { identifier, password },
    });

  it("allows 5 failed attempts per account, then answers 429 with a translated message and Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("alice", "wrong password", "203.0.113.1")).status).toBe(401);

    const blocked = await attempt("alice", "wrong password", "203.0.113.1");
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ code: "rate_limited", message: "Too many sign-in attempts for this account. Please try again in 15 minutes." });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(890);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(900);

    // The right password does not get through either, from any address, by username or e-mail.
    expect((await attempt("alice", PASSWORD, "198.51.100.7")).status).toBe(429);
    const french = await attempt("alice@example.com", PASSWORD, "198.51.100.8", "fr");
    expect(french.status).toBe(429);
    expect((await french.json()).message).toBe("Trop de tentatives de connexion pour ce compte. Veuillez réessayer dans 15 minutes.");

    // Other accounts are not affected.
    expect((await attempt("bob", PASSWORD, "203.0.113.1")).status).toBe(200);
  });

  it("counts attempts on unknown accounts the same way", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("ghost", "wrong password", "203.0.113.2")).status).toBe(401);
    expect((await attempt("ghost", "wrong password", "203.0.113.2")).status).toBe(429);
  });

  it("clears the account's count after a successful sign-in", async () => {
    for (let i = 0; i < 4; i++) expect((await attempt("carol", "wrong password", "203.0.113.3")).status).toBe(401);
    expect((await attempt("carol", PASSWORD, "203.0.113.3")).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt("carol", "wrong password", "203.0.113.3")).status).toBe(401);
    expect((await attempt("carol", PASSWORD, "203.0.113.3")).status).toBe(200);
  });

  it("allows 100 failed attempts per address (an office signing in), whatever the accounts, then 429; other addresses still sign in", async () => {
    const address = "192.0.2.50";
    expect(SIGN_IN_PER_ADDRESS.limit).toBe(100);
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.limit; i++) expect((await attempt(`nobody-${i}`, "wrong password", address)).status).toBe(401);
    const blocked = await attempt("dave", PASSWORD, address);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toBe("Too many sign-in attempts from this connection. Please try again in 15 minutes.");
    expect((await attempt("dave", PASSWORD, "192.0.2.51")).status).toBe(200);
  });

  it("lets exactly the allowed number of concurrent attempts through", async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => attempt("eve-concurrent", "wrong password", "203.0.113.9")));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it("keeps its counters in the database, shared by every app server", async () => {
    const rows = await t.services.database.db.select().from(rateLimits);
    expect(rows.map((row) => row.key)).toContain("signin:account:name:ghost");
    expect(rows.map((row) => row.key)).toContain("signin:address:192.0.2.50");
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const direct = await createTestApp();
    try {
      for (let i = 0; i < SIGN_IN_PER_ADDRESS.limit; i++) {
        const response = await direct.client().request("/api/auth/login", {
          method: "POST",
          headers: { "x-forwarded-for": `198.18.0.${i}` },
          json: { identifier: `spoof-${i}`, password: "wrong password" },
        });
        expect(response.status).toBe(401);
      }
      // Every attempt came from the same socket address, whatever the header claimed.
      const response = await direct.client().request("/api/auth/login", {
        method: "POST",
        headers: { "x-forwarded-for": "198.18.0.99" },
        json: { identifier: "spoof-last", password: "wrong password" },
      });
      expect(response.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe("the rate-limit service", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("opens a new window when the previous one has ended", async () => {
    const service = new RateLimitService(t.services.database.db, 0);
    const start = new Date("2030-01-01T00:00:00Z");
    for (let i = 1; i <= 5; i++) expect((await service.hit(SIGN_IN_PER_ACCOUNT, "window", start)).allowed).toBe(true);
    const sixth = await service.hit(SIGN_IN_PER_ACCOUNT, "window", new Date(start.getTime() + 60_000));
    expect(sixth).toMatchObject({ allowed: false, count: 6, retryAfterMs: 14 * 60_000 });
    const later = await service.hit(SIGN_IN_PER_ACCOUNT, "window", new Date(start.getTime() + 15 * 60_000));
    expect(later).toMatchObject({ allowed: true, count: 1 });
    expect(later.resetAt.toISOString()).toBe("2030-01-01T00:30:00.000Z");
  });

  it("refunds and resets", async () => {
    const service = new RateLimitService(t.services.database.db, 0);
    await service.hit(SIGN_IN_PER_ACCOUNT, "refund");
    await service.hit(SIGN_IN_PER_ACCOUNT, "refund");
    await service.refund(SIGN_IN_PER_ACCOUNT, "refund");
    expect((await service.hit(SIGN_IN_PER_ACCOUNT, "refund")).count).toBe(2);
    await service.reset(SIGN_IN_PER_ACCOUNT, "refund");
    expect((await service.hit(SIGN_IN_PER_ACCOUNT, "refund")).count).toBe(1);
  });

  it("purges ended windows", async () => {
    const service = new RateLimitService(t.services.database.db, 0);
    await service.hit(SIGN_IN_PER_ACCOUNT, "old", new Date("2020-01-01T00:00:00Z"));
    await service.purgeExpired();
    const keys = (await t.services.database.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain("signin:account:old");
  });
});
