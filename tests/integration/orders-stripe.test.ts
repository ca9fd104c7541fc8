import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../core/orders/schema.ts";
import { orders } from "../../db/schema/orders.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs } from "../helpers/users.ts";

const customer = { customerFirstName: "Ada", customerLastName: "Lovelace", customerEmail: "ada@example.com" };
const website = { serviceId: "website", serviceName: "Website", pricingType: "custom", unitPriceCents: 60_000, quantity: 1 };

describe("orders with Stripe (against a local fake of Stripe's API)", () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let buyer: TestClient;

  const createOrder = async (): Promise<OrderView> =>
    (await (await buyer.request("/api/orders/guest", { method: "POST", json: { ...customer, items: [website], promoCode: "WELCOME10" } })).json()).data;
  const webhook = (event: { rawBody: string; signature: string }) =>
    t.app.request("/api/webhooks/stripe", { method: "POST", body: event.rawBody, headers: { "content-type": "application/json", "stripe-signature": event.signature } });
  const row = async (id: string) => (await t.services.database.db.select().from(orders).where(eq(orders.id, id)))[0];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    await seedReferenceData(t.services, createLogger("silent"));
    buyer = t.client();
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("creates the PaymentIntent with the server's amount, usd, the order id and one idempotency key per order", async () => {
    const order = await createOrder();
    const first = await buyer.request(`/api/orders/guest/${order.id}/payment-intent`);
    expect(first.status).toBe(200);
    const answer = (await first.json()).data;
    expect(answer).toMatchObject({ provider: "stripe", publishableKey: stripe.publishableKey, amountCents: 54_000 });
    const created = stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/payment_intents");
    expect(created).toHaveLength(1);
    expect(created[0].form).toMatchObject({ amount: "54000", currency: "usd", "metadata[orderId]": order.id, "automatic_payment_methods[enabled]": "true" });
    expect(created[0].idempotencyKey).toBe(`order-${order.id}`);
    const intent = stripe.intents.get((await row(order.id)).stripePaymentIntentId!);
    expect(answer.clientSecret).toBe(intent?.client_secret);
    // Asking again (a reload of the payment step) gives the same intent, not a second charge.
    const again = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    expect(again.clientSecret).toBe(answer.clientSecret);
    expect(stripe.intents.size).toBe(1);
    expect(t.services.checkout.providerName).toBe("stripe");
  });

  it("marks the order paid on Stripe's signed webhook, with the card from the expanded charge", async () => {
    const order = await createOrder();
    await buyer.request(`/api/orders/guest/${order.id}/payment-intent`);
    const intentId = (await row(order.id)).stripePaymentIntentId!;
    stripe.confirm(intentId, "succeeded");
    const event = stripe.webhook(intentId);
    const tampered = event.signature.replace(/v1=(\w)/, (_, first: string) => `v1=${first === "0" ? "1" : "0"}`);
    expect(tampered).not.toBe(event.signature);
    expect((await webhook({ ...event, signature: tampered })).status).toBe(400);
    expect((await row(order.id)).status).toBe("requires_payment");
    expect((await webhook(event)).status).toBe(200);
    expect(await row(order.id)).toMatchObject({ status: "paid", paymentBrand: "visa", paymentLast4: "4242", paymentProvider: "stripe" });
    const retrieved = stripe.requests.filter((request) => request.method === "GET" && request.path === `/v1/payment_intents/${intentId}`);
    expect(retrieved.length).toBeGreaterThan(0);
  });

  it("records a failure with Stripe's message, and refresh asks Stripe when the webhook is late", async () => {
    const order = await createOrder();
    await buyer.request(`/api/orders/guest/${order.id}/payment-intent`);
    const intentId = (await row(order.id)).stripePaymentIntentId!;
    stripe.confirm(intentId, "failed");
    await webhook(stripe.webhook(intentId));
    expect(await row(order.id)).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    // The second try succeeds at Stripe, but its webhook has not arrived: the success page refreshes.
    stripe.confirm(intentId, "succeeded");
    const refreshed = (await (await buyer.request(`/api/orders/guest/${order.id}/refresh`, { method: "POST" })).json()).data;
    expect(refreshed).toMatchObject({ status: "paid", payment: { provider: "stripe", brand: "visa", last4: "4242" } });
    // The webhook arriving afterwards changes nothing.
    expect((await webhook(stripe.webhook(intentId))).status).toBe(200);
    expect((await row(order.id)).status).toBe("paid");
  });

  it("refunds a paid order in full through Stripe, once", async () => {
    const staff = await signInAs(t, "admin");
    const order = await createOrder();
    await buyer.request(`/api/orders/guest/${order.id}/payment-intent`);
    const intentId = (await row(order.id)).stripePaymentIntentId!;
    stripe.confirm(intentId, "succeeded");
    await webhook(stripe.webhook(intentId));
    const refunded = (await (await staff.request(`/api/admin/orders/${order.id}/refund`, { method: "POST" })).json()).data;
    expect(refunded.status).toBe("refunded");
    expect(stripe.refunds).toEqual([{ payment_intent: intentId, amount: 54_000 }]);
    const request = stripe.requests.find((entry) => entry.path === "/v1/refunds");
    expect(request?.idempotencyKey).toBe(`refund-${order.id}`);
  });

  it("adds Stripe's sources to the Content-Security-Policy only when Stripe is configured", async () => {
    const csp = (await t.app.request("/api/health")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toMatch(/connect-src[^;]*https:\/\/api\.stripe\.com/);
    const sandbox = await createTestApp();
    try {
      const plain = (await sandbox.app.request("/api/health")).headers.get("content-security-policy") ?? "";
      expect(plain).not.toContain("stripe");
    } finally {
      await sandbox.close();
    }
  });
});
