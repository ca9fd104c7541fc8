import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderView, OrderView } from "../../core/orders/schema.ts";
import { hotDeals } from "../../db/schema/deals.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { orders } from "../../db/schema/orders.ts";
import { paymentEvents, payments, sandboxIntents } from "../../db/schema/payments.ts";
import { seedReferenceData } from "../../db/seed-reference.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import {
  createGuestOrder,
  guestCustomer,
  lines,
  payGuestOrder,
  placeGuestOrder,
  signInAs,
} from "../helpers/factories.ts";

const SANDBOX_SECRET = "whsec_orders_api_test_secret";
const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 24 * 3600_000;
const signer = new Stripe("sk_test_signer");

const { website, logo } = lines;

function signed(event: Record<string, unknown>) {
  const rawBody = JSON.stringify(event);
  return { rawBody, signature: signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: SANDBOX_SECRET }) };
}

describe("orders API", () => {
  let t: TestApp;
  let buyer: TestClient;
  let stranger: TestClient;
  let staff: Awaited<ReturnType<typeof signInAs>>;

  /** An order the API accepts (201), placed from this client. */
  const placed = async (client: TestClient, body: Record<string, unknown> = {}): Promise<OrderView> =>
    (await createGuestOrder(t, { client, body })).order;
  const orderRow = async (id: string) =>
    (await t.services.database.db.select().from(orders).where(eq(orders.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      ORDERS_PER_ADDRESS: "100000",
      HOLDS_PER_ADDRESS: "100000",
    });
    await seedReferenceData(t.services, createLogger("silent"));
    buyer = t.client();
    stranger = t.client();
    staff = await signInAs(t, "admin");
  });
  afterAll(async () => t.close());

  it("creates an order priced by the server, with the promo recomputed, and lets only its browser read it", async () => {
    const response = await placeGuestOrder(t, {
      client: buyer,
      body: {
        items: [website(60_000, 2), logo()],
        promoCode: "welcome10",
        subtotalCents: 127_500,
        discountCents: 12_750,
        totalCents: 114_750,
      },
    });
    expect(response.status).toBe(201);
    const order: OrderView = (await response.json()).data;
    expect(order).toMatchObject({
      status: "pending",
      currency: "usd",
      subtotalCents: 127_500,
      discountCents: 12_750,
      taxCents: 0,
      totalCents: 114_750,
      promoCode: "WELCOME10",
      language: "en",
    });
    expect(order.number).toBe(order.id.slice(0, 8).toUpperCase());
    expect(
      order.orderItems.map((item) => [
        item.serviceId,
        item.serviceName,
        item.unitPriceCents,
        item.quantity,
        item.lineTotalCents,
      ]),
    ).toEqual([
      ["website", "Website", 60_000, 2, 120_000],
      ["logo_design", expect.any(String), 7_500, 1, 7_500],
    ]);
    const own = await buyer.request(`/api/orders/guest/${order.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const other = await stranger.request(`/api/orders/guest/${order.id}`);
    expect(other.status).toBe(404);
    expect((await other.json()).message).toBe("Order not found");
    expect((await stranger.request(`/api/orders/guest/${order.id}/payment-intent`)).status).toBe(404);
    expect((await staff.request(`/api/orders/guest/${order.id}`)).status).toBe(200);
    // A forged cookie listing the id is not ours.
    const forger = t.client();
    forger.cookies.set("atelier.orders", `${order.id}.AAAA`);
    expect((await forger.request(`/api/orders/guest/${order.id}`)).status).toBe(404);
  });

  it("refuses tampered or impossible lines with the specification's messages and creates nothing", async () => {
    const before = (await t.services.orders.list({})).total;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ items: [logo(100)] }, 400, "This is a fixed-price service. Price must be $75.00"],
      [{ items: [website(10_000)] }, 400, "Price must be at least $500.00"],
      [{ items: [website(300_000)] }, 400, "Price cannot exceed $2,500.00"],
      [
        { items: [{ ...website(), serviceId: "no_such_service" }] },
        400,
        "This service is not available at the moment.",
      ],
      [{ items: [] }, 400, "Order must contain at least one item"],
      [{ items: Array.from({ length: 51 }, () => logo()) }, 400, "Order cannot contain more than 50 items"],
      [{ items: [logo(7_500, 0)] }, 400, "Quantity must be 1 or greater"],
      [{ items: [logo(7_500, 1001)] }, 400, "Quantity cannot exceed 1000"],
      [{ items: [website(250_000, 41)] }, 400, "Subtotal cannot exceed $100,000"],
      [{ items: [website()], promoCode: "NOPE" }, 400, "Invalid promo code"],
      [{ items: [logo()], promoCode: "SAVE50" }, 400, "This promo code requires a minimum order of $500"],
      [{ items: [website()], totalCents: 100 }, 409, "The prices in your cart have changed. Please review your order."],
      [{ items: [website()], customerEmail: "not-an-email" }, 400, "Valid email is required"],
      [{ items: [website()], customerFirstName: " " }, 400, "First name is required"],
      // Tax is the server's (0): a client cannot charge itself one, nor pay one to the agency.
      [{ items: [website()], taxCents: 5_000 }, 400, "Tax is calculated by the agency: send taxCents as 0"],
      [
        { items: [website()], taxCents: 5_000, totalCents: 65_000 },
        400,
        "Tax is calculated by the agency: send taxCents as 0",
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await placeGuestOrder(t, { client: stranger, body });
      const answer = await response.json();
      expect({ status: response.status, message: answer.message }).toEqual({ status, message });
    }
    expect((await t.services.orders.list({})).total).toBe(before);
  });

  it("describes its routes in the OpenAPI document", async () => {
    const document = await (await t.app.request("/api/openapi.json")).json();
    for (const path of [
      "/orders/guest",
      "/orders/guest/{id}/payment-intent",
      "/payments/sandbox/confirm",
      "/webhooks/stripe",
      "/admin/orders/{id}/refund",
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
  });

  it("answers refusals in French for a French page", async () => {
    const response = await placeGuestOrder(t, { client: stranger, body: { items: [logo(100)] }, headers: FR });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/^Ce service est à prix fixe/);
    const taxed = await placeGuestOrder(t, { client: stranger, body: { items: [logo()], taxCents: 100 }, headers: FR });
    expect(taxed.status).toBe(400);
    expect((await taxed.json()).message).toBe("La taxe est calculée par l’agence\u202f: envoyez taxCents à 0");
  });

  it("returns the same order for a retried Idempotency-Key, even when sent at the same time", async () => {
    const headers = { "idempotency-key": `key-${crypto.randomUUID()}` };
    const body = guestCustomer();
    const answers = await Promise.all([1, 2, 3].map(() => placeGuestOrder(t, { client: buyer, body, headers })));
    const ids = await Promise.all(answers.map(async (response) => (await response.json()).data.id));
    expect(new Set(ids).size).toBe(1);
    const rows = await t.services.database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, headers["idempotency-key"]));
    expect(rows).toHaveLength(1);
  });

  it("pays with the sandbox's 4242 card through the webhook path and queues the receipt in the order's language", async () => {
    const order = await placed(buyer, { language: "fr" });
    expect(await payGuestOrder(buyer, order.id)).toEqual({ status: "succeeded" });
    const paid: OrderView = (await (await buyer.request(`/api/orders/guest/${order.id}`)).json()).data;
    expect(paid).toMatchObject({ status: "paid", payment: { provider: "sandbox", brand: "visa", last4: "4242" } });
    expect(paid.paidAt).not.toBeNull();
    const mails = await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.receipt"));
    const receipt = mails.find((mail) => mail.text.includes(paid.number));
    expect(receipt?.toAddress).toBe(order.customerEmail);
    expect(receipt?.subject).toContain(`Votre reçu`);
    expect(receipt?.text).toContain(`http://localhost:3000/fr/receipt/${order.id}_`);
    // No card number anywhere in the order or the mail.
    expect(JSON.stringify(await orderRow(order.id))).not.toContain("4242424242424242");
    expect(receipt?.text).not.toContain("4242424242424242");
  });

  it("gives NEWCLIENT to an e-mail's first paid order only, in English and French, at creation and at payment", async () => {
    const newcomer = {
      customerEmail: "Hedy.Lamarr@example.com",
      customerFirstName: "Hedy",
      customerLastName: "Lamarr",
    };
    const refusal =
      "This promo code is for a first order only, and this email address already has a paid order. Remove the code from your cart to continue.";
    // Two orders placed with the code before either is paid: the first paid one takes it.
    const first = await placed(buyer, { ...newcomer, promoCode: "NEWCLIENT" });
    const second = await placed(buyer, { ...newcomer, promoCode: "newclient" });
    expect([first.discountCents, second.discountCents]).toEqual([10_000, 10_000]);
    expect((await payGuestOrder(buyer, first.id)).status).toBe("succeeded");
    expect((await orderRow(first.id)).status).toBe("paid");
    const secondPayment = await buyer.request(`/api/orders/guest/${second.id}/payment-intent`);
    expect(secondPayment.status).toBe(409);
    expect((await secondPayment.json()).message).toBe(refusal);
    // A new order from that e-mail (in any case) is refused the code, and nothing is created.
    const before = (await t.services.orders.list({})).total;
    const again = await placeGuestOrder(t, {
      client: buyer,
      body: { ...newcomer, customerEmail: "hedy.lamarr@EXAMPLE.com", promoCode: "NEWCLIENT" },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ message: refusal, fields: { promoCode: refusal } });
    const french = await placeGuestOrder(t, {
      client: buyer,
      body: { ...newcomer, promoCode: "NEWCLIENT" },
      headers: FR,
    });
    expect((await french.json()).message).toBe(
      "Ce code promo est réservé à une première commande, et cette adresse e-mail a déjà une commande payée. Retirez le code de votre panier pour continuer.",
    );
    expect((await t.services.orders.list({})).total).toBe(before);
    // Without the code, or with a code open to every order, the returning client orders as usual.
    expect((await placeGuestOrder(t, { client: buyer, body: newcomer })).status).toBe(201);
    expect((await placeGuestOrder(t, { client: buyer, body: { ...newcomer, promoCode: "SAVE50" } })).status).toBe(201);
  });

  it("shows a declined card's message, and the order can be paid again", async () => {
    const order = await placed(buyer);
    const declined = await payGuestOrder(buyer, order.id, "4000 0000 0000 0002");
    expect(declined).toEqual({ status: "failed", message: "Your card was declined." });
    expect((await orderRow(order.id)).status).toBe("failed");
    const poor = await payGuestOrder(buyer, order.id, "4000000000009995");
    expect(poor).toEqual({ status: "failed", message: "Your card has insufficient funds." });
    const failed: OrderView = (await (await buyer.request(`/api/orders/guest/${order.id}`)).json()).data;
    expect(failed).toMatchObject({ status: "failed", failureMessage: "Your card has insufficient funds." });
    // One charge, tried three times with the same intent: never a second intent for the same order.
    expect(failed.payments.map((payment) => [payment.kind, payment.status])).toEqual([["charge", "failed"]]);
    const retried = await payGuestOrder(buyer, order.id);
    expect(retried.status).toBe("succeeded");
    const paid: OrderView = (await (await buyer.request(`/api/orders/guest/${order.id}`)).json()).data;
    expect(paid).toMatchObject({ status: "paid", paidCents: 60_000, failureMessage: null });
    expect(paid.payments.map((payment) => [payment.kind, payment.status, payment.amountCents])).toEqual([
      ["charge", "succeeded", 60_000],
    ]);
  });

  it("checks the card: Luhn, expiry in the future, CVC", async () => {
    const order = await placed(buyer);
    const { clientSecret } = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    const response = await buyer.request("/api/payments/sandbox/confirm", {
      method: "POST",
      json: { clientSecret, cardNumber: "4242 4242 4242 4241", expiry: "01/20", cvc: "12" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({
      cardNumber: "Your card number is invalid.",
      expiry: "Your card's expiration date is in the past.",
      cvc: "Your card's security code is invalid.",
    });
    expect((await orderRow(order.id)).status).toBe("requires_payment");
  });

  it("refuses a card for a payment it does not know (404) or whose order staff cancelled (409), deciding nothing", async () => {
    const order = await placed(buyer);
    const { clientSecret } = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    const intentId = clientSecret.split("_secret_")[0];
    const confirm = (secret: string) =>
      buyer.request("/api/payments/sandbox/confirm", {
        method: "POST",
        json: { clientSecret: secret, cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
      });
    const intent = async () =>
      (await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId)))[0];
    // A secret altered by a single character names no payment.
    const unknown = await confirm(`${clientSecret.slice(0, -1)}${clientSecret.endsWith("A") ? "B" : "A"}`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("Payment not found. Please start the payment again.");
    expect((await intent()).status).toBe("requires_payment_method");
    expect((await orderRow(order.id)).status).toBe("requires_payment");

    // Staff cancel the order while its payment page is still open: the card typed there is refused.
    expect((await staff.request(`/api/admin/orders/${order.id}/cancel`, { method: "POST" })).status).toBe(200);
    const cancelled = await confirm(clientSecret);
    expect(cancelled.status).toBe(409);
    expect((await cancelled.json()).message).toBe("This order can no longer be paid.");
    expect(await intent()).toMatchObject({ status: "canceled", last4: null });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paidCents: 0 });
  });

  it("verifies webhook signatures, ignores redeliveries and handles events out of order", async () => {
    const order = await placed(buyer);
    const { clientSecret } = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    const intentId = clientSecret.split("_secret_")[0];
    const [charge] = await t.services.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intentId));
    const object = {
      id: intentId,
      object: "payment_intent",
      amount: 60_000,
      amount_received: 60_000,
      currency: "usd",
      metadata: { paymentId: charge.id },
      latest_charge: { payment_method_details: { card: { brand: "visa", last4: "4242" } } },
    };
    const success = signed({ id: `evt_${crypto.randomUUID()}`, type: "payment_intent.succeeded", data: { object } });
    const post = (body: string, signature?: string) =>
      t.app.request("/api/webhooks/stripe", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      });

    expect((await post(success.rawBody)).status).toBe(400);
    expect((await post(success.rawBody.replace("succeeded", "succeeded "), success.signature)).status).toBe(400);
    expect((await orderRow(order.id)).status).toBe("requires_payment");

    expect((await post(success.rawBody, success.signature)).status).toBe(200);
    const paid = await orderRow(order.id);
    expect(paid.status).toBe("paid");
    const again = await post(success.rawBody, success.signature);
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect((await orderRow(order.id)).paidAt?.getTime()).toBe(paid.paidAt?.getTime());
    const late = signed({
      id: `evt_${crypto.randomUUID()}`,
      type: "payment_intent.payment_failed",
      data: { object: { ...object, last_payment_error: { message: "Your card was declined." } } },
    });
    expect((await post(late.rawBody, late.signature)).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("paid");
    // Events the shop does not act on, or oddly shaped ones, are acknowledged and change nothing.
    const other = signed({
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.created",
      data: { object: { id: "cus_1" } },
    });
    expect((await post(other.rawBody, other.signature)).status).toBe(200);
    const shapeless = signed({ id: `evt_${crypto.randomUUID()}`, type: "payment_intent.succeeded" });
    expect((await post(shapeless.rawBody, shapeless.signature)).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe("paid");
    const events = await t.services.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, charge.id));
    expect(events).toHaveLength(2);
    const receipts = (
      await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.receipt"))
    ).filter((mail) => mail.text.includes(order.number));
    expect(receipts).toHaveLength(1);
  });

  it("ends refunded when the refund's event overtakes the payment's", async () => {
    const order = await placed(buyer);
    const { clientSecret } = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    const intentId = clientSecret.split("_secret_")[0];
    // The provider has the payment succeeded (its own records say so), and its event comes late.
    await t.services.database.db
      .update(sandboxIntents)
      .set({ status: "succeeded", brand: "visa", last4: "4242" })
      .where(eq(sandboxIntents.id, intentId));
    const refund = signed({
      id: `evt_${crypto.randomUUID()}`,
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_1",
          object: "charge",
          payment_intent: intentId,
          amount: 60_000,
          amount_refunded: 60_000,
          currency: "usd",
          refunded: true,
        },
      },
    });
    const success = signed({
      id: `evt_${crypto.randomUUID()}`,
      type: "payment_intent.succeeded",
      data: { object: { id: intentId, amount: 60_000, amount_received: 60_000, currency: "usd" } },
    });
    for (const event of [refund, success]) {
      const response = await t.app.request("/api/webhooks/stripe", {
        method: "POST",
        body: event.rawBody,
        headers: { "stripe-signature": event.signature },
      });
      expect(response.status).toBe(200);
    }
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "refunded", paidCents: 60_000, refundedCents: 60_000 });
    expect(row.paidAt).not.toBeNull();
    // A refund made from the provider's dashboard is recorded as such.
    const view: OrderView = (await (await buyer.request(`/api/orders/guest/${order.id}`)).json()).data;
    expect(
      view.payments.map((payment) => [payment.kind, payment.status, payment.amountCents, payment.automatic]),
    ).toEqual([
      ["charge", "succeeded", 60_000, null],
      ["refund", "succeeded", 60_000, "outside"],
    ]);
  });

  it("changes nothing on a refund event for a payment that never succeeded, sends nothing to the buyer, and tells staff", async () => {
    const order = await placed(buyer);
    const { clientSecret } = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    const intentId = clientSecret.split("_secret_")[0];
    const eventId = `evt_${crypto.randomUUID()}`;
    const refund = signed({
      id: eventId,
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_forged",
          object: "charge",
          payment_intent: intentId,
          amount: 60_000,
          amount_refunded: 60_000,
          currency: "usd",
          refunded: true,
        },
      },
    });
    const response = await t.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: refund.rawBody,
      headers: { "stripe-signature": refund.signature },
    });
    expect(response.status).toBe(200);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "requires_payment", paidCents: 0, refundedCents: 0, paidAt: null });
    const [event] = await t.services.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
    expect(event.problem).toBe("a refund of a payment that never succeeded (it is requires_payment)");
    const mails = await t.services.database.db.select().from(mailOutbox);
    expect(
      mails
        .filter((mail) => mail.subject.includes(order.number))
        .map((mail) => [mail.kind, mail.toAddress, mail.subject]),
    ).toEqual([
      [
        "payment.refused_event",
        t.config.COMPANY_EMAIL,
        `Atelier: a payment event for order ${order.number} was refused`,
      ],
    ]);
    const staffView = (await (await staff.request(`/api/admin/orders/${order.id}`)).json()).data as AdminOrderView;
    expect(staffView.history.at(-1)).toMatchObject({
      cause: "payment_event_refused",
      eventId,
      detail: "a refund of a payment that never succeeded (it is requires_payment)",
    });
  });

  it("pays nothing on an event whose amount or currency is not the payment's, or that names another payment", async () => {
    const first = await placed(buyer);
    const second = await placed(buyer, { items: [logo()] });
    const secretOf = async (id: string) =>
      (await (await buyer.request(`/api/orders/guest/${id}/payment-intent`)).json()).data.clientSecret as string;
    const firstIntent = (await secretOf(first.id)).split("_secret_")[0];
    await secretOf(second.id);
    const [secondCharge] = await t.services.database.db
      .select()
      .from(payments)
      .where(eq(payments.subjectId, second.id));
    const post = (event: { rawBody: string; signature: string }) =>
      t.app.request("/api/webhooks/stripe", {
        method: "POST",
        body: event.rawBody,
        headers: { "stripe-signature": event.signature },
      });
    const succeeded = (object: Record<string, unknown>) =>
      signed({ id: `evt_${crypto.randomUUID()}`, type: "payment_intent.succeeded", data: { object } });
    // One cent received for a $600 charge, or euros: acknowledged, applied to nothing.
    expect(
      (await post(succeeded({ id: firstIntent, amount: 60_000, amount_received: 1, currency: "usd" }))).status,
    ).toBe(200);
    expect(
      (await post(succeeded({ id: firstIntent, amount: 60_000, amount_received: 60_000, currency: "eur" }))).status,
    ).toBe(200);
    // The first order's intent, with metadata naming the second order's payment: only the first can move.
    expect(
      (
        await post(
          succeeded({
            id: `pi_forged_${crypto.randomUUID().slice(0, 8)}`,
            amount: 7_500,
            currency: "usd",
            metadata: { paymentId: secondCharge.id },
          }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await post(
          succeeded({
            id: firstIntent,
            amount: 60_000,
            amount_received: 60_000,
            currency: "usd",
            metadata: { paymentId: secondCharge.id },
          }),
        )
      ).status,
    ).toBe(200);
    expect((await orderRow(first.id)).status).toBe("requires_payment");
    expect((await orderRow(second.id)).status).toBe("requires_payment");
    // Each refusal is kept with the event and in the first order's history, and staff hear of each.
    const [firstCharge] = await t.services.database.db.select().from(payments).where(eq(payments.subjectId, first.id));
    const problems = (
      await t.services.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, firstCharge.id))
    ).map((event) => event.problem);
    expect(problems.sort()).toEqual([
      `its metadata names payment ${secondCharge.id}, not the payment of intent ${firstIntent}`,
      "received 1 USD cents where 60000 USD cents were asked",
      "received 60000 EUR cents where 60000 USD cents were asked",
    ]);
    const history = ((await (await staff.request(`/api/admin/orders/${first.id}`)).json()).data as AdminOrderView)
      .history;
    expect(history.filter((entry) => entry.cause === "payment_event_refused")).toHaveLength(3);
    expect(
      ((await (await staff.request(`/api/admin/orders/${second.id}`)).json()).data as AdminOrderView).history.map(
        (entry) => entry.cause,
      ),
    ).toEqual(["created", "payment_started"]);
    const alerts = (
      await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "payment.refused_event"))
    ).filter((mail) => mail.subject.includes(first.number));
    expect(alerts).toHaveLength(3);
    expect(alerts[0].text).toContain("nothing was changed");
  });

  it("believes an event's metadata for an intent not recorded yet only when the provider says the intent is that payment's", async () => {
    const order = await placed(buyer);
    const { clientSecret } = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    const intentId = clientSecret.split("_secret_")[0];
    const [charge] = await t.services.database.db.select().from(payments).where(eq(payments.subjectId, order.id));
    // As if the server had stopped between creating the intent and recording its id.
    await t.services.database.db.update(payments).set({ providerPaymentId: null }).where(eq(payments.id, charge.id));
    const post = (object: Record<string, unknown>) => {
      const event = signed({ id: `evt_${crypto.randomUUID()}`, type: "payment_intent.succeeded", data: { object } });
      return t.app.request("/api/webhooks/stripe", {
        method: "POST",
        body: event.rawBody,
        headers: { "stripe-signature": event.signature },
      });
    };
    // An intent the provider never made, naming this payment: nothing moves, staff are told.
    const forged = `pi_forged_${crypto.randomUUID().slice(0, 8)}`;
    expect(
      (
        await post({
          id: forged,
          amount: 60_000,
          amount_received: 60_000,
          currency: "usd",
          metadata: { paymentId: charge.id },
        })
      ).status,
    ).toBe(200);
    expect((await orderRow(order.id)).status).toBe("requires_payment");
    const [kept] = await t.services.database.db.select().from(payments).where(eq(payments.id, charge.id));
    expect(kept.providerPaymentId).toBeNull();
    const problems = (
      await t.services.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, charge.id))
    ).map((event) => event.problem);
    expect(problems).toContain(
      `its intent ${forged} names this payment, but the provider does not say it was made for it`,
    );
    // The real intent, which the provider made for this payment: its event pays the order.
    expect(
      (
        await post({
          id: intentId,
          amount: 60_000,
          amount_received: 60_000,
          currency: "usd",
          status: "succeeded",
          metadata: { paymentId: charge.id },
        })
      ).status,
    ).toBe(200);
    expect((await orderRow(order.id)).status).toBe("paid");
    const [bound] = await t.services.database.db.select().from(payments).where(eq(payments.id, charge.id));
    expect(bound.providerPaymentId).toBe(intentId);
  });

  it("refuses a signed event dated more than five minutes ahead, and takes one dated a minute ahead", async () => {
    const post = (rawBody: string, timestamp: number) =>
      t.app.request("/api/webhooks/stripe", {
        method: "POST",
        body: rawBody,
        headers: {
          "stripe-signature": signer.webhooks.generateTestHeaderString({
            payload: rawBody,
            secret: SANDBOX_SECRET,
            timestamp,
          }),
        },
      });
    const event = (id: string) =>
      JSON.stringify({ id, type: "customer.created", data: { object: { id: "cus_1", object: "customer" } } });
    const now = Math.floor(Date.now() / 1000);
    const ahead = await post(event(`evt_${crypto.randomUUID()}`), now + 3600);
    expect(ahead.status).toBe(400);
    expect((await ahead.json()).message).toBe("Invalid webhook signature");
    expect((await post(event(`evt_${crypto.randomUUID()}`), now + 60)).status).toBe(200);
  });

  it("refreshes an order from the provider when the webhook has not arrived", async () => {
    const order = await placed(buyer);
    const { clientSecret } = (await (await buyer.request(`/api/orders/guest/${order.id}/payment-intent`)).json()).data;
    // The sandbox decides the card, but its event is lost on the way.
    const sandbox = t.services.sandbox!;
    sandbox.deliverTo(async () => {});
    try {
      await sandbox.confirmCard(clientSecret, "4242424242424242");
    } finally {
      sandbox.deliverTo((rawBody, signature) => t.services.payments.handleWebhook(rawBody, signature));
    }
    expect((await orderRow(order.id)).status).toBe("requires_payment");
    const refreshed = await buyer.request(`/api/orders/guest/${order.id}/refresh`, { method: "POST" });
    expect((await refreshed.json()).data).toMatchObject({ status: "paid", payment: { brand: "visa", last4: "4242" } });
    expect((await stranger.request(`/api/orders/guest/${order.id}/refresh`, { method: "POST" })).status).toBe(404);
  });

  it("sells a deal with 10 claims left to exactly 10 of 50 concurrent buyers", async () => {
    const deal = await t.services.deals.create(
      {
        titleEn: "Launch Pack",
        titleFr: "Pack lancement",
        descriptionEn: "A launch pack with a logo, a landing page and a week of posts.",
        descriptionFr: "Un pack de lancement : logo, page d'accueil et une semaine de publications.",
        serviceNameEn: "Launch",
        serviceNameFr: "Lancement",
        originalPrice: 20_000,
        discountedPrice: 15_000,
        discountPercentage: 25,
        validFrom: new Date(Date.now() - DAY).toISOString(),
        validUntil: new Date(Date.now() + 10 * DAY).toISOString(),
        claimLimit: 15,
      },
      { claimCount: 5 },
    );
    const line = {
      serviceId: "hot_deal",
      serviceName: "Launch Pack",
      pricingType: "fixed",
      unitPriceCents: 15_000,
      quantity: 1,
      serviceData: { dealId: deal.id },
    };
    const buyers = Array.from({ length: 50 }, () => t.client());
    // Fifty different people: one person may claim the deal once (its limit per person).
    const created = await Promise.all(
      buyers.map(
        async (client, index) => await placed(client, { items: [line], customerEmail: `buyer${index}@example.com` }),
      ),
    );
    expect(created.every((order) => order.totalCents === 15_000 && order.orderItems[0].dealId === deal.id)).toBe(true);
    const results = await Promise.all(
      buyers.map(async (client, index) => {
        const intent = await client.request(`/api/orders/guest/${created[index].id}/payment-intent`);
        if (intent.status !== 200) return { status: intent.status, message: (await intent.json()).message };
        const { clientSecret } = (await intent.json()).data;
        const confirm = await client.request("/api/payments/sandbox/confirm", {
          method: "POST",
          json: { clientSecret, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" },
        });
        return { status: confirm.status, paid: (await confirm.json()).data?.status === "succeeded" };
      }),
    );
    expect(results.filter((result) => result.paid)).toHaveLength(10);
    expect(
      results
        .filter((result) => result.status === 409)
        .every((result) => result.message === "Sorry, Launch Pack is sold out."),
    ).toBe(true);
    const [row] = await t.services.database.db.select().from(hotDeals).where(eq(hotDeals.id, deal.id));
    expect(row.claimCount).toBe(15);
    // Sold out now: a new order for it is refused at creation.
    const late = await placeGuestOrder(t, { body: { items: [line] } });
    expect(late.status).toBe(409);
  });

  it("releases a deal reservation when its payment fails or its time passes, and never charges over the limit", async () => {
    const deal = await t.services.deals.create({
      titleEn: "Last Seat",
      titleFr: "Dernière place",
      descriptionEn: "The last seat of a workshop, at a discount.",
      descriptionFr: "La dernière place d'un atelier, à prix réduit.",
      serviceNameEn: "Workshop",
      serviceNameFr: "Atelier",
      originalPrice: 20_000,
      discountedPrice: 15_000,
      discountPercentage: 25,
      validFrom: new Date(Date.now() - DAY).toISOString(),
      validUntil: new Date(Date.now() + 10 * DAY).toISOString(),
      claimLimit: 1,
    });
    const line = {
      serviceId: "hot_deal",
      serviceName: "Last Seat",
      pricingType: "fixed",
      unitPriceCents: 15_000,
      quantity: 1,
      serviceData: { dealId: deal.id },
    };
    const first = t.client();
    const second = t.client();
    const a = await placed(first, { items: [line], customerEmail: "first@example.com" });
    const b = await placed(second, { items: [line], customerEmail: "second@example.com" });
    expect((await first.request(`/api/orders/guest/${a.id}/payment-intent`)).status).toBe(200);
    const refused = await second.request(`/api/orders/guest/${b.id}/payment-intent`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("Sorry, Last Seat is sold out.");
    expect((await orderRow(b.id)).status).toBe("pending");

    // A's card is declined: its reservation is released and B may pay.
    expect((await payGuestOrder(first, a.id, "4000000000000002")).status).toBe("failed");
    expect((await second.request(`/api/orders/guest/${b.id}/payment-intent`)).status).toBe(200);
    // A tries again: B holds the seat now, so A is refused before any charge.
    expect((await first.request(`/api/orders/guest/${a.id}/payment-intent`)).status).toBe(409);

    // B's reservation expires unpaid: A can reserve the seat after the reservation time.
    const later = new Date(Date.now() + (t.config.DEAL_RESERVATION_MINUTES + 1) * 60_000);
    const answer = await t.services.checkout.startPayment(a.id, later);
    expect(answer.amountCents).toBe(15_000);
    const [row] = await t.services.database.db.select().from(hotDeals).where(eq(hotDeals.id, deal.id));
    expect(row.claimCount).toBe(0);
  });

  it("lets staff list, search, read the history, cancel a pending order and refund a paid one", async () => {
    expect((await buyer.request("/api/admin/orders")).status).toBe(401);
    const pending = await placed(buyer, { customerEmail: "grace@example.com" });
    const { order: paid } = await createGuestOrder(t, {
      client: buyer,
      body: { customerEmail: "grace@example.com" },
      pay: true,
    });

    const list = (await (await staff.request("/api/admin/orders?q=grace@")).json()).data;
    expect(list.items.map((order: OrderView) => order.id)).toEqual([paid.id, pending.id]);
    const byNumber = (await (await staff.request(`/api/admin/orders?q=${pending.number}`)).json()).data;
    expect(byNumber.items.map((order: OrderView) => order.id)).toEqual([pending.id]);
    const paidOnly = (await (await staff.request("/api/admin/orders?status=paid&q=grace")).json()).data;
    expect(paidOnly.items.map((order: OrderView) => order.id)).toEqual([paid.id]);

    const refusedCancel = await staff.request(`/api/admin/orders/${paid.id}/cancel`, { method: "POST" });
    expect(refusedCancel.status).toBe(409);
    expect((await refusedCancel.json()).message).toBe(
      "Only an order nobody has paid can be cancelled: refund it instead.",
    );
    const cancelled = (await (await staff.request(`/api/admin/orders/${pending.id}/cancel`, { method: "POST" })).json())
      .data;
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.history.at(-1)).toMatchObject({
      from: "pending",
      to: "cancelled",
      cause: "cancelled_by_staff",
      actor: staff.user.email,
    });

    const refund = (body: Record<string, unknown>) =>
      staff.request(`/api/admin/orders/${paid.id}/refund`, { method: "POST", json: body });
    expect(((await (await refund({ amountCents: 60_000 })).json()) as { message: string }).message).toBe(
      "A reason is required.",
    );
    expect(
      ((await (await refund({ amountCents: 60_001, reason: "Too much" })).json()) as { message: string }).message,
    ).toBe("You can refund at most $600.00.");
    expect(((await (await refund({ amountCents: 0, reason: "Nothing" })).json()) as { message: string }).message).toBe(
      "Enter an amount to refund, in dollars and cents.",
    );
    const refunded = (await (await refund({ amountCents: 60_000, reason: "The client cancelled the project" })).json())
      .data;
    expect(refunded).toMatchObject({ status: "refunded", paidCents: 60_000, refundedCents: 60_000 });
    expect(refunded.history.map((entry: { cause: string }) => entry.cause)).toEqual([
      "created",
      "payment_started",
      "payment_succeeded",
      "refund_requested",
      "refund_succeeded",
    ]);
    expect(refunded.history.find((entry: { cause: string }) => entry.cause === "refund_requested")).toMatchObject({
      actor: staff.user.email,
      detail: "The client cancelled the project",
    });
    expect(refunded.payments.at(-1)).toMatchObject({
      kind: "refund",
      status: "succeeded",
      amountCents: 60_000,
      reason: "The client cancelled the project",
      actor: staff.user.email,
    });
    const again = await refund({ amountCents: 100, reason: "Again" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(
      "Everything paid on this order has already been refunded, or is being refunded.",
    );
    // The buyer hears of it in the order's language, and the receipt shows it.
    const mails = await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order.refund"));
    expect(mails.find((mail) => mail.text.includes(paid.number))?.subject).toBe(
      `Atelier: refund of $600.00 for order ${paid.number}`,
    );
  });

  it("refunds part of an order with a reason, then the rest; two staff pressing Refund at once never refund more than was paid", async () => {
    const { order } = await createGuestOrder(t, { client: buyer, pay: true });
    const refund = (amountCents: number, reason: string) =>
      staff.request(`/api/admin/orders/${order.id}/refund`, { method: "POST", json: { amountCents, reason } });
    const partial = (await (await refund(10_000, "Logo dropped from the brief")).json()).data;
    expect(partial).toMatchObject({ status: "partially_refunded", paidCents: 60_000, refundedCents: 10_000 });
    const receipt: OrderView = (
      await (await stranger.request(`/api/receipts/${order.receiptUrl.replace("/receipt/", "")}`)).json()
    ).data;
    expect(
      receipt.payments
        .filter((payment) => payment.kind === "refund")
        .map((payment) => [payment.amountCents, payment.status]),
    ).toEqual([[10_000, "succeeded"]]);
    // The reason is staff's: the buyer's receipt does not carry it.
    expect(JSON.stringify(receipt)).not.toContain("Logo dropped");
    // $500 are left: two refunds of $400 at once, one passes.
    const answers = await Promise.all([refund(40_000, "First"), refund(40_000, "Second")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const after: OrderView = (await (await buyer.request(`/api/orders/guest/${order.id}`)).json()).data;
    expect(after).toMatchObject({ status: "partially_refunded", refundedCents: 50_000 });
    const rest = (await (await refund(10_000, "The rest")).json()).data;
    expect(rest).toMatchObject({ status: "refunded", refundedCents: 60_000 });
  });

  it("exports the payments of a range of days as CSV for staff, in the language asked for", async () => {
    const { order } = await createGuestOrder(t, {
      client: buyer,
      body: { customerLastName: "Exported", customerEmail: "ada@example.com" },
      pay: true,
    });
    const refunded = await staff.request(`/api/admin/orders/${order.id}/refund`, {
      method: "POST",
      json: { amountCents: 5_000, reason: "Goodwill" },
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const range = (extra = "") =>
      `/api/admin/payments/export.csv?from=${new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)}${extra}`;
    expect((await buyer.request(range())).status).toBe(401);
    const english = await staff.request(range("&lang=en"));
    expect(english.status).toBe(200);
    expect(english.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(english.headers.get("content-disposition")).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await english.arrayBuffer());
    // A byte order mark first, so that a spreadsheet reads the accents as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.startsWith('"Date (New York time)","Order","Customer"')).toBe(true);
    const line = text.split("\r\n").find((row) => row.includes(order.number));
    expect(line).toMatch(
      /"Ada Exported <ada@example\.com>","Visa •••• 4242","600\.00","50\.00","550\.00","Partly refunded"$/,
    );
    const french = await (await staff.request(range("&lang=fr"))).text();
    expect(french.split("\r\n").find((row) => row.includes(order.number))).toMatch(
      /;"600,00";"50,00";"550,00";"Partiellement remboursé"$/,
    );
    const reversed = await staff.request(`/api/admin/payments/export.csv?from=${today}&to=2020-01-01`);
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).message).toBe("The end date must not be before the start date.");
  });

  it("serves the receipt by signed link (JSON and PDF) and refuses any other token", async () => {
    const { order } = await createGuestOrder(t, { client: buyer, body: { promoCode: "WELCOME10" }, pay: true });
    const token = order.receiptUrl.replace("/receipt/", "");
    const json = await stranger.request(`/api/receipts/${token}`);
    expect(json.status).toBe(200);
    const receipt = (await json.json()).data;
    expect(receipt).toMatchObject({
      id: order.id,
      status: "paid",
      company: { name: "Atelier", address: expect.any(String) },
    });
    expect(Object.keys(receipt.company).sort()).toEqual(["address", "email", "name", "phone", "website"]);
    const pdf = await stranger.request(`/api/receipts/${token}.pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const own = await buyer.request(`/api/orders/guest/${order.id}/receipt.pdf`);
    expect(own.status).toBe(200);
    expect((await stranger.request(`/api/orders/guest/${order.id}/receipt.pdf`)).status).toBe(404);
    const forged = `${order.id}_${"A".repeat(32)}`;
    expect((await stranger.request(`/api/receipts/${forged}`)).status).toBe(404);
    expect((await stranger.request(`/api/receipts/${forged}.pdf`)).status).toBe(404);
  });
});

describe("orders API rate limit", () => {
  it("limits the orders one address creates, and a retried Idempotency-Key does not count", async () => {
    const t = await createTestApp({ ORDERS_PER_ADDRESS: "2", TRUST_PROXY: "true" });
    try {
      await seedReferenceData(t.services, createLogger("silent"));
      const client = t.client();
      // One buyer throughout: a retried key sends the same order again.
      const body = guestCustomer();
      const order = (address: string, key?: string) =>
        placeGuestOrder(t, {
          client,
          body,
          headers: { "x-forwarded-for": address, ...(key ? { "idempotency-key": key } : {}) },
        });
      expect((await order("203.0.113.7", "retry-key-0001")).status).toBe(201);
      expect((await order("203.0.113.7", "retry-key-0001")).status).toBe(201);
      expect((await order("203.0.113.7")).status).toBe(201);
      const refused = await order("203.0.113.7");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await refused.json()).message).toBe(
        "Too many orders from this connection. Please try again in 10 minutes.",
      );
      expect((await order("198.51.100.4")).status).toBe(201);
    } finally {
      await t.close();
    }
    // It opens a database of its own, which takes a while on a busy machine.
  }, 120_000);
});
