import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../core/auth/password.server.ts";
import { sessions, users } from "../../db/schema/users.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const COOKIE = "atelier.sid";
const PASSWORD = "correct horse battery";

function sessionCookieLine(response: Response): string {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${COOKIE}=`));
  if (!line) throw new Error("no session cookie was set");
  return line;
}

async function register(client: TestClient, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return client.request("/api/auth/register", {
    method: "POST",
    headers,
    json: { username: "ada", email: "ada@example.com", password: PASSWORD, firstName: "Ada", lastName: "Lovelace", ...overrides },
  });
}

async function login(client: TestClient, identifier: string, password: string, headers: Record<string, string> = {}) {
  return client.request("/api/auth/login", { method: "POST", headers, json: { identifier, password } });
}

describe("accounts and sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const userCount = async () => (await t.services.database.db.select().from(users)).length;

  describe("registration", () => {
    it("creates a customer, signs it in with an HttpOnly SameSite=Lax cookie, and stores an argon2id hash", async () => {
      const client = t.client();
      const response = await register(client, { email: "  Ada@Example.COM " });
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(body).toMatchObject({ email: "ada@example.com", username: "ada", firstName: "Ada", lastName: "Lovelace", role: "customer", profileImageUrl: null });
      expect(body).not.toHaveProperty("passwordHash");

      const cookie = sessionCookieLine(response);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);

      const me = await client.request("/api/auth/user");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: body.id, email: "ada@example.com", firstName: "Ada", role: "customer" });

      const [row] = await t.services.database.db.select().from(users).where(eq(users.id, body.id));
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain(PASSWORD);
    });

    it("answers 409 naming the field when the e-mail address or username is taken, and creates nothing", async () => {
      const before = await userCount();
      const email = await register(t.client(), { username: "someone-else" });
      expect(email.status).toBe(409);
      expect(await email.json()).toEqual({
        code: "conflict",
        message: "An account with this e-mail address already exists.",
        fields: { email: "An account with this e-mail address already exists." },
      });

      const username = await register(t.client(), { username: "ADA", email: "other@example.com" });
      expect(username.status).toBe(409);
      expect(await username.json()).toEqual({ code: "conflict", message: "This username is already taken.", fields: { username: "This username is already taken." } });

      const french = await register(t.client(), { username: "someone-else" }, { "accept-language": "fr-FR,fr;q=0.9" });
      expect((await french.json()).fields.email).toBe("Un compte existe déjà avec cette adresse e-mail.");
      expect(await userCount()).toBe(before);
    });

    it("refuses a short password with the translated message, in English and in French", async () => {
      const before = await userCount();
      const en = await register(t.client(), { username: "shorty", email: "shorty@example.com", password: "1234567" });
      expect(en.status).toBe(400);
      expect(await en.json()).toEqual({
        code: "validation",
        message: "Password must be at least 8 characters.",
        fields: { password: "Password must be at least 8 characters." },
      });

      const fr = await register(t.client(), { username: "shorty", email: "shorty@example.com", password: "1234567" }, { "accept-language": "fr" });
      expect(fr.status).toBe(400);
      expect(await fr.json()).toMatchObject({
        message: "Le mot de passe doit comporter au moins 8 caractères.",
        fields: { password: "Le mot de passe doit comporter au moins 8 caractères." },
      });
      expect(await userCount()).toBe(before);
    });

    it("names every invalid field: short username, invalid e-mail", async () => {
      const response = await register(t.client(), { username: "ab", email: "not-an-email" });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.fields).toEqual({ username: "Username must be at least 3 characters.", email: "Please enter a valid e-mail address." });
    });

    it("rejects unknown fields (a client cannot choose its role)", async () => {
      const response = await register(t.client(), { username: "sneaky", email: "sneaky@example.com", role: "admin" });
      expect(response.status).toBe(400);
      expect(await t.services.database.db.select().from(users).where(eq(users.email, "sneaky@example.com"))).toHaveLength(0);
    });
  });

  describe("signing in and out", () => {
    beforeAll(async () => {
      await t.services.auth.upsertManagedUser({ email: "grace@example.com", username: "Grace", password: PASSWORD, firstName: "Grace" });
    });

    it("answers 401 to a visitor asking for the current user", async () => {
      const response = await t.client().request("/api/auth/user");
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ code: "unauthenticated", message: "Please sign in to continue." });
    });

    it("signs in by username or e-mail address, whatever their case", async () => {
      for (const identifier of ["grace", "Grace@Example.com"]) {
        const client = t.client();
        const response = await login(client, identifier, PASSWORD);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ email: "grace@example.com", firstName: "Grace", role: "customer" });
        expect((await client.request("/api/auth/user")).status).toBe(200);
      }
    });

    it("gives the same 401 for a wrong password and an unknown account", async () => {
      const wrong = await login(t.client(), "grace", "wrong password!");
      const unknown = await login(t.client(), "nobody-here", "wrong password!");
      const unknownEmail = await login(t.client(), "nobody@example.com", "wrong password!");
      const expected = { code: "unauthenticated", message: "Invalid e-mail/username or password." };
      for (const response of [wrong, unknown, unknownEmail]) {
        expect(response.status).toBe(401);
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(await response.json()).toEqual(expected);
      }
      const fr = await login(t.client(), "grace", "wrong password!", { "accept-language": "fr" });
      expect((await fr.json()).message).toBe("E-mail/nom d'utilisateur ou mot de passe incorrect.");
    });

    it("rotates the session id at sign-in: a session id planted before sign-in is destroyed, not promoted", async () => {
      // An attacker plants a session id of their own in the victim's browser...
      const planted = await t.services.sessions.create({});
      const victim = t.client();
      victim.cookies.set(COOKIE, planted.sid);
      const response = await login(victim, "grace", PASSWORD);
      expect(response.status).toBe(200);
      const fresh = victim.cookies.get(COOKIE);
      expect(fresh).toBeTruthy();
      expect(fresh).not.toBe(planted.sid);

      // ...but the planted id no longer exists, so it signs nobody in.
      expect(await t.services.sessions.load(planted.sid)).toBeNull();
      const attacker = t.client();
      attacker.cookies.set(COOKIE, planted.sid);
      expect((await attacker.request("/api/auth/user")).status).toBe(401);
      expect((await victim.request("/api/auth/user")).status).toBe(200);
    });

    it("POST /api/auth/logout answers 204, destroys the session row and clears the cookie", async () => {
      const client = t.client();
      await login(client, "grace", PASSWORD);
      const sid = client.cookies.get(COOKIE)!;
      expect(await t.services.database.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(1);

      const response = await client.request("/api/auth/logout", { method: "POST" });
      expect(response.status).toBe(204);
      expect(sessionCookieLine(response)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
      expect(await t.services.database.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
      expect(client.cookies.has(COOKIE)).toBe(false);

      // Replaying the old cookie does not bring the session back.
      const replay = t.client();
      replay.cookies.set(COOKIE, sid);
      expect((await replay.request("/api/auth/user")).status).toBe(401);
    });

    it("GET /api/logout (a navigation from a page of the site) signs out and goes home", async () => {
      const client = t.client();
      await login(client, "grace", PASSWORD);
      const sid = client.cookies.get(COOKIE)!;
      const response = await client.request("/api/logout", { headers: { "sec-fetch-site": "same-origin" } });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
      expect(await t.services.sessions.load(sid)).toBeNull();
      expect((await client.request("/api/auth/user")).status).toBe(401);
    });

    it("refuses a cross-site sign-in form post", async () => {
      const response = await t.app.request("/api/auth/login", {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ identifier: "grace", password: PASSWORD }),
      });
      expect(response.status).toBe(403);
    });
  });

  describe("the /api/login navigation without single sign-on", () => {
    it("sends someone already signed in straight back", async () => {
      const client = t.client();
      await t.services.auth.upsertManagedUser({ email: "back@example.com", password: PASSWORD });
      expect((await login(client, "back@example.com", PASSWORD)).status).toBe(200);
      const response = await client.request(`/api/login?returnTo=${encodeURIComponent("/posts")}`);
      expect(response.headers.get("location")).toBe("/posts");
    });

    it("goes to the sign-in page, keeping a same-site returnTo in the right language", async () => {
      const client = t.client();
      const plain = await client.request("/api/login");
      expect(plain.status).toBe(302);
      expect(plain.headers.get("location")).toBe("/login");

      const back = await client.request(`/api/login?returnTo=${encodeURIComponent("/posts/3?x=1")}`);
      expect(back.headers.get("location")).toBe(`/login?returnTo=${encodeURIComponent("/posts/3?x=1")}`);

      const french = await client.request(`/api/login?returnTo=${encodeURIComponent("/fr/posts")}`);
      expect(french.headers.get("location")).toBe(`/fr/login?returnTo=${encodeURIComponent("/fr/posts")}`);

      // sso=1 without a provider configured is the same page.
      expect((await client.request("/api/login?sso=1")).headers.get("location")).toBe("/login");
    });

    it("drops a returnTo that leaves the site", async () => {
      for (const returnTo of ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "/api/logout"]) {
        const response = await t.client().request(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
        expect(response.headers.get("location")).toBe("/login");
      }
    });

    it("uses the page the visitor came from when there is no returnTo", async () => {
      const response = await t.client().request("/api/login", { headers: { referer: "http://localhost:3000/fr/posts/2" } });
      expect(response.headers.get("location")).toBe(`/fr/login?returnTo=${encodeURIComponent("/fr/posts/2")}`);
      const foreign = await t.client().request("/api/login", { headers: { referer: "https://evil.example/fr/posts/2" } });
      expect(foreign.headers.get("location")).toBe("/login");
    });
  });

  describe("the start-up admin", () => {
    it("creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD, then re-asserts its role and password", async () => {
      const lines: string[] = [];
      const config = { NODE_ENV: "production", ADMIN_EMAIL: "Boss@Example.com", ADMIN_PASSWORD: "the admin password", ADMIN_NAME: "Boss" };
      await t.services.auth.ensureAdminFromConfig(config, (line) => lines.push(line));
      expect(lines).toEqual(["Admin account boss@example.com created from ADMIN_EMAIL."]);

      const client = t.client();
      const signedIn = await login(client, "boss@example.com", "the admin password");
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toMatchObject({ role: "admin", firstName: "Boss" });

      // Someone demotes the account and changes its password in the database...
      await t.services.database.db
        .update(users)
        .set({ role: "customer", passwordHash: await hashPassword("some other password") })
        .where(eq(users.email, "boss@example.com"));
      lines.length = 0;
      await t.services.auth.ensureAdminFromConfig(config, (line) => lines.push(line));
      expect(lines).toEqual(["Admin account boss@example.com updated from ADMIN_EMAIL (role, password)."]);
      const again = await login(t.client(), "boss@example.com", "the admin password");
      expect(again.status).toBe(200);
      expect((await again.json()).role).toBe("admin");

      // ...and a restart with nothing to change prints nothing and keeps the same account.
      lines.length = 0;
      await t.services.auth.ensureAdminFromConfig(config, (line) => lines.push(line));
      expect(lines).toEqual([]);
      expect(await t.services.database.db.select().from(users).where(eq(users.email, "boss@example.com"))).toHaveLength(1);
    });

    it("explains how to create an admin in development, and stays quiet in production", async () => {
      const lines: string[] = [];
      await t.services.auth.ensureAdminFromConfig({ NODE_ENV: "development" }, (line) => lines.push(line));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('npm run user:create -- --email you@example.com --name "Your Name" --role admin --password');
      lines.length = 0;
      await t.services.auth.ensureAdminFromConfig({ NODE_ENV: "production" }, (line) => lines.push(line));
      expect(lines).toEqual([]);
    });
  });

  it("lets only one of two racing sign-ups that differ by letter case win", async () => {
    const attempts = await Promise.all(
      ["Racer", "racer"].map((username, i) =>
        t.client().request("/api/auth/register", {
          method: "POST",
          json: { username, email: i === 0 ? "Race@Example.com" : "race@example.com", password: "long enough password" },
        }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("documents the auth routes in the OpenAPI document", async () => {
    const doc = await (await t.app.request("/api/openapi.json")).json();
    for (const path of ["/auth/register", "/auth/login", "/auth/logout", "/auth/user", "/login", "/logout", "/callback"]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
