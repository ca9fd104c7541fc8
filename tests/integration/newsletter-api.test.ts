import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BUDGETS } from "../../core/rate-limit/rules.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { TEST_ORIGIN, createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const ACCEPTED_EN = "Thank you! Please check your inbox and follow the link we sent you to confirm your subscription.";
const INVALID_TOKEN_EN =
  "This confirmation link is not valid. Please check that you opened the whole link, or subscribe again to receive a new one.";

describe("newsletter double opt-in API", () => {
  let t: TestApp;
  let visitor: TestClient;
  let address = 0;
  /** Each call from its own client address, so that the per-address limit only bites where a test wants it. */
  const subscribe = (json: unknown, headers: Record<string, string> = {}) =>
    visitor.request("/api/newsletter/subscribe", {
      method: "POST",
      json,
      headers: { "x-forwarded-for": `192.0.2.${++address % 250}`, ...headers },
    });
  const confirm = (json: unknown, headers: Record<string, string> = {}) =>
    visitor.request("/api/newsletter/confirm", { method: "POST", json, headers });

  const mailsTo = (to: string) =>
    t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.id));
  const subscriber = async (email: string) =>
    (
      await t.services.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
    )[0];
  /** The token of the confirmation link in the latest e-mail to an address. */
  async function latestToken(to: string): Promise<string> {
    const mails = await mailsTo(to);
    const match = /newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? "");
    if (!match) throw new Error(`no confirmation link e-mailed to ${to}`);
    return match[1];
  }

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true", COMPANY_NAME: "Atelier Studio" });
    visitor = t.client();
  });
  afterAll(() => t.close());

  describe("POST /api/newsletter/subscribe", () => {
    it("answers 202 and queues a confirmation e-mail with the link, storing only the token's hash", async () => {
      const response = await subscribe({ email: "ada@example.com" });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ message: ACCEPTED_EN });

      const [mail] = await mailsTo("ada@example.com");
      expect(mail).toMatchObject({
        kind: "newsletter.confirmation",
        status: "pending",
        subject: "Please confirm your subscription to the Atelier Studio newsletter",
      });
      const token = await latestToken("ada@example.com");
      expect(mail.text).toContain(`${TEST_ORIGIN}/en/newsletter/confirm?token=${token}`);
      expect(mail.html).toContain(`href="${TEST_ORIGIN}/en/newsletter/confirm?token=${token}"`);
      expect(mail.html).toContain("Confirm my subscription");

      const row = await subscriber("ada@example.com");
      expect(row).toMatchObject({ language: "en", confirmedAt: null });
      expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(token);
    });

    it("writes to a French visitor in French, with a link to the French page", async () => {
      const response = await subscribe({ email: "Zoe@Example.FR " }, FR);
      expect(response.status).toBe(202);
      expect((await response.json()).message).toBe(
        "Merci\u202f! Consultez votre boîte de réception et suivez le lien que nous vous avons envoyé pour confirmer votre abonnement.",
      );
      const [mail] = await mailsTo("zoe@example.fr");
      expect(mail.subject).toBe("Veuillez confirmer votre abonnement à la newsletter Atelier Studio");
      expect(mail.text).toContain("Bonjour,");
      expect(mail.text).toContain(`${TEST_ORIGIN}/fr/newsletter/confirm?token=`);
      expect(mail.html).toContain('<html lang="fr">');
      expect((await subscriber("zoe@example.fr")).language).toBe("fr");
    });

    it("refuses an invalid address with a translated 400, storing and sending nothing", async () => {
      for (const json of [{ email: "not-an-email" }, { email: "" }, {}, { email: `${"a".repeat(250)}@example.com` }]) {
        const response = await subscribe(json);
        expect(response.status, JSON.stringify(json)).toBe(400);
        expect(await response.json()).toMatchObject({
          code: "validation",
          message: "Please enter a valid email address",
        });
      }
      const fr = await subscribe({ email: "nope" }, FR);
      expect((await fr.json()).message).toBe("Veuillez saisir une adresse e-mail valide");
      expect((await subscribe({ email: "ok@example.com", name: "Ok" })).status).toBe(400);
      expect(await subscriber("ok@example.com")).toBeUndefined();
      expect(await mailsTo("not-an-email")).toHaveLength(0);
    });

    it("gives a pending subscriber a new token on a new request: only the newest link works", async () => {
      await subscribe({ email: "bob@example.com" });
      const first = await latestToken("bob@example.com");
      await subscribe({ email: "bob@example.com" });
      const second = await latestToken("bob@example.com");
      expect(second).not.toBe(first);
      expect((await confirm({ token: first })).status).toBe(400);
      expect(await (await confirm({ token: second })).json()).toMatchObject({ status: "confirmed" });
    });

    it("answers a confirmed address exactly the same, without sending it anything", async () => {
      await subscribe({ email: "cleo@example.com" });
      await t.services.newsletter.confirm(await latestToken("cleo@example.com"));
      const before = (await mailsTo("cleo@example.com")).length;
      const response = await subscribe({ email: "CLEO@example.com" });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ message: ACCEPTED_EN });
      expect(await mailsTo("cleo@example.com")).toHaveLength(before);
      expect(await t.services.newsletter.isConfirmed("cleo@example.com")).toBe(true);
    });

    it("sends one recipient at most 3 confirmation e-mails a day, whoever asks, answering the same", async () => {
      for (let i = 0; i < 5; i += 1) {
        const response = await subscribe({ email: "dan@example.com" });
        expect(response.status).toBe(202);
        expect(await response.json()).toEqual({ message: ACCEPTED_EN });
      }
      expect(await mailsTo("dan@example.com")).toHaveLength(3);
    });

    it("limits requests per client address, with a translated 429 and Retry-After", async () => {
      const from = { "x-forwarded-for": "203.0.113.9" };
      for (let i = 0; i < FORM_BUDGETS.newsletter.perAddress.limit; i += 1) {
        const response = await visitor.request("/api/newsletter/subscribe", {
          method: "POST",
          json: { email: `flood${i}@example.com` },
          headers: from,
        });
        expect(response.status).toBe(202);
      }
      const limited = await visitor.request("/api/newsletter/subscribe", {
        method: "POST",
        json: { email: "flood-last@example.com" },
        headers: from,
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({
        code: "rate_limited",
        message: "Too many messages from this connection. Please try again in 10 minutes.",
      });
      expect(await subscriber("flood-last@example.com")).toBeUndefined();
    });
  });

  describe("POST /api/newsletter/confirm", () => {
    it("confirms the first time, and says so again afterwards", async () => {
      await subscribe({ email: "eve@example.com" });
      const token = await latestToken("eve@example.com");
      const first = await confirm({ token });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({
        status: "confirmed",
        message: "Your subscription is confirmed. Welcome aboard!",
      });
      expect((await subscriber("eve@example.com")).confirmedAt).toBeInstanceOf(Date);

      const second = await confirm({ token }, FR);
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual({
        status: "already_confirmed",
        message: "Votre abonnement était déjà confirmé. Vous n'avez rien d'autre à faire.",
      });
    });

    it("refuses an unknown or garbled token with a clear, translated 400", async () => {
      const unknown = await confirm({ token: "A".repeat(43) });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ code: "validation", message: INVALID_TOKEN_EN });
      for (const json of [{ token: "" }, { token: "not a token" }, { token: "x".repeat(500) }, {}, { token: 42 }]) {
        const response = await confirm(json);
        expect(response.status, JSON.stringify(json)).toBe(400);
        expect((await response.json()).message).toBe(INVALID_TOKEN_EN);
      }
      const fr = await confirm({ token: "B".repeat(43) }, FR);
      expect((await fr.json()).message).toBe(
        "Ce lien de confirmation n'est pas valide. Vérifiez que vous avez ouvert le lien complet, ou abonnez-vous à nouveau pour en recevoir un nouveau.",
      );
    });

    it("is what the confirmation page loader calls: services.newsletter.confirm", async () => {
      await subscribe({ email: "finn@example.com" });
      const token = await latestToken("finn@example.com");
      expect(await t.services.newsletter.confirm(token)).toEqual({ status: "confirmed" });
      expect(await t.services.newsletter.confirm(token)).toEqual({ status: "already_confirmed" });
      await expect(t.services.newsletter.confirm("garbage")).rejects.toMatchObject({
        code: "validation",
        messageKey: "newsletter:errors.invalidToken",
      });
    });
  });
});
