import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PASSWORD_RESET_MAIL_KIND } from "../../core/auth/emails.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { passwordResetTokens } from "../../db/schema/password-resets.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { sessions } from "../../db/schema/users.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from "../helpers/test-app.ts";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";
const FR = { "x-page-language": "fr" };
const SENT_EN =
  "If an account uses this e-mail address, we have sent it a link to set a new password. The link works once, within an hour.";

describe("password reset by e-mail", () => {
  let t: TestApp;
  let n = 0;
  const from = () => ({ "x-forwarded-for": `203.0.113.${++n % 250}` });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true", COMPANY_NAME: "Atelier Studio" });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.database.db.delete(mailOutbox);
    await t.services.database.db.delete(rateLimits);
  });

  async function account(name: string) {
    await t.services.auth.upsertManagedUser({ email: `${name}@example.com`, username: name, password: PASSWORD });
  }
  const requestReset = (email: string, headers: Record<string, string> = from()) =>
    t.client().request("/api/auth/password-reset/request", { method: "POST", json: { email }, headers });
  const reset = (token: string, password = NEW_PASSWORD, headers: Record<string, string> = {}) =>
    t.client().request("/api/auth/password-reset", { method: "POST", json: { token, password }, headers });
  const login = (client: TestClient, identifier: string, password: string) =>
    client.request("/api/auth/login", { method: "POST", json: { identifier, password }, headers: from() });
  const resetMails = (to: string) =>
    t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  /** The token of the newest reset e-mail to an address, read from its link. */
  async function tokenFor(to: string): Promise<{ token: string; link: string }> {
    const [mail] = (await resetMails(to)).filter((row) => row.kind === PASSWORD_RESET_MAIL_KIND).slice(-1);
    const link = /https?:\/\/\S+reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? "";
    return { token: new URL(link).searchParams.get("token") ?? "", link };
  }

  it("answers the same for an unknown address as for a known one, and e-mails only the account", async () => {
    await account("ada");
    const known = await requestReset("Ada@Example.com");
    const unknown = await requestReset("nobody@example.com");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual({ message: SENT_EN });
    expect(await unknown.json()).toEqual({ message: SENT_EN });
    expect(await resetMails("nobody@example.com")).toEqual([]);

    const [mail] = await resetMails("ada@example.com");
    expect(mail.kind).toBe("auth.password-reset");
    expect(mail.subject).toBe("Reset your Atelier Studio password");
    expect(mail.text).toContain("The link works once, within 60 minutes.");
    const { token, link } = await tokenFor("ada@example.com");
    expect(link).toBe(`${TEST_ORIGIN}/en/reset-password?token=${token}`);
    expect(mail.html).toContain(`href="${link}"`);
    // Only the token's hash is kept.
    const rows = await t.services.database.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeGreaterThan(59 * 60_000);
  });

  it("writes the e-mail and the answer in the page's language, with a French link", async () => {
    await account("beatrice");
    const response = await requestReset("beatrice@example.com", { ...from(), ...FR });
    expect((await response.json()).message).toBe(
      "Si un compte utilise cette adresse e-mail, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Le lien fonctionne une seule fois, pendant une heure.",
    );
    const [mail] = await resetMails("beatrice@example.com");
    expect(mail.subject).toBe("Réinitialisez votre mot de passe Atelier Studio");
    expect((await tokenFor("beatrice@example.com")).link).toContain("/fr/reset-password?token=");
  });

  it("refuses an invalid e-mail address with a translated message and sends nothing", async () => {
    const response = await requestReset("not an address");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "validation",
      fields: { email: "Please enter a valid e-mail address." },
    });
    expect(await t.services.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("sets the new password once: the token is single-use, the old password stops working, every session ends", async () => {
    await account("carla");
    const laptop = t.client();
    const phone = t.client();
    expect((await login(laptop, "carla", PASSWORD)).status).toBe(200);
    expect((await login(phone, "carla@example.com", PASSWORD)).status).toBe(200);
    expect((await laptop.request("/api/auth/user")).status).toBe(200);

    await requestReset("carla@example.com");
    const { token } = await tokenFor("carla@example.com");
    const done = await reset(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: "Your password has been changed. Sign in with your new password." });

    // Signed out everywhere.
    expect((await laptop.request("/api/auth/user")).status).toBe(401);
    expect((await phone.request("/api/auth/user")).status).toBe(401);
    // The old password no longer works, the new one does.
    expect((await login(t.client(), "carla", PASSWORD)).status).toBe(401);
    expect((await login(t.client(), "carla", NEW_PASSWORD)).status).toBe(200);

    const again = await reset(token, "yet another password");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      code: "validation",
      message: "This password reset link has already been used. Please ask for a new one if you need it.",
      fields: { token: "This password reset link has already been used. Please ask for a new one if you need it." },
    });
    expect((await login(t.client(), "carla", NEW_PASSWORD)).status).toBe(200);
  });

  it("retires the account's other reset links once a password is set", async () => {
    await account("dora");
    await requestReset("dora@example.com");
    const first = (await tokenFor("dora@example.com")).token;
    await requestReset("dora@example.com");
    const second = (await tokenFor("dora@example.com")).token;
    expect(first).not.toBe(second);
    expect((await reset(second)).status).toBe(200);
    expect((await (await reset(first)).json()).message).toBe(
      "This password reset link has already been used. Please ask for a new one if you need it.",
    );
  });

  it("lets exactly one of two simultaneous uses of a token through", async () => {
    await account("erin");
    await requestReset("erin@example.com");
    const { token } = await tokenFor("erin@example.com");
    const statuses = (await Promise.all([reset(token, "first racer password"), reset(token, "second racer password")]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 400]);
  });

  it("refuses an expired token, an unknown one and a malformed one, in the visitor's language", async () => {
    await account("fay");
    await requestReset("fay@example.com");
    const { token } = await tokenFor("fay@example.com");
    await t.services.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await reset(token);
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toBe("This password reset link has expired. Please ask for a new one.");
    const expiredFr = await reset(token, NEW_PASSWORD, FR);
    expect((await expiredFr.json()).message).toBe(
      "Ce lien de réinitialisation a expiré. Veuillez en demander un nouveau.",
    );
    expect((await login(t.client(), "fay", PASSWORD)).status).toBe(200);

    const unknown = await reset("A".repeat(43));
    expect((await unknown.json()).message).toBe("This password reset link is not valid. Please ask for a new one.");
    const malformed = await reset("not-a-token");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe("This password reset link is not valid. Please ask for a new one.");
  });

  it("asks for 8 characters at least, and keeps the token for a second try", async () => {
    await account("gina");
    await requestReset("gina@example.com");
    const { token } = await tokenFor("gina@example.com");
    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ fields: { password: "Password must be at least 8 characters." } });
    expect((await reset(token)).status).toBe(200);
  });

  it("limits requests per e-mail address (3 in 15 minutes) and per connection (20), the same for unknown addresses", async () => {
    await account("hana");
    for (const email of ["hana@example.com", "ghost@example.com"]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(202);
      const refused = await requestReset(email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(890);
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many password reset requests for this e-mail address. Please try again in 15 minutes.",
      });
    }
    expect(await resetMails("hana@example.com")).toHaveLength(3);

    const office = { "x-forwarded-for": "192.0.2.80" };
    for (let i = 0; i < 20; i++) expect((await requestReset(`person${i}@example.com`, office)).status).toBe(202);
    const refused = await requestReset("one-more@example.com", { ...office, ...FR });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(
      "Trop de demandes de réinitialisation du mot de passe depuis cette connexion. Veuillez réessayer dans 15 minutes.",
    );
  });

  it("refuses a cross-site request", async () => {
    const response = await t.client().request("/api/auth/password-reset/request", {
      method: "POST",
      json: { email: "ada@example.com" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});

describe("changing a password while signed in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.auth.upsertManagedUser({ email: "ivy@example.com", username: "ivy", password: PASSWORD });
  });
  afterAll(() => t.close());

  const login = async (password = PASSWORD) => {
    const client = t.client();
    const response = await client.request("/api/auth/login", { method: "POST", json: { identifier: "ivy", password } });
    return { client, status: response.status };
  };
  const change = (client: TestClient, body: unknown, headers: Record<string, string> = {}) =>
    client.request("/api/auth/password", { method: "POST", json: body, headers });

  it("needs a signed-in user", async () => {
    const response = await change(t.client(), { currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(response.status).toBe(401);
  });

  it("refuses a wrong current password and a short new one, with translated field messages", async () => {
    const { client } = await login();
    const wrong = await change(client, { currentPassword: "not my password", password: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { currentPassword: "Your current password is not correct." } });
    const wrongFr = await change(client, { currentPassword: "not my password", password: NEW_PASSWORD }, FR);
    expect((await wrongFr.json()).fields).toEqual({ currentPassword: "Votre mot de passe actuel n'est pas correct." });
    const short = await change(client, { currentPassword: PASSWORD, password: "short" });
    expect(await short.json()).toMatchObject({ fields: { password: "Password must be at least 8 characters." } });
  });

  it("changes it, keeps this session (under a new id) and ends the others", async () => {
    const { client: here } = await login();
    const { client: elsewhere } = await login();
    const before = here.cookies.get("atelier.sid");
    const response = await change(here, { currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Your password has been changed. Your other devices have been signed out.",
    });
    expect(here.cookies.get("atelier.sid")).not.toBe(before);
    expect((await here.request("/api/auth/user")).status).toBe(200);
    expect((await elsewhere.request("/api/auth/user")).status).toBe(401);
    expect(
      await t.services.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, before ?? "")),
    ).toEqual([]);
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });
});
