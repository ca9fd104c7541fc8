import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../core/auth/password.server.ts";
import { SIGN_UP_CONFIRM_MAIL_KIND, SIGN_UP_TAKEN_MAIL_KIND } from "../../core/auth/emails.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { signUpRequests } from "../../db/schema/sign-up-requests.ts";
import { sessions, users } from "../../db/schema/users.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const COOKIE = "atelier.sid";
const PASSWORD = "correct horse battery";

function sessionCookieLine(response: Response): string {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${COOKIE}=`));
  if (!line) throw new Error("no session cookie was set");
  return line;
}

async function register(
  client: TestClient,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return client.request("/api/auth/register", {
    method: "POST",
    headers,
    json: {
      username: "ada",
      email: "ada@example.com",
      password: PASSWORD,
      firstName: "Ada",
      lastName: "Lovelace",
      ...overrides,
    },
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
    const mailsTo = (to: string) =>
      t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
    /** The token of the newest sign-up e-mail to an address, read from its link. */
    async function signUpLink(to: string): Promise<{ token: string; link: URL }> {
      const [mail] = (await mailsTo(to)).filter((row) => row.kind === SIGN_UP_CONFIRM_MAIL_KIND).slice(-1);
      const link = new URL(/https?:\/\/\S+\/register\/confirm\?\S+/.exec(mail?.text ?? "")?.[0] ?? "http://none/");
      return { token: link.searchParams.get("token") ?? "", link };
    }
    const confirm = (client: TestClient, token: string, headers: Record<string, string> = {}) =>
      client.request("/api/auth/register/confirm", { method: "POST", json: { token }, headers });

    it("e-mails a link, and creates the customer, signed in with an HttpOnly SameSite=Lax cookie, only when it is followed", async () => {
      const client = t.client();
      const before = await userCount();
      const response = await register(client, { email: "  Ada@Example.COM " });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({
        message:
          "Almost done: we sent a link to ada@example.com. Open it within 24 hours to confirm your address and create your account.",
      });
      expect(response.headers.getSetCookie().some((line) => line.startsWith(`${COOKIE}=`))).toBe(false);
      expect(await userCount()).toBe(before);

      const { token, link } = await signUpLink("ada@example.com");
      expect(link.pathname).toBe("/en/register/confirm");
      const confirmed = await confirm(client, token);
      expect(confirmed.status).toBe(201);
      const body = await confirmed.json();
      expect(body).toMatchObject({
        email: "ada@example.com",
        username: "ada",
        firstName: "Ada",
        lastName: "Lovelace",
        role: "customer",
        profileImageUrl: null,
      });
      expect(body).not.toHaveProperty("passwordHash");

      const cookie = sessionCookieLine(confirmed);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);

      const me = await client.request("/api/auth/user");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        id: body.id,
        email: "ada@example.com",
        firstName: "Ada",
        role: "customer",
      });

      const [row] = await t.services.database.db.select().from(users).where(eq(users.id, body.id));
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain(PASSWORD);
      expect((await login(t.client(), "ada", PASSWORD)).status).toBe(200);

      // The link works once.
      const again = await confirm(t.client(), token);
      expect(again.status).toBe(400);
      expect((await again.json()).message).toBe(
        "This sign-up link has already been used. Sign in with your e-mail address and password.",
      );
    });

    it("answers the same for an address that has an account, and e-mails its owner instead of creating anything", async () => {
      const before = await userCount();
      const taken = await register(t.client(), { username: "someone-else" });
      expect(taken.status).toBe(202);
      expect(await taken.json()).toEqual({
        message:
          "Almost done: we sent a link to ada@example.com. Open it within 24 hours to confirm your address and create your account.",
      });
      expect(await userCount()).toBe(before);
      const [notice] = (await mailsTo("ada@example.com")).filter((row) => row.kind === SIGN_UP_TAKEN_MAIL_KIND);
      expect(notice.subject).toMatch(/Someone tried to sign up at .* with your address/);
      expect(notice.text).toContain("/login");
      expect(notice.text).toContain("/forgot-password");
      expect(notice.text).not.toContain("register/confirm");

      const french = await register(t.client(), { username: "quelqu-un" }, { "accept-language": "fr-FR,fr;q=0.9" });
      expect(french.status).toBe(202);
      expect((await french.json()).message).toBe(
        "Presque fini\u202f: nous avons envoyé un lien à ada@example.com. Ouvrez-le dans les 24 heures pour confirmer votre adresse et créer votre compte.",
      );
      const notices = (await mailsTo("ada@example.com")).filter((row) => row.kind === SIGN_UP_TAKEN_MAIL_KIND);
      expect(notices.at(-1)?.subject).toMatch(/Quelqu'un a tenté de s'inscrire/);
    });

    it("answers 409 naming the field when the username is taken, and sends nothing", async () => {
      const sent = (await t.services.database.db.select().from(mailOutbox)).length;
      const username = await register(t.client(), { username: "ADA", email: "other@example.com" });
      expect(username.status).toBe(409);
      expect(await username.json()).toEqual({
        code: "conflict",
        message: "This username is already taken.",
        fields: { username: "This username is already taken." },
      });
      expect((await t.services.database.db.select().from(mailOutbox)).length).toBe(sent);
    });

    it("refuses an unknown, expired or raced link with its message, and keeps the first account", async () => {
      const unknown = await confirm(t.client(), "A".repeat(43), { "accept-language": "fr" });
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).message).toBe(
        "Ce lien d'inscription n'est pas valide. Veuillez vous inscrire à nouveau pour en recevoir un nouveau.",
      );
      expect((await confirm(t.client(), "not a token")).status).toBe(400);

      // Two sign-ups for one address, both confirmed: the second finds the address taken.
      await register(t.client(), { username: "twin-one", email: "twin@example.com" });
      const first = await signUpLink("twin@example.com");
      await register(t.client(), { username: "twin-two", email: "twin@example.com" });
      const second = await signUpLink("twin@example.com");
      expect(second.token).not.toBe(first.token);
      expect((await confirm(t.client(), first.token)).status).toBe(201);
      const raced = await confirm(t.client(), second.token);
      expect(raced.status).toBe(409);
      expect((await raced.json()).message).toBe(
        "An account with this e-mail address was created in the meantime. Sign in, or reset your password.",
      );
      const [twin] = await t.services.database.db.select().from(users).where(eq(users.email, "twin@example.com"));
      expect(twin.username).toBe("twin-one");

      await register(t.client(), { username: "late-comer", email: "late@example.com" });
      const late = await signUpLink("late@example.com");
      await t.services.database.db
        .update(signUpRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(signUpRequests.email, "late@example.com"));
      const expired = await confirm(t.client(), late.token);
      expect(expired.status).toBe(400);
      expect((await expired.json()).message).toBe(
        "This sign-up link has expired. Please sign up again to get a new one.",
      );
    });

    it("keeps where the visitor was going in the link, but only a path of the site", async () => {
      await register(
        t.client(),
        { username: "goer", email: "goer@example.com", returnTo: "/fr/posts/1" },
        { "accept-language": "fr" },
      );
      const { link } = await signUpLink("goer@example.com");
      expect(link.pathname).toBe("/fr/register/confirm");
      expect(link.searchParams.get("returnTo")).toBe("/fr/posts/1");
      await register(t.client(), { username: "stray", email: "stray@example.com", returnTo: "https://evil.example/" });
      expect((await signUpLink("stray@example.com")).link.searchParams.has("returnTo")).toBe(false);
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

      const fr = await register(
        t.client(),
        { username: "shorty", email: "shorty@example.com", password: "1234567" },
        { "accept-language": "fr" },
      );
      expect(fr.status).toBe(400);
      expect(await fr.json()).toMatchObject({
        message: "Le mot de passe doit comporter au moins 8 caractères.",
        fields: { password: "Le mot de passe doit comporter au moins 8 caractères." },
      });
      expect(await userCount()).toBe(before);
      expect(await mailsTo("shorty@example.com")).toHaveLength(0);
    });

    it("names every invalid field: short username, invalid e-mail", async () => {
      const response = await register(t.client(), { username: "ab", email: "not-an-email" });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.fields).toEqual({
        username: "Username must be at least 3 characters.",
        email: "Please enter a valid e-mail address.",
      });
    });

    it("rejects unknown fields (a client cannot choose its role)", async () => {
      const response = await register(t.client(), { username: "sneaky", email: "sneaky@example.com", role: "admin" });
      expect(response.status).toBe(400);
      expect(await mailsTo("sneaky@example.com")).toHaveLength(0);
    });

    it("refuses a sixth sign-up for one e-mail address within 10 minutes with a translated 429 and Retry-After, sending nothing", async () => {
      const email = "eager@example.com";
      for (let i = 0; i < 5; i++)
        expect((await register(t.client(), { username: `eager-${i}`, email })).status).toBe(202);
      const refused = await register(t.client(), { username: "eager-5", email });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("600");
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many attempts for this e-mail address. Please try again in 10 minutes.",
      });
      const french = await register(
        t.client(),
        { username: "eager-6", email: "Eager@Example.com" },
        { "accept-language": "fr" },
      );
      expect(french.status).toBe(429);
      expect((await french.json()).message).toBe(
        "Trop de tentatives pour cette adresse e-mail. Veuillez réessayer dans 10 minutes.",
      );
      expect(await mailsTo(email)).toHaveLength(5);
      const pending = await t.services.database.db.select().from(signUpRequests).where(eq(signUpRequests.email, email));
      expect(pending.map((row) => row.username).sort()).toEqual([
        "eager-0",
        "eager-1",
        "eager-2",
        "eager-3",
        "eager-4",
      ]);
    });
  });

  describe("signing in and out", () => {
    beforeAll(async () => {
      await t.services.auth.upsertManagedUser({
        email: "grace@example.com",
        username: "Grace",
        password: PASSWORD,
        firstName: "Grace",
      });
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
        expect(await response.json()).toMatchObject({
          email: "grace@example.com",
          firstName: "Grace",
          role: "customer",
        });
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

  describe("changing the password", () => {
    it("refuses a sixth check of the current password within 15 minutes, even a right one, with a translated 429 and Retry-After, changing nothing", async () => {
      await t.services.auth.upsertManagedUser({ email: "hedy@example.com", username: "hedy", password: PASSWORD });
      const client = t.client();
      expect((await login(client, "hedy", PASSWORD)).status).toBe(200);
      const change = (currentPassword: string, headers: Record<string, string> = {}) =>
        client.request("/api/auth/password", {
          method: "POST",
          json: { currentPassword, password: "a brand new passphrase" },
          headers,
        });
      for (let i = 0; i < 5; i++) expect((await change("not my password")).status).toBe(400);
      const refused = await change(PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("900");
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many tries of your current password. Please try again in 15 minutes.",
      });
      const french = await change(PASSWORD, { "accept-language": "fr" });
      expect(french.status).toBe(429);
      expect((await french.json()).message).toBe(
        "Trop d'essais de votre mot de passe actuel. Veuillez réessayer dans 15 minutes.",
      );
      // The password and the session are as they were.
      expect((await client.request("/api/auth/user")).status).toBe(200);
      expect((await login(t.client(), "hedy", "a brand new passphrase")).status).toBe(401);
      expect((await login(t.client(), "hedy", PASSWORD)).status).toBe(200);
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
      for (const returnTo of [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example",
        "javascript:alert(1)",
        "/api/logout",
      ]) {
        const response = await t.client().request(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
        expect(response.headers.get("location")).toBe("/login");
      }
    });

    it("uses the page the visitor came from when there is no returnTo", async () => {
      const response = await t
        .client()
        .request("/api/login", { headers: { referer: "http://localhost:3000/fr/posts/2" } });
      expect(response.headers.get("location")).toBe(`/fr/login?returnTo=${encodeURIComponent("/fr/posts/2")}`);
      const foreign = await t
        .client()
        .request("/api/login", { headers: { referer: "https://evil.example/fr/posts/2" } });
      expect(foreign.headers.get("location")).toBe("/login");
    });
  });

  describe("the start-up admin", () => {
    it("creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD, then re-asserts its role and password", async () => {
      const lines: string[] = [];
      const config = {
        NODE_ENV: "production",
        ADMIN_EMAIL: "Boss@Example.com",
        ADMIN_PASSWORD: "the admin password",
        ADMIN_NAME: "Boss",
      };
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
      expect(await t.services.database.db.select().from(users).where(eq(users.email, "boss@example.com"))).toHaveLength(
        1,
      );
    });

    it("explains how to create an admin in development, and stays quiet in production", async () => {
      const lines: string[] = [];
      await t.services.auth.ensureAdminFromConfig({ NODE_ENV: "development" }, (line) => lines.push(line));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        'npm run user:create -- --email you@example.com --name "Your Name" --role admin --password',
      );
      lines.length = 0;
      await t.services.auth.ensureAdminFromConfig({ NODE_ENV: "production" }, (line) => lines.push(line));
      expect(lines).toEqual([]);
    });
  });

  it("lets only one of two racing sign-up links win when their usernames differ by letter case", async () => {
    const tokens: string[] = [];
    for (const [i, username] of ["Racer", "racer"].entries()) {
      const email = `race-${i}@example.com`;
      await t
        .client()
        .request("/api/auth/register", { method: "POST", json: { username, email, password: "long enough password" } });
      const [mail] = await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      tokens.push(/token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? "");
    }
    const attempts = await Promise.all(
      tokens.map((token) => t.client().request("/api/auth/register/confirm", { method: "POST", json: { token } })),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = await Promise.all(attempts.filter((r) => r.status === 409).map((r) => r.json()));
    expect(refused[0].message).toBe(
      "Someone took this username in the meantime. Please sign up again with another one.",
    );
  });

  it("documents the auth routes in the OpenAPI document", async () => {
    const doc = await (await t.app.request("/api/openapi.json")).json();
    for (const path of [
      "/auth/register",
      "/auth/login",
      "/auth/logout",
      "/auth/user",
      "/login",
      "/logout",
      "/callback",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
