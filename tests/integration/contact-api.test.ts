import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MailDispatcher, smtpTransport } from "../../core/mail/dispatcher.server.ts";
import { contactSubmissions } from "../../db/schema/contact.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { startSmtpServer } from "../helpers/smtp.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

describe("contact API", () => {
  let t: TestApp;
  let address = 0;
  // Each test sends from its own address so that the per-address limit only bites where it is tested.
  const from = () => ({ "x-forwarded-for": `192.0.2.${++address}` });
  const submissions = () => t.services.database.db.select().from(contactSubmissions).orderBy(contactSubmissions.id);
  const outbox = () => t.services.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "true",
      STAFF_NOTIFICATION_EMAIL: "team@atelier.example",
      COMPANY_NAME: "Atelier Studio",
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.services.database.db.delete(contactSubmissions);
    // Each test starts with fresh rate-limit budgets: most of them reuse one e-mail address.
    await t.services.database.db.delete(rateLimits);
    await t.services.database.db.delete(mailOutbox);
  });

  const form = {
    name: "Ada Lovelace",
    email: "Ada@Example.com",
    phone: "+1 (555) 123-4567",
    company: "Analytical Engines",
    inquiryType: "quote",
    message: "We need a new website and a logo for our launch.",
  };

  describe("POST /api/contact", () => {
    it("stores the inquiry, queues a confirmation to the visitor and a notification to staff, and thanks them", async () => {
      const response = await t.client().request("/api/contact", { method: "POST", json: form, headers: from() });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ message: "Thank you for your message! We will get back to you soon." });

      const [stored] = await submissions();
      expect(stored).toMatchObject({
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone: "+1 (555) 123-4567",
        company: "Analytical Engines",
        inquiryType: "quote",
        language: "en",
      });
      expect(stored.message).toBe(form.message);

      const mails = await outbox();
      expect(mails.map((m) => [m.kind, m.toAddress, m.status])).toEqual([
        ["contact.confirmation", "ada@example.com", "pending"],
        ["contact.staff", "team@atelier.example", "pending"],
      ]);
      expect(mails[0].subject).toBe("We received your message - Atelier Studio");
      expect(mails[0].text).toContain("Hello Ada Lovelace,");
      expect(mails[0].text).toContain("Thank you for your message! We will get back to you soon.");
      expect(mails[0].text).toContain("Inquiry type: Request a quote");
      expect(mails[0].text).toContain(form.message);
      expect(mails[0].html).toContain('<html lang="en">');
      expect(mails[1].subject).toBe("New inquiry (Request a quote) from Ada Lovelace");
      expect(mails[1].text).toContain("Company: Analytical Engines");
    });

    it("answers and writes the confirmation in French for a French visitor", async () => {
      const response = await t.client().request("/api/contact", {
        method: "POST",
        json: { ...form, inquiryType: "support" },
        headers: { ...FR, ...from() },
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        message: "Merci pour votre message ! Nous vous répondrons très bientôt.",
      });
      const [confirmation, staff] = await outbox();
      expect(confirmation.subject).toBe("Nous avons bien reçu votre message - Atelier Studio");
      expect(confirmation.text).toContain("Type de demande\u202f: Assistance");
      // Staff read English.
      expect(staff.subject).toBe("New inquiry (Support) from Ada Lovelace");
      expect(staff.text).toContain("Language: French");
      expect((await submissions())[0].language).toBe("fr");
    });

    it("writes the confirmation in the page's language when the form sends it", async () => {
      const response = await t
        .client()
        .request("/api/contact", { method: "POST", json: { ...form, language: "fr" }, headers: from() });
      expect(response.status).toBe(201);
      expect((await response.json()).message).toBe("Thank you for your message! We will get back to you soon.");
      expect((await outbox())[0].subject).toBe("Nous avons bien reçu votre message - Atelier Studio");
    });

    it("needs only name, email and message: type defaults to question, phone and company may be absent", async () => {
      const response = await t.client().request("/api/contact", {
        method: "POST",
        json: { name: "Bo", email: "bo@example.com", message: "Just a general question." },
        headers: from(),
      });
      expect(response.status).toBe(201);
      expect((await submissions())[0]).toMatchObject({ inquiryType: "question", phone: null, company: null });
    });

    it("refuses bad input with the spec's messages per field, stores nothing and queues nothing", async () => {
      const response = await t.client().request("/api/contact", {
        method: "POST",
        json: { name: "", email: "nope", inquiryType: "spam", message: "short" },
        headers: from(),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "validation",
        message: "Name is required",
        fields: {
          name: "Name is required",
          email: "Valid email is required",
          inquiryType: "Please select an inquiry type",
          message: "Message must be at least 10 characters",
        },
      });
      const fr = await t.client().request("/api/contact", {
        method: "POST",
        json: { ...form, message: "trop bref" },
        headers: { ...FR, ...from() },
      });
      expect(fr.status).toBe(400);
      expect(await fr.json()).toMatchObject({
        message: "Le message doit comporter au moins 10 caractères",
        fields: { message: "Le message doit comporter au moins 10 caractères" },
      });
      const unknownField = await t
        .client()
        .request("/api/contact", { method: "POST", json: { ...form, isAdmin: true }, headers: from() });
      expect(unknownField.status).toBe(400);
      expect((await unknownField.json()).fields).toEqual({ isAdmin: "This field is not expected: isAdmin" });
      const notJson = await t.client().request("/api/contact", {
        method: "POST",
        body: "name=x",
        headers: { "content-type": "application/x-www-form-urlencoded", ...from() },
      });
      expect(notJson.status).toBe(415);
      expect((await notJson.json()).code).toBe("validation");
      const malformed = await t.client().request("/api/contact", {
        method: "POST",
        body: "{not json",
        headers: { "content-type": "application/json", ...from() },
      });
      expect(malformed.status).toBe(400);
      expect(await submissions()).toEqual([]);
      expect(await outbox()).toEqual([]);
    });

    it("refuses a cross-site post", async () => {
      const response = await t.client().request("/api/contact", {
        method: "POST",
        json: form,
        headers: { origin: "https://evil.example", ...from() },
      });
      expect(response.status).toBe(403);
      expect(await submissions()).toEqual([]);
    });

    it("limits messages per e-mail address (5 in 10 minutes) with a kind, translated 429 and Retry-After; invalid attempts do not count", async () => {
      const client = t.client();
      const headers = { "x-forwarded-for": "203.0.113.50, 10.0.0.1" };
      expect(
        (await client.request("/api/contact", { method: "POST", json: { ...form, message: "" }, headers })).status,
      ).toBe(400);
      for (let i = 0; i < 5; i++)
        expect((await client.request("/api/contact", { method: "POST", json: form, headers })).status).toBe(201);
      const refused = await client.request("/api/contact", { method: "POST", json: form, headers });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(590);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(600);
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many messages for this e-mail address. Please try again in 10 minutes.",
      });
      const refusedFr = await client.request("/api/contact", {
        method: "POST",
        json: form,
        headers: { ...headers, ...FR },
      });
      expect((await refusedFr.json()).message).toBe(
        "Trop de messages pour cette adresse e-mail. Veuillez réessayer dans 10 minutes.",
      );
      // The assistants' endpoint shares the allowance.
      expect(
        (
          await client.request("/api/contact/send-email", {
            method: "POST",
            json: { name: "Bot", email: form.email, message: "hi" },
            headers,
          })
        ).status,
      ).toBe(429);
      // A colleague at the same office (same address, another e-mail) is not affected.
      expect(
        (
          await client.request("/api/contact", {
            method: "POST",
            json: { ...form, email: "colleague@example.com" },
            headers,
          })
        ).status,
      ).toBe(201);
      expect(await submissions()).toHaveLength(6);
      expect(await outbox()).toHaveLength(12);
    });

    it("gives one address (an office) 30 messages in 10 minutes, then says the connection is limited", async () => {
      const client = t.client();
      const headers = { "x-forwarded-for": "203.0.113.60" };
      for (let i = 0; i < 30; i++) {
        expect(
          (
            await client.request("/api/contact", {
              method: "POST",
              json: { ...form, email: `person${i}@example.com` },
              headers,
            })
          ).status,
        ).toBe(201);
      }
      const refused = await client.request("/api/contact", {
        method: "POST",
        json: { ...form, email: "one-more@example.com" },
        headers,
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.json()).toEqual({
        code: "rate_limited",
        message: "Too many messages from this connection. Please try again in 10 minutes.",
      });
      const refusedFr = await client.request("/api/contact", {
        method: "POST",
        json: { ...form, email: "one-more@example.com" },
        headers: { ...headers, ...FR },
      });
      expect((await refusedFr.json()).message).toBe(
        "Trop de messages depuis cette connexion. Veuillez réessayer dans 10 minutes.",
      );
      expect(
        (
          await client.request("/api/contact", {
            method: "POST",
            json: form,
            headers: { "x-forwarded-for": "198.51.100.9" },
          })
        ).status,
      ).toBe(201);
    });
  });

  describe("POST /api/contact/send-email (chatbot and voice assistant)", () => {
    it("stores a quote request with the service in the message and answers {success, message}", async () => {
      const response = await t.client().request("/api/contact/send-email", {
        method: "POST",
        json: {
          name: "Chen Wei",
          email: "chen@example.com",
          phone: "555-010-9999",
          service: "AI Agent",
          message: "We want a phone agent for bookings.",
        },
        headers: from(),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        message: "Thank you for your message! We will get back to you soon.",
      });
      const [stored] = await submissions();
      expect(stored).toMatchObject({
        name: "Chen Wei",
        email: "chen@example.com",
        phone: "555-010-9999",
        inquiryType: "quote",
        company: null,
      });
      expect(stored.message).toBe("Service: AI Agent\n\nWe want a phone agent for bookings.");
      const mails = await outbox();
      expect(mails.map((m) => m.kind)).toEqual(["contact.confirmation", "contact.staff"]);
      expect(mails[1].text).toContain("A visitor left their contact details with the chat or voice assistant.");
    });

    it("speaks French to a French conversation", async () => {
      const response = await t.client().request("/api/contact/send-email", {
        method: "POST",
        json: {
          name: "Léa",
          email: "lea@example.com",
          service: "Logo",
          message: "Un logo pour ma boutique",
          language: "fr",
        },
        headers: { ...FR, ...from() },
      });
      expect(await response.json()).toEqual({
        success: true,
        message: "Merci pour votre message ! Nous vous répondrons très bientôt.",
      });
      expect((await outbox())[0].subject).toBe("Nous avons bien reçu votre message - Atelier Studio");
    });

    it("refuses missing details with translated messages", async () => {
      const response = await t.client().request("/api/contact/send-email", {
        method: "POST",
        json: { name: "", email: "x", message: "" },
        headers: { ...FR, ...from() },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "validation",
        fields: {
          name: "Le nom est obligatoire",
          email: "Une adresse e-mail valide est obligatoire",
          message: "Le message est obligatoire",
        },
      });
      expect(await submissions()).toEqual([]);
    });
  });

  it("delivers the queued e-mails through SMTP when a mail server is configured", async () => {
    const smtp = await startSmtpServer();
    const dispatcher = new MailDispatcher(t.services.database.db, {
      transport: smtpTransport(smtp.url),
      from: "Atelier <no-reply@atelier.example>",
      pollMs: 1000,
    });
    try {
      expect(
        (
          await t
            .client()
            .request("/api/contact", { method: "POST", json: { ...form, language: "fr" }, headers: from() })
        ).status,
      ).toBe(201);
      expect(await dispatcher.runOnce()).toMatchObject({ claimed: 2, sent: 2 });
      const byRecipient = Object.fromEntries(smtp.received.map((m) => [m.envelopeTo[0], m]));
      expect(byRecipient["ada@example.com"].subject).toBe("Nous avons bien reçu votre message - Atelier Studio");
      expect(byRecipient["ada@example.com"].text).toContain(
        "Merci pour votre message ! Nous vous répondrons très bientôt.",
      );
      expect(byRecipient["team@atelier.example"].subject).toBe("New inquiry (Request a quote) from Ada Lovelace");
      expect((await outbox()).every((m) => m.status === "sent")).toBe(true);
    } finally {
      await dispatcher.stop();
      await smtp.close();
    }
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = await (await t.client().request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/contact",
        "/contact/send-email",
        "/admin/outbox",
        "/admin/outbox/{id}",
        "/appointments/slots",
        "/appointments/book",
        "/admin/appointments",
        "/testimonials",
        "/testimonials/submit",
        "/admin/testimonials",
        "/testimonials/{id}",
      ]),
    );
  });
});
