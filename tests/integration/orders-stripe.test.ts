import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderView, OrderView } from "../../core/orders/schema.ts";
import { hotDeals } from "../../db/schema/deals.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { payments } from "../../db/schema/payments.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { startFakeStripe, type FakeStripe, type SignedEvent } from "../helpers/fake-stripe.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { createGuestOrder, lines, signInAs } from "../helpers/factories.ts";

const DAY = 24 * 3600_000;
const MINUTE = 60_000;
/** How long the app waits for one call to Stripe before it counts as timed out (the fake answers slower when told to). */
const STRIPE_TIMEOUT_MS = 1_500;
describe("orders with Stripe (against a local fake of Stripe's API)", () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let buyer: TestClient;
  let staff: Awaited<ReturnType<typeof signInAs>>;

  /** A guest order from the buyer's browser, with the WELCOME10 code unless told otherwise. */
  const createOrder = async (items: unknown[] = [lines.website()], promoCode: string | null = "WELCOME10") =>
    (await createGuestOrder(t, { client: buyer, body: { items, promoCode } })).order;
  const webhook = (event: SignedEvent) =>
    t.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: event.rawBody,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });
  const view = async (id: string): Promise<OrderView> =>
    (await (await buyer.request(`/api/orders/guest/${id}`)).json()).data;
  const staffView = async (id: string): Promise<AdminOrderView> =>
    (await (await staff.request(`/api/admin/orders/${id}`)).json()).data;
  const refund = (id: string, body: Record<string, unknown>) =>
    staff.request(`/api/admin/orders/${id}/refund`, { method: "POST", json: body });
  const intentOf = async (orderId: string) =>
    (await (await buyer.request(`/api/orders/guest/${orderId}/payment-intent`)).json()).data.clientSecret.split(
      "_secret_",
    )[0] as string;
  /** An order paid with a card in the browser, Stripe's webhook delivered. */
  const paidOrder = async (items: unknown[] = [lines.website()], promoCode: string | null = "WELCOME10") => {
    const order = await createOrder(items, promoCode);
    const intentId = await intentOf(order.id);
    stripe.confirm(intentId, "succeeded");
    expect((await webhook(stripe.webhook(intentId))).status).toBe(200);
    expect((await view(order.id)).status).toBe("paid");
    return { order, intentId };
  };
  const refundMails = async (number: string) =>
    (
      await t.services.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, "order.refund"))
        .orderBy(asc(mailOutbox.id))
    ).filter((mail) => mail.text.includes(number));
  const refundCalls = (intentId: string) =>
    stripe.requests.filter(
      (request) =>
        request.method === "POST" && request.path === "/v1/refunds" && request.form.payment_intent === intentId,
    );
  /** The refund requests made, one per idempotency key (a request sent again with its key is the same request). */
  const distinctCalls = (intentId: string) => [
    ...new Map(refundCalls(intentId).map((request) => [request.idempotencyKey, request])).values(),
  ];
  const claimsOf = async (dealId: number) =>
    (await t.services.database.db.select().from(hotDeals).where(eq(hotDeals.id, dealId)))[0].claimCount;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_TIMEOUT_MS: String(STRIPE_TIMEOUT_MS),
      ORDERS_PER_ADDRESS: "100000",
      HOLDS_PER_ADDRESS: "100000",
    });
    await seedReferenceData(t.services, createLogger("silent"));
    buyer = t.client();
    staff = await signInAs(t, "admin");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it("creates the PaymentIntent with the server's amount, usd, our payment's id and the payment's own idempotency key", async () => {
    const order = await createOrder();
    const first = await buyer.request(`/api/orders/guest/${order.id}/payment-intent`);
    expect(first.status).toBe(200);
    const answer = (await first.json()).data;
    expect(answer).toMatchObject({ provider: "stripe", publishableKey: stripe.publishableKey, amountCents: 54_000 });
    // One creation: a request the client sent again after a slow answer carries the same key.
    const created = stripe.requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/payment_intents",
    );
    expect(new Set(created.map((request) => request.idempotencyKey)).size).toBe(1);
    const [charge] = await t.services.database.db.select().from(payments).where(eq(payments.subjectId, order.id));
    expect(created[0].form).toMatchObject({
      amount: "54000",
      currency: "usd",
      "metadata[paymentId]": charge.id,
      "automatic_payment_methods[enabled]": "true",
    });
    expect(created[0].idempotencyKey).toBe(`charge-${charge.id}`);
    expect(answer.clientSecret).toBe(stripe.intents.get(charge.providerPaymentId!)?.client_secret);
    // Asking again (a reload of the payment step) gives the same intent, without asking Stripe.
    const again = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    expect(again.clientSecret).toBe(answer.clientSecret);
    expect(stripe.intents.size).toBe(1);
    expect(
      stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/payment_intents"),
    ).toHaveLength(created.length);
    expect(t.services.checkout.providerName).toBe("stripe");
  });

  it("marks the order paid on Stripe's signed webhook, with the card from the expanded charge; a redelivery or a late failure changes nothing", async () => {
    const order = await createOrder();
    const intentId = await intentOf(order.id);
    stripe.confirm(intentId, "succeeded");
    const event = stripe.webhook(intentId);
    const tampered = event.signature.replace(/v1=(\w)/, (_, first: string) => `v1=${first === "0" ? "1" : "0"}`);
    expect(tampered).not.toBe(event.signature);
    const refused = await webhook({ ...event, signature: tampered });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("Invalid webhook signature");
    expect((await view(order.id)).status).toBe("requires_payment");
    expect((await webhook(event)).status).toBe(200);
    const paid = await view(order.id);
    expect(paid).toMatchObject({
      status: "paid",
      paidCents: 54_000,
      payment: { provider: "stripe", brand: "visa", last4: "4242" },
    });
    expect(
      stripe.requests.some((request) => request.method === "GET" && request.path === `/v1/payment_intents/${intentId}`),
    ).toBe(true);
    // Stripe delivers the same event again, then an older failure arrives late: the order stays paid, one receipt.
    expect(await (await webhook(event)).json()).toMatchObject({ duplicate: true });
    const failure = stripe.sign("payment_intent.payment_failed", {
      ...stripe.intents.get(intentId),
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined", message: "Your card was declined." },
    });
    expect(await (await webhook(failure)).json()).toMatchObject({ duplicate: false });
    expect(await view(order.id)).toMatchObject({ status: "paid", paidAt: paid.paidAt, failureMessage: null });
    const receipts = (
      await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.receipt"))
    ).filter((mail) => mail.text.includes(order.number));
    expect(receipts).toHaveLength(1);
  });

  it("records a failure with Stripe's message, and refresh asks Stripe when the webhook is late", async () => {
    const order = await createOrder();
    const intentId = await intentOf(order.id);
    stripe.confirm(intentId, "failed");
    await webhook(stripe.webhook(intentId));
    expect(await view(order.id)).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    // The second try succeeds at Stripe, but its webhook has not arrived: the success page refreshes.
    stripe.confirm(intentId, "succeeded");
    const refreshed = (await (await buyer.request(`/api/orders/guest/${order.id}/refresh`, { method: "POST" })).json())
      .data;
    expect(refreshed).toMatchObject({
      status: "paid",
      failureMessage: null,
      payment: { provider: "stripe", brand: "visa", last4: "4242" },
    });
    // The webhook arriving afterwards changes nothing.
    expect((await webhook(stripe.webhook(intentId))).status).toBe(200);
    expect((await view(order.id)).payments.map((payment) => [payment.kind, payment.status])).toEqual([
      ["charge", "succeeded"],
    ]);
  });

  it("refunds part of a paid order, then the rest, through Stripe: each refund once, with its id in Stripe's metadata", async () => {
    const { order, intentId } = await paidOrder();
    const partial = await refund(order.id, { amountCents: 4_000, reason: "Logo dropped from the brief" });
    expect(partial.status).toBe(200);
    expect((await partial.json()).data).toMatchObject({
      status: "partially_refunded",
      paidCents: 54_000,
      refundedCents: 4_000,
    });
    const rest = (await (await refund(order.id, { amountCents: 50_000, reason: "Project cancelled" })).json())
      .data as AdminOrderView;
    expect(rest).toMatchObject({ status: "refunded", refundedCents: 54_000 });
    const ours = rest.payments.filter((payment) => payment.kind === "refund");
    expect(ours.map((payment) => [payment.amountCents, payment.status, payment.reason])).toEqual([
      [4_000, "succeeded", "Logo dropped from the brief"],
      [50_000, "succeeded", "Project cancelled"],
    ]);
    const calls = distinctCalls(intentId);
    expect(calls.map((call) => [call.form.amount, call.form["metadata[refundId]"], call.idempotencyKey])).toEqual(
      ours.map((payment) => [String(payment.amountCents), payment.id, `refund-${payment.id}`]),
    );
    expect(
      stripe.refunds
        .filter((entry) => entry.payment_intent === intentId)
        .map((entry) => [entry.amount, entry.metadata.refundId]),
    ).toEqual(ours.map((payment) => [payment.amountCents, payment.id]));
    // Stripe's charge.refunded after each refund (the cumulative total): nothing more is recorded.
    expect((await webhook(stripe.chargeRefunded(intentId))).status).toBe(200);
    expect((await staffView(order.id)).payments.filter((payment) => payment.kind === "refund")).toHaveLength(2);
    expect((await refundMails(order.number)).map((mail) => mail.subject)).toEqual([
      `Atelier: refund of $40.00 for order ${order.number}`,
      `Atelier: refund of $500.00 for order ${order.number}`,
    ]);
  });

  it("a refund Stripe refuses (more than the charge has left, after a refund in the dashboard) fails with Stripe's message; the dashboard's refund is recorded when its event arrives", async () => {
    const { order, intentId } = await paidOrder();
    // Staff refund $100 in Stripe's dashboard; its event has not arrived yet.
    stripe.refundInDashboard(intentId, 10_000);
    const refused = (await (await refund(order.id, { amountCents: 54_000, reason: "Project cancelled" })).json())
      .data as AdminOrderView;
    expect(refused).toMatchObject({ status: "paid", refundedCents: 0 });
    expect(refused.payments.at(-1)).toMatchObject({
      kind: "refund",
      status: "failed",
      amountCents: 54_000,
      failureMessage: "Refund amount ($540.00) is greater than unrefunded amount on charge ($440.00)",
    });
    expect(refused.history.at(-1)).toMatchObject({ cause: "refund_failed" });
    expect(stripe.amountRefunded(intentId)).toBe(10_000);
    // Stripe's charge.refunded tells of the dashboard's refund: recorded as made outside Atelier.
    expect((await webhook(stripe.chargeRefunded(intentId))).status).toBe(200);
    const after = await view(order.id);
    expect(after).toMatchObject({ status: "partially_refunded", refundedCents: 10_000 });
    expect(
      after.payments
        .filter((payment) => payment.status === "succeeded" && payment.kind === "refund")
        .map((payment) => [payment.amountCents, payment.automatic]),
    ).toEqual([[10_000, "outside"]]);
    // What is left can be refunded; retrying the refused one would pass what the charge has left.
    const retry = await staff.request(`/api/admin/orders/${order.id}/refunds/${refused.payments.at(-1)!.id}/retry`, {
      method: "POST",
    });
    expect(retry.status).toBe(409);
    expect((await retry.json()).message).toBe("You can refund at most $440.00.");
    const rest = await refund(order.id, { amountCents: 44_000, reason: "Project cancelled" });
    expect((await rest.json()).data).toMatchObject({ status: "refunded", refundedCents: 54_000 });
    expect(stripe.amountRefunded(intentId)).toBe(54_000);
  });

  it("a refund made in Stripe's dashboard that completes a hot deal order's refund gives its claim back; a partial one does not", async () => {
    const deal = await t.services.deals.create(
      {
        titleEn: "Brand Sprint",
        titleFr: "Sprint de marque",
        descriptionEn: "A week-long brand sprint with two designers.",
        descriptionFr: "Un sprint de marque d'une semaine avec deux designers.",
        serviceNameEn: "Brand sprint",
        serviceNameFr: "Sprint de marque",
        originalPrice: 40_000,
        discountedPrice: 30_000,
        discountPercentage: 25,
        validFrom: new Date(Date.now() - DAY).toISOString(),
        validUntil: new Date(Date.now() + 10 * DAY).toISOString(),
        claimLimit: 5,
      },
      { claimCount: 2 },
    );
    const line = {
      serviceId: "hot_deal",
      serviceName: "Brand Sprint",
      pricingType: "fixed",
      unitPriceCents: 30_000,
      quantity: 1,
      serviceData: { dealId: deal.id },
    };
    const { order, intentId } = await paidOrder([line], null);
    expect(await claimsOf(deal.id)).toBe(3);
    // Part refunded by staff in Atelier: the buyer keeps the deal.
    expect((await (await refund(order.id, { amountCents: 5_000, reason: "Late delivery" })).json()).data).toMatchObject(
      { status: "partially_refunded" },
    );
    expect(await claimsOf(deal.id)).toBe(3);
    // The rest refunded from Stripe's dashboard: its charge.refunded (cumulative $300) completes the refund.
    stripe.refundInDashboard(intentId, 25_000);
    const event = stripe.chargeRefunded(intentId);
    expect((await webhook(event)).status).toBe(200);
    const refunded = await staffView(order.id);
    expect(refunded).toMatchObject({ status: "refunded", refundedCents: 30_000 });
    expect(
      refunded.payments
        .filter((payment) => payment.kind === "refund")
        .map((payment) => [payment.amountCents, payment.status, payment.automatic, payment.actor]),
    ).toEqual([
      [5_000, "succeeded", null, staff.user.email],
      [25_000, "succeeded", "outside", null],
    ]);
    expect(await claimsOf(deal.id)).toBe(2);
    // Redelivered, or sent again under another id with the same total: nothing moves twice.
    expect(await (await webhook(event)).json()).toMatchObject({ duplicate: true });
    expect(await (await webhook(stripe.chargeRefunded(intentId))).json()).toMatchObject({ duplicate: false });
    expect((await view(order.id)).payments.filter((payment) => payment.kind === "refund")).toHaveLength(2);
    expect(await claimsOf(deal.id)).toBe(2);
    const mails = await refundMails(order.number);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Atelier: refund of $50.00 for order ${order.number}`,
      `Atelier: refund of $250.00 for order ${order.number}`,
    ]);
  });

  it("a refund whose Stripe call times out stays pending until Stripe's event confirms it, and is never made twice", async () => {
    const { order, intentId } = await paidOrder();
    // Stripe makes the refund but answers later than the app waits, three times (the client's own retries, with the same key).
    stripe.outage({ delayMs: STRIPE_TIMEOUT_MS * 5 });
    let pending: AdminOrderView;
    try {
      const response = await refund(order.id, { amountCents: 54_000, reason: "Duplicate order" });
      expect(response.status).toBe(200);
      pending = (await response.json()).data;
    } finally {
      stripe.outage(null);
    }
    expect(pending).toMatchObject({ status: "paid", refundedCents: 0 });
    const row = pending.payments.at(-1)!;
    expect(row).toMatchObject({ kind: "refund", status: "pending", amountCents: 54_000, attempts: 1 });
    // The next call is a minute away, not sooner.
    expect(new Date(row.nextAttemptAt!).getTime() - Date.now()).toBeGreaterThan(50_000);
    const calls = refundCalls(intentId);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((call) => call.idempotencyKey))).toEqual(new Set([`refund-${row.id}`]));
    expect(stripe.refunds.filter((entry) => entry.payment_intent === intentId)).toHaveLength(1);
    // The buyer's page says a refund is on its way.
    expect((await view(order.id)).payments.at(-1)).toMatchObject({ kind: "refund", status: "pending" });

    // Stripe's charge.refunded arrives: the pending refund is the one it reports.
    expect((await webhook(stripe.chargeRefunded(intentId))).status).toBe(200);
    const confirmed = await staffView(order.id);
    expect(confirmed).toMatchObject({ status: "refunded", refundedCents: 54_000 });
    expect(
      confirmed.payments.filter((payment) => payment.kind === "refund").map((payment) => [payment.id, payment.status]),
    ).toEqual([[row.id, "succeeded"]]);
    // The retry that was due finds nothing to call Stripe for.
    expect(await t.services.payments.processDueRefunds(new Date(Date.now() + 2 * MINUTE))).toBe(0);
    expect(refundCalls(intentId)).toHaveLength(calls.length);
    expect(stripe.amountRefunded(intentId)).toBe(54_000);
    expect(await refundMails(order.number)).toHaveLength(1);
  });

  it("a refund asked while Stripe answers 500 stays pending and is called again with back-off by the sweep, then refunds once", async () => {
    const { order, intentId } = await paidOrder();
    stripe.outage({ status: 500 });
    let row: AdminOrderView["payments"][number];
    try {
      const pending = (await (await refund(order.id, { amountCents: 20_000, reason: "Scope reduced" })).json())
        .data as AdminOrderView;
      expect(pending).toMatchObject({ status: "paid", refundedCents: 0 });
      row = pending.payments.at(-1)!;
      expect(row).toMatchObject({ kind: "refund", status: "pending", attempts: 1 });
      // Not due yet: the sweep leaves it alone.
      expect(await t.services.payments.processDueRefunds(new Date())).toBe(0);
      // Due a minute later: called again, Stripe still down, the next call four minutes later.
      const sweepAt = new Date(Date.now() + 61_000);
      expect(await t.services.payments.processDueRefunds(sweepAt)).toBe(1);
      const again = (await staffView(order.id)).payments.find((payment) => payment.id === row.id)!;
      expect(again).toMatchObject({ status: "pending", attempts: 2 });
      // Four minutes after the sweep that tried (the sweep's clock, not the machine's).
      expect(new Date(again.nextAttemptAt!).getTime() - sweepAt.getTime()).toBe(4 * MINUTE);
    } finally {
      stripe.outage(null);
    }
    expect(stripe.refunds.filter((entry) => entry.payment_intent === intentId)).toHaveLength(0);
    // Stripe is back: the sweep at the planned time refunds it.
    expect(await t.services.payments.processDueRefunds(new Date(Date.now() + 6 * MINUTE))).toBe(1);
    const done = await staffView(order.id);
    expect(done).toMatchObject({ status: "partially_refunded", refundedCents: 20_000 });
    expect(done.payments.find((payment) => payment.id === row.id)).toMatchObject({
      status: "succeeded",
      attempts: 3,
      nextAttemptAt: null,
    });
    expect(
      stripe.refunds
        .filter((entry) => entry.payment_intent === intentId)
        .map((entry) => [entry.amount, entry.metadata.refundId]),
    ).toEqual([[20_000, row.id]]);
    expect(new Set(refundCalls(intentId).map((call) => call.idempotencyKey))).toEqual(new Set([`refund-${row.id}`]));
    // Its charge.refunded, and later sweeps, change nothing more.
    expect((await webhook(stripe.chargeRefunded(intentId))).status).toBe(200);
    expect(await t.services.payments.processDueRefunds(new Date(Date.now() + 60 * MINUTE))).toBe(0);
    expect(await view(order.id)).toMatchObject({ status: "partially_refunded", refundedCents: 20_000 });
    expect(await refundMails(order.number)).toHaveLength(1);
  });

  it("answers 409 to a refund event for a payment whose success it has not seen while Stripe cannot be asked, and applies it when Stripe sends it again", async () => {
    const order = await createOrder();
    const intentId = await intentOf(order.id);
    // The buyer paid and staff refunded it in Stripe's dashboard; the payment's own event is late.
    stripe.confirm(intentId, "succeeded");
    stripe.refundInDashboard(intentId, order.totalCents);
    const event = stripe.chargeRefunded(intentId);
    const before = await view(order.id);
    stripe.outage({ status: 500 });
    try {
      const refused = await webhook(event);
      expect(refused.status).toBe(409);
      expect((await refused.json()).message).toBe("The payment provider could not be reached. Please try again.");
    } finally {
      stripe.outage(null);
    }
    expect(await view(order.id)).toEqual(before);
    expect(await refundMails(order.number)).toHaveLength(0);

    // Stripe sends the same event again: now Stripe says the payment succeeded, so it is paid, then refunded.
    const applied = await webhook(event);
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ received: true, duplicate: false });
    expect(await view(order.id)).toMatchObject({
      status: "refunded",
      paidCents: order.totalCents,
      refundedCents: order.totalCents,
    });
    expect(await refundMails(order.number)).toHaveLength(1);
  });

  it("adds Stripe's sources to the Content-Security-Policy only when Stripe is configured", async () => {
    const csp = (await t.app.request("/en/cart")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toMatch(/connect-src[^;]*https:\/\/api\.stripe\.com/);
    const sandbox = await createTestApp();
    try {
      const plain = (await sandbox.app.request("/en/cart")).headers.get("content-security-policy") ?? "";
      expect(plain).not.toContain("stripe");
    } finally {
      await sandbox.close();
    }
  }, 120_000);
});
