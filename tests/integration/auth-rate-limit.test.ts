import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS } from "../../core/rate-limit/rules.ts";
import { RateLimitService } from "../../core/rate-limit/service.server.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
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

  it("lets the owner sign in from a browser they used before, whatever a stranger's failures, and slows the stranger down", async () => {
    const owner = t.client();
    const first = await owner.request("/api/auth/login", { method: "POST", headers: { "x-forwarded-for": "198.51.100.1" }, json: { identifier: "alice", password: PASSWORD } });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().find((line) => line.startsWith("atelier.device="))).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    await owner.request("/api/auth/logout", { method: "POST" });

    // Twenty guesses from twenty addresses: five are tried at once, then one per running wait.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await attempt("alice", `wrong password ${i}`, `203.0.113.${100 + i}`)).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    // The waits are 1 s, 2 s, 4 s...: the few guesses that come after one ends are tried, the rest are not.
    expect(statuses.slice(6).filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    const slowed = await attempt("alice@example.com", "wrong again", "203.0.113.99", "fr");
    expect(slowed.status).toBe(429);
    expect((await slowed.json()).message).toBe("Trop de tentatives de connexion pour ce compte. Veuillez réessayer dans 1 minute.");
    expect(Number(slowed.headers.get("retry-after"))).toBeLessThanOrEqual(8);

    // The owner's browser (its device cookie) signs in at once, from yet another address.
    const back = await owner.request("/api/auth/login", { method: "POST", headers: { "x-forwarded-for": "192.0.2.200" }, json: { identifier: "alice", password: PASSWORD } });
    expect(back.status).toBe(200);
    // Success clears the account's count: an unknown browser with the right password gets in too.
    expect((await attempt("alice", PASSWORD, "203.0.113.250")).status).toBe(200);
    // Other accounts are not affected.
    expect((await attempt("bob", PASSWORD, "203.0.113.1")).status).toBe(200);
  });

  it("makes each wait longer than the last, and the correct password gets in from a new browser once its wait is over", async () => {
    const auth = t.services.auth;
    const start = new Date("2031-03-01T09:00:00Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    const guess = (ms: number, password = "wrong password") =>
      auth.login({ identifier: "dave", password }, `198.51.100.${40 + (ms % 50)}`, null, at(ms)).then(
        () => 200,
        (error: { code: string; details?: { params?: { retryAfterSeconds?: number } } }) => (error.code === "rate_limited" ? `429 ${error.details?.params?.retryAfterSeconds}s` : 401),
      );
    for (let i = 0; i < 5; i++) expect(await guess(i)).toBe(401);
    // Sixth failure: a turn that holds the next one back 1 s, then 2 s, 4 s...
    expect(await guess(10)).toBe(401);
    expect(await guess(500)).toBe("429 1s");
    expect(await guess(1_010)).toBe(401);
    expect(await guess(2_500)).toBe("429 1s");
    expect(await guess(3_010)).toBe(401);
    expect(await guess(5_000)).toBe("429 3s");
    expect(await guess(7_010, PASSWORD)).toBe(200);
  });

  it("tells a staff member by e-mail, once, when failures on their account come in a burst", async () => {
    await t.services.auth.upsertManagedUser({ email: "erin@example.com", username: "erin", password: PASSWORD, role: "staff" });
    const start = new Date("2031-03-02T09:00:00Z");
    let ms = 0;
    for (let i = 0; i < 14; i++) {
      await t.services.auth.login({ identifier: "erin", password: "wrong password" }, "198.51.100.90", null, new Date(start.getTime() + ms)).catch(() => undefined);
      ms += 10 * 60_000;
    }
    const mails = (await t.services.database.db.select().from(mailOutbox)).filter((mail) => mail.kind === "auth.sign-in-burst");
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([["erin@example.com", "Failed sign-in attempts on your Atelier account"]]);
    expect(mails[0].text).toContain("There have been 10 failed attempts to sign in");
    // Customers are not sent one.
    for (let i = 0; i < 12; i++) await t.services.auth.login({ identifier: "carol", password: "wrong" }, "198.51.100.91", null, new Date(start.getTime() + i * 600_000)).catch(() => undefined);
    expect((await t.services.database.db.select().from(mailOutbox)).filter((mail) => mail.kind === "auth.sign-in-burst")).toHaveLength(1);
    await t.services.auth.login({ identifier: "carol", password: PASSWORD }, "198.51.100.91", null, new Date(start.getTime() + 13 * 600_000));
  });

  it("counts attempts on unknown accounts the same way", async () => {
    for (let i = 0; i < 6; i++) expect((await attempt("ghost", "wrong password", "203.0.113.2")).status).toBe(401);
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

  it("lets exactly the free attempts and one turn through when attempts come all at once", async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => attempt("eve-concurrent", "wrong password", "203.0.113.9")));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
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
    // A hundred password checks and a database of its own: slow on a busy machine.
  }, 90_000);
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
    for (let i = 1; i <= 100; i++) expect((await service.hit(SIGN_IN_PER_ADDRESS, "window", start)).allowed).toBe(true);
    const over = await service.hit(SIGN_IN_PER_ADDRESS, "window", new Date(start.getTime() + 60_000));
    expect(over).toMatchObject({ allowed: false, count: 101, retryAfterMs: 14 * 60_000 });
    const later = await service.hit(SIGN_IN_PER_ADDRESS, "window", new Date(start.getTime() + 15 * 60_000));
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
