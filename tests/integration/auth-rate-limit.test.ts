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

  const CONFIRM =
    "Too many failed sign-ins on this account: this browser must be confirmed by e-mail. If the password was right, we have e-mailed the account a link that signs you in; it works once, within 30 minutes.";
  const linksTo = async (email: string) =>
    (await t.services.database.db.select().from(mailOutbox))
      .filter((mail) => mail.kind === "auth.sign-in-link" && mail.toAddress === email)
      .sort((x, y) => x.id - y.id);
  const tokenOf = (mail: { text: string }) => /\/login\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? "";

  it("lets the owner sign in from a browser they used before, whatever a stranger's failures, and gets a stranger nothing", async () => {
    const owner = t.client();
    const first = await owner.request("/api/auth/login", {
      method: "POST",
      headers: { "x-forwarded-for": "198.51.100.1" },
      json: { identifier: "alice", password: PASSWORD },
    });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().find((line) => line.startsWith("atelier.device="))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i,
    );
    await owner.request("/api/auth/logout", { method: "POST" });

    // Twenty guesses from twenty addresses: five are told the password is wrong, the others only that the
    // browser must be confirmed by e-mail. Nobody waits, and no link is sent for a wrong password.
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 20; i++) {
      const response = await attempt("alice", `wrong password ${i}`, `203.0.113.${100 + i}`);
      answers.push([response.status, (await response.json()).message]);
    }
    expect(answers.slice(0, 5).map(([status]) => status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(answers.slice(5).map(([status, message]) => `${status} ${message}`))).toEqual(
      new Set([`403 ${CONFIRM}`]),
    );
    expect(await linksTo("alice@example.com")).toEqual([]);

    // The owner's browser (its device cookie) signs in at once, from yet another address.
    const back = await owner.request("/api/auth/login", {
      method: "POST",
      headers: { "x-forwarded-for": "192.0.2.200" },
      json: { identifier: "alice", password: PASSWORD },
    });
    expect(back.status).toBe(200);
    // Success clears the account's count: an unknown browser with the right password gets in too.
    expect((await attempt("alice", PASSWORD, "203.0.113.250")).status).toBe(200);
    // Other accounts are not affected.
    expect((await attempt("bob", PASSWORD, "203.0.113.1")).status).toBe(200);
  });

  it("past the free failures, signs a new browser in by the e-mailed link, once, in the page's language", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("dave", "wrong password", "198.51.100.40")).status).toBe(401);
    const stranger = await attempt("dave", "still wrong", "198.51.100.41");
    const rightFromNewBrowser = await attempt("dave@example.com", PASSWORD, "198.51.100.42", "fr");
    // The same answer whether the password was right or not: the answer tells a guesser nothing.
    expect(stranger.status).toBe(403);
    expect(rightFromNewBrowser.status).toBe(403);
    expect((await rightFromNewBrowser.json()).message).toBe(
      "Trop de connexions ont échoué sur ce compte\u202f: ce navigateur doit être confirmé par e-mail. Si le mot de passe était bon, nous avons envoyé au compte un lien qui vous connecte\u202f; il fonctionne une fois, dans les 30 minutes.",
    );
    const [mail] = await linksTo("dave@example.com");
    expect(mail.subject).toBe("Connexion à Atelier sur un nouveau navigateur");
    expect(mail.text).toContain("http://localhost:3000/fr/login/confirm?token=");

    const browser = t.client();
    const confirmed = await browser.request("/api/auth/login/confirm", {
      method: "POST",
      json: { token: tokenOf(mail) },
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ email: "dave@example.com" });
    expect(confirmed.headers.getSetCookie().some((line) => line.startsWith("atelier.device="))).toBe(true);
    expect((await browser.request("/api/auth/user")).status).toBe(200);
    // Once only.
    const again = await t
      .client()
      .request("/api/auth/login/confirm", { method: "POST", json: { token: tokenOf(mail) } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      message:
        "This sign-in link is not valid any more: it works once, within 30 minutes. Sign in again to get a new one.",
      fields: { token: expect.any(String) },
    });
    expect(
      (await t.client().request("/api/auth/login/confirm", { method: "POST", json: { token: "x".repeat(43) } })).status,
    ).toBe(400);
    // The link cleared the account's failures: a password alone signs a browser in again.
    expect((await attempt("dave", PASSWORD, "198.51.100.43")).status).toBe(200);
  });

  it("sends at most 3 links per 15 minutes, and a link stops working after 30 minutes", async () => {
    await t.services.auth.upsertManagedUser({ email: "frank@example.com", username: "frank", password: PASSWORD });
    const start = new Date("2031-03-03T09:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const login = (password: string, minutes: number) =>
      t.services.auth
        .login({ identifier: "frank", password }, { address: "198.51.100.60", language: "en" }, at(minutes))
        .then(
          () => "signed in",
          (error: { code: string }) => error.code,
        );
    for (let i = 0; i < 5; i++) expect(await login("wrong password", 0)).toBe("unauthenticated");
    for (let i = 0; i < 5; i++) expect(await login(PASSWORD, 1)).toBe("forbidden");
    const links = await linksTo("frank@example.com");
    expect(links).toHaveLength(3);
    expect(links[0].subject).toBe("Sign in to Atelier on a new browser");
    await expect(t.services.auth.signInWithLink({ token: tokenOf(links[0]) }, at(32))).rejects.toMatchObject({
      code: "validation",
    });
    await expect(t.services.auth.signInWithLink({ token: tokenOf(links[1]) }, at(30))).resolves.toMatchObject({
      user: { email: "frank@example.com" },
    });
  });

  it("tells a staff member by e-mail, once, when failures on their account come in a burst", async () => {
    await t.services.auth.upsertManagedUser({
      email: "erin@example.com",
      username: "erin",
      password: PASSWORD,
      role: "staff",
    });
    const start = new Date("2031-03-02T09:00:00Z");
    let ms = 0;
    for (let i = 0; i < 14; i++) {
      await t.services.auth
        .login(
          { identifier: "erin", password: "wrong password" },
          { address: "198.51.100.90" },
          new Date(start.getTime() + ms),
        )
        .catch(() => undefined);
      ms += 10 * 60_000;
    }
    const mails = (await t.services.database.db.select().from(mailOutbox)).filter(
      (mail) => mail.kind === "auth.sign-in-burst",
    );
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ["erin@example.com", "Failed sign-in attempts on your Atelier account"],
    ]);
    expect(mails[0].text).toContain("There have been 10 failed attempts to sign in");
    // Customers are not sent one.
    for (let i = 0; i < 12; i++)
      await t.services.auth
        .login(
          { identifier: "carol", password: "wrong" },
          { address: "198.51.100.91" },
          new Date(start.getTime() + i * 600_000),
        )
        .catch(() => undefined);
    expect(
      (await t.services.database.db.select().from(mailOutbox)).filter((mail) => mail.kind === "auth.sign-in-burst"),
    ).toHaveLength(1);
    // Past the failures, carol's right password from this unknown browser gets a link; the link clears the count.
    await expect(
      t.services.auth.login(
        { identifier: "carol", password: PASSWORD },
        { address: "198.51.100.91" },
        new Date(start.getTime() + 13 * 600_000),
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    const [link] = await linksTo("carol@example.com");
    await t.services.auth.signInWithLink({ token: tokenOf(link) }, new Date(start.getTime() + 14 * 600_000));
  });

  it("counts attempts on unknown accounts the same way", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("ghost", "wrong password", "203.0.113.2")).status).toBe(401);
    const sixth = await attempt("ghost", "wrong password", "203.0.113.2");
    expect({ status: sixth.status, message: (await sixth.json()).message }).toEqual({ status: 403, message: CONFIRM });
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
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.limit; i++)
      expect((await attempt(`nobody-${i}`, "wrong password", address)).status).toBe(401);
    const blocked = await attempt("dave", PASSWORD, address);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toBe(
      "Too many sign-in attempts from this connection. Please try again in 15 minutes.",
    );
    // The header states the same wait, in seconds.
    expect(blocked.headers.get("retry-after")).toBe(String(15 * 60));
    expect((await attempt("dave", PASSWORD, "192.0.2.51")).status).toBe(200);
  });

  it("tells exactly the free attempts that the password is wrong when attempts come all at once", async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => attempt("eve-concurrent", "wrong password", "203.0.113.9")),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(7);
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
