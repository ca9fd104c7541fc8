// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextSubscriptionStatus } from "../../core/checkout/subscriptions.server.ts";
import { sandboxPaymentMethods } from "../../db/schema/instalments.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { sandboxIntents } from "../../db/schema/orders.ts";
import { signInAs } from "../helpers/users.ts";

const SANDBOX_SECRET = "whsec_subscriptions_test_secret";

describe("subscriptions", () => {
  let t: TestApp;
  let visitor: TestClient;
  let staff: Awaited<ReturnType<typeof signInAs>>;

  const subscribe = (body: Record<string, unknown>) => visitor.request("/api/get-or-create-subscription", { method: "POST", json: { name: "Ada Lovelace", email: "ada.sub@example.com", priceId: "Professional", ...body } });
  const pay = (clientSecret: string, cardNumber = "4242 4242 4242 4242") => visitor.request("/api/payments/sandbox/confirm", { method: "POST", json: { clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" } });
  const find = async (id: string) => (await (await staff.request("/api/admin/subscriptions")).json()).data.find((entry: { id: string }) => entry.id === id);
  const mails = async (kind: string, to: string) => (await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).filter((row) => row.toAddress === to);

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET });
    visitor = t.client();
    staff = await signInAs(t, "admin");
  }, 120_000);
  afterAll(async () => t.close());

  it("reads the plan from the server by name; an unknown plan is a 404 with a clear message", async () => {
    const plan = await visitor.request("/api/plans/Professional");
    expect((await plan.json()).data).toMatchObject({ name: "Professional", priceCents: 99_900, description: "Complete marketing solution", features: expect.arrayContaining(["24/7 AI Phone Support", "Priority Support"]) });
    const french = await visitor.request("/api/plans/professional", { headers: { "accept-language": "fr-FR" } });
    expect((await french.json()).data.description).toBe("Solution marketing complète");
    const unknown = await visitor.request("/api/plans/Enterprise");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("Plan not found: Enterprise");
  });

  it("uses the values typed in the form, refuses missing ones, and creates one subscription per e-mail and plan", async () => {
    const missing = await subscribe({ name: "" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, message: "Full name is required" });
    const [first, second] = await Promise.all([subscribe({}), subscribe({ email: "ADA.SUB@example.com" })]);
    const a = await first.json();
    const b = await second.json();
    expect(a).toMatchObject({ success: true, status: "incomplete" });
    expect(a.clientSecret).toMatch(/_secret_/);
    expect(b.subscriptionId).toBe(a.subscriptionId);
    expect(b.clientSecret).toBe(a.clientSecret);
    // A price in the request never sets what is charged.
    const priced = await subscribe({ price: 1 });
    expect(priced.status).toBe(400);
    const [intent] = await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, a.clientSecret));
    expect(intent.amountCents).toBe(99_900);
    const record = await find(a.subscriptionId);
    expect(record).toMatchObject({ customerName: "Ada Lovelace", customerEmail: "ada.sub@example.com", status: "incomplete" });
  });

  it("is activated by its first invoice's event, renewed with a receipt, past_due with an e-mail on a failed renewal, and cancelled", async () => {
    const email = "grace.sub@example.com";
    const created = await (await subscribe({ email, name: "Grace Hopper" })).json();
    expect((await (await pay(created.clientSecret)).json()).data.status).toBe("succeeded");
    let record = await find(created.subscriptionId);
    expect(record.status).toBe("active");
    expect(record.invoices).toHaveLength(1);
    const firstEnd = new Date(record.currentPeriodEnd).getTime();
    expect(firstEnd).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
    expect((await (await visitor.request(`/api/subscriptions/${created.subscriptionId}/status`)).json()).data.status).toBe("active");
    // Calling again for an active subscription answers it, with nothing to pay.
    const again = await (await subscribe({ email, name: "Grace Hopper" })).json();
    expect(again).toMatchObject({ subscriptionId: created.subscriptionId, status: "active", clientSecret: null });

    expect((await visitor.request(`/api/admin/subscriptions/${created.subscriptionId}/renew`, { method: "POST" })).status).toBe(401);
    const renewed = await staff.request(`/api/admin/subscriptions/${created.subscriptionId}/renew`, { method: "POST" });
    expect(renewed.status).toBe(200);
    record = (await renewed.json()).data;
    expect(record.status).toBe("active");
    expect(record.invoices).toHaveLength(2);
    expect(new Date(record.currentPeriodEnd).getTime()).toBeGreaterThan(firstEnd);
    expect(await mails("subscription.receipt", email)).toHaveLength(2);

    // The saved card now declines: the next renewal fails.
    const [method] = await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, created.clientSecret));
    await t.services.database.db.update(sandboxPaymentMethods).set({ chargeOutcome: "declined" }).where(eq(sandboxPaymentMethods.id, method.paymentMethod!));
    record = (await (await staff.request(`/api/admin/subscriptions/${created.subscriptionId}/renew`, { method: "POST" })).json()).data;
    expect(record.status).toBe("past_due");
    const failed = await mails("subscription.failed", email);
    expect(failed).toHaveLength(1);
    expect(failed[0].text).toContain("Your card was declined.");

    const cancelled = await staff.request(`/api/admin/subscriptions/${created.subscriptionId}/cancel`, { method: "POST", json: { atPeriodEnd: false } });
    expect((await cancelled.json()).data.status).toBe("cancelled");
    const twice = await staff.request(`/api/admin/subscriptions/${created.subscriptionId}/cancel`, { method: "POST", json: {} });
    expect(twice.status).toBe(409);
    // A new subscription can start after a cancelled one.
    const fresh = await (await subscribe({ email, name: "Grace Hopper" })).json();
    expect(fresh.subscriptionId).not.toBe(created.subscriptionId);
  });

  it("redelivered and late events change nothing", async () => {
    const created = await (await subscribe({ email: "late.sub@example.com", name: "Late Payer" })).json();
    await pay(created.clientSecret);
    const record = await find(created.subscriptionId);
    const renewal = await t.services.checkout.sandbox!.renewSubscription((await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, created.clientSecret)))[0].subscriptionId!, 99_900, new Date(record.currentPeriodEnd));
    const deliver = () => t.app.request("/api/webhooks/stripe", { method: "POST", body: renewal.rawBody, headers: { "content-type": "application/json", "stripe-signature": renewal.signature } });
    expect((await (await deliver()).json()).duplicate).toBe(false);
    expect((await (await deliver()).json()).duplicate).toBe(true);
    const after = await find(created.subscriptionId);
    expect(after.invoices).toHaveLength(2);
    expect(await mails("subscription.receipt", "late.sub@example.com")).toHaveLength(2);
  });

  it("moves as its state machine says", () => {
    expect(nextSubscriptionStatus("incomplete", "invoice_paid")).toBe("active");
    expect(nextSubscriptionStatus("incomplete", "invoice_failed")).toBe("incomplete");
    expect(nextSubscriptionStatus("active", "invoice_failed")).toBe("past_due");
    expect(nextSubscriptionStatus("past_due", "invoice_paid")).toBe("active");
    expect(nextSubscriptionStatus("active", "cancelled")).toBe("cancelled");
    expect(nextSubscriptionStatus("cancelled", "invoice_paid")).toBe("cancelled");
  });
});
