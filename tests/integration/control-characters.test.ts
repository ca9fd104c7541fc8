import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, zonedNow } from "../../core/appointments/rules.ts";
import { like } from "drizzle-orm";
import { contactSubmissions } from "../../db/schema/contact.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const ZONE = "America/New_York";
const CONTROL = "This field contains characters that cannot be typed (control characters). Please remove them.";
const ONE_LINE = "This field must fit on one line: please remove the line breaks and tabs.";

describe("control characters and line breaks in text fields", () => {
  let t: TestApp;
  const form = {
    name: "Ada Lovelace",
    email: "ada@example.com",
    inquiryType: "quote",
    message: "We need a new website and a logo for our launch.",
  };
  const send = (json: unknown, headers: Record<string, string> = {}) =>
    t
      .client()
      .request("/api/contact", { method: "POST", json, headers: { "x-forwarded-for": "192.0.2.50", ...headers } });

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true", BOOKING_TIME_ZONE: ZONE });
  });
  afterAll(() => t.close());

  it("refuse a NUL in a message with a translated 400 naming the field, store nothing and spend no rate limit", async () => {
    // More refusals than the e-mail's budget (5 per 10 minutes) allows sends.
    for (let i = 0; i < 7; i++) {
      const response = await send({ ...form, message: `Hello\u0000 there, this is attempt ${i}.` });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: "validation", message: CONTROL, fields: { message: CONTROL } });
    }
    expect(await t.services.database.db.select().from(contactSubmissions)).toEqual([]);
    expect(await t.services.database.db.select().from(rateLimits)).toEqual([]);
    expect((await send(form)).status).toBe(201);
  });

  it("keep tabs and line breaks in multi-line text", async () => {
    const response = await send({ ...form, email: "tabs@example.com", message: "Line one\r\nLine two\n\tindented" });
    expect(response.status).toBe(201);
  });

  it("refuse a line break in a contact name naming the name, in the visitor's language", async () => {
    const response = await send({ ...form, email: "break@example.com", name: "Ada\nBcc: someone@example.com" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "validation", message: ONE_LINE, fields: { name: ONE_LINE } });
    const french = await send(
      { ...form, email: "break@example.com", name: "Ada\r\nLovelace" },
      { "accept-language": "fr" },
    );
    expect((await french.json()).fields).toEqual({
      name: "Ce champ doit tenir sur une ligne\u202f: veuillez retirer les retours à la ligne et les tabulations.",
    });
  });

  it("refuse a line break in a booking name naming the customerName field", async () => {
    const response = await t.client().request("/api/appointments/book", {
      method: "POST",
      headers: { "x-forwarded-for": "192.0.2.51" },
      json: {
        customerName: "Grace\nHopper",
        customerEmail: "grace@example.com",
        customerPhone: "+1 (555) 123-4567",
        appointmentDate: addDays(zonedNow(new Date(), ZONE).date, 1),
        appointmentTime: "10:00",
      },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({ customerName: ONE_LINE });
  });

  it("refuse NUL in a search and in a sign-in identifier with a 400, not a 500", async () => {
    expect((await t.client().request("/api/posts?q=%00")).status).toBe(400);
    const login = await t
      .client()
      .request("/api/auth/login", { method: "POST", json: { identifier: "ada\u0000", password: "whatever it is" } });
    expect(login.status).toBe(400);
    expect((await login.json()).fields).toEqual({ identifier: CONTROL });
  });

  it("refuse invisible format characters in one-line fields with a translated 400 naming the field, so that none reaches a staff e-mail's subject", async () => {
    const FORMAT =
      "This field contains invisible formatting characters (such as a right-to-left mark or a zero-width space). Please remove them.";
    const reversed = await send({ ...form, email: "rlo@example.com", name: "Ada \u202Egnp.eciovni" });
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toEqual({ code: "validation", message: FORMAT, fields: { name: FORMAT } });
    const french = await send(
      { ...form, email: "rlo@example.com", name: "Ada\u200dLovelace" },
      { "accept-language": "fr" },
    );
    expect((await french.json()).fields).toEqual({
      name: "Ce champ contient des caractères de mise en forme invisibles (comme une marque de droite à gauche ou une espace de largeur nulle). Veuillez les retirer.",
    });
    expect((await send({ ...form, email: "rlo@exa\u200bmple.com" })).status).toBe(400);
    expect(await t.services.database.db.select().from(mailOutbox).where(like(mailOutbox.subject, "%\u202e%"))).toEqual(
      [],
    );

    // The checkout's forms use the same rule: an order, a subscription, a custom payment, a bank account.
    const client = t.client();
    const order = await client.request("/api/orders/guest", {
      method: "POST",
      json: {
        customerFirstName: "Ada\u202e",
        customerLastName: "Lovelace",
        customerEmail: "ada@example.com",
        items: [],
      },
    });
    expect({ status: order.status, fields: (await order.json()).fields }).toEqual({
      status: 400,
      fields: { customerFirstName: FORMAT },
    });
    const subscription = await client.request("/api/get-or-create-subscription", {
      method: "POST",
      json: { name: "\ufeffAda", email: "ada@example.com", plan: "Professional" },
    });
    expect({ status: subscription.status, fields: (await subscription.json()).fields }).toEqual({
      status: 400,
      fields: { name: FORMAT },
    });
    const custom = await client.request("/api/create-custom-payment", {
      method: "POST",
      json: {
        amount: 100,
        paymentPlan: "1time",
        serviceName: "Logo\u2066",
        customerName: "Ada",
        customerEmail: "ada@example.com",
      },
    });
    expect({ status: custom.status, fields: (await custom.json()).fields }).toEqual({
      status: 400,
      fields: { serviceName: FORMAT },
    });
    const bank = await client.request("/api/verify-bank-account", {
      method: "POST",
      json: {
        accountHolderName: "Ada\u00adLovelace",
        customerEmail: "ada@example.com",
        routingNumber: "110000000",
        accountNumber: "000123456789",
      },
    });
    expect({ status: bank.status, fields: (await bank.json()).fields }).toEqual({
      status: 400,
      fields: { accountHolderName: FORMAT },
    });
  });
});
