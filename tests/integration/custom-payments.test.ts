// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderView, OrderView } from "../../core/orders/schema.ts";
import { openDatabase } from "../../db/client.server.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { sandboxIntents } from "../../db/schema/payments.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createServices } from "../../server/services.server.ts";
import { signInAs } from "../helpers/factories.ts";

const SANDBOX_SECRET = "whsec_custom_payments_test_secret";
const DAY = 24 * 3600_000;
const signer = new Stripe("sk_test_signer");
const payer = { customerName: "Ada Lovelace", customerEmail: "ada@example.com" };

describe("custom payments and instalments", () => {
  let t: TestApp;
  let buyer: TestClient;
  let staff: Awaited<ReturnType<typeof signInAs>>;

  const create = (client: TestClient, body: Record<string, unknown>) =>
    client.request("/api/create-custom-payment", { method: "POST", json: { ...payer, ...body } });
  const confirm = (clientSecret: string, cardNumber = "4242 4242 4242 4242") =>
    buyer.request("/api/payments/sandbox/confirm", {
      method: "POST",
      json: { clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" },
    });
  const createPaid = async (body: Record<string, unknown>, cardNumber = "4242 4242 4242 4242") => {
    const response = await create(buyer, body);
    expect(response.status).toBe(201);
    const answer = await response.json();
    const paid = await confirm(answer.clientSecret, cardNumber);
    expect(paid.status).toBe(200);
    return { answer, outcome: (await paid.json()).data, orderId: answer.paymentData.orderId as string };
  };
  const order = async (id: string): Promise<OrderView> =>
    (await (await buyer.request(`/api/orders/guest/${id}`)).json()).data;
  const charges = async (id: string) =>
    (await t.services.payments.ofSubject(id)).filter((row) => row.kind === "charge");
  const mails = async (kind: string, number: string) =>
    (
      await t.services.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, kind))
        .orderBy(asc(mailOutbox.id))
    ).filter((row) => row.toAddress === payer.customerEmail && row.text.includes(number));
  const refund = (id: string, body: Record<string, unknown>) =>
    staff.request(`/api/admin/orders/${id}/refund`, { method: "POST", json: body });
  const webhook = (event: Record<string, unknown>) => {
    const rawBody = JSON.stringify({ object: "event", created: Math.floor(Date.now() / 1000), ...event });
    return buyer.request("/api/webhooks/stripe", {
      method: "POST",
      body: rawBody,
      headers: {
        "stripe-signature": signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: SANDBOX_SECRET }),
        "content-type": "application/json",
      },
    });
  };

  beforeAll(async () => {
    t = await createTestApp({
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      ORDERS_PER_ADDRESS: "100000",
      HOLDS_PER_ADDRESS: "100000",
    });
    await t.services.jobs.start();
    buyer = t.client();
    staff = await signInAs(t, "admin");
  }, 120_000);
  afterAll(async () => t.close());

  it("refuses each rule of section 5 with its message and creates nothing", async () => {
    const before = (await t.services.orders.list({})).total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 9.99, paymentPlan: "1time", serviceName: "Logo" }, "Minimum amount is $10"],
      [{ amount: 50_000.01, paymentPlan: "1time", serviceName: "Logo" }, "Maximum amount is $50,000"],
      [{ amount: 10.005, paymentPlan: "1time", serviceName: "Logo" }, "Amount must be in whole cents"],
      [
        { amount: 100, paymentPlan: "weekly", serviceName: "Logo" },
        "Payment plan must be one of 1time, 2times, 3times or monthly",
      ],
      [{ amount: 100, paymentPlan: "1time", serviceName: " " }, "Service name is required"],
      [{ amount: 100, paymentPlan: "1time", serviceName: "Logo", customerEmail: "nope" }, "Valid email is required"],
    ];
    for (const [body, message] of cases) {
      const response = await create(buyer, body);
      expect(response.status, message).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
    const french = await buyer.request("/api/create-custom-payment", {
      method: "POST",
      json: { ...payer, amount: 5, paymentPlan: "1time", serviceName: "Logo" },
      headers: { "accept-language": "fr-FR" },
    });
    expect((await french.json()).message).toBe("Le montant minimum est de 10 $");
    expect((await t.services.orders.list({})).total).toBe(before);
  });

  it("counts each custom payment against the address's budget of orders: past it, a translated 429 with Retry-After creates no order", async () => {
    const small = await createTestApp({
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      ORDERS_PER_ADDRESS: "2",
      TRUST_PROXY: "true",
    });
    try {
      const client = small.client();
      const send = (headers: Record<string, string> = {}) =>
        client.request("/api/create-custom-payment", {
          method: "POST",
          json: { ...payer, amount: 120, paymentPlan: "1time", serviceName: "Logo" },
          headers: { "x-forwarded-for": "203.0.113.91", ...headers },
        });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("600");
      expect(await refused.json()).toMatchObject({
        code: "rate_limited",
        message: "Too many orders from this connection. Please try again in 10 minutes.",
      });
      const french = await send({ "accept-language": "fr-FR" });
      expect(french.status).toBe(429);
      expect((await french.json()).message).toBe(
        "Trop de commandes depuis cette connexion. Veuillez réessayer dans 10 minutes.",
      );
      expect((await small.services.orders.list({})).total).toBe(2);
      // Another connection is not held back.
      expect((await send({ "x-forwarded-for": "198.51.100.91" })).status).toBe(201);
    } finally {
      await small.close();
    }
  });

  it("1time: the full amount now, the order paid with its receipt, the card not kept", async () => {
    const { answer, outcome, orderId } = await createPaid({
      amount: 250.5,
      paymentPlan: "1time",
      serviceName: "Marketing Services",
    });
    expect(answer.paymentData).toMatchObject({
      amount: 250.5,
      paymentPlan: "1time",
      serviceName: "Marketing Services",
    });
    expect(answer.amountCents).toBe(25_050);
    expect(outcome.status).toBe("succeeded");
    const view = await order(orderId);
    expect(view).toMatchObject({ status: "paid", totalCents: 25_050, paidCents: 25_050, paymentPlan: "1time" });
    expect(view.orderItems.map((item) => [item.serviceName, item.lineTotalCents])).toEqual([
      ["Marketing Services", 25_050],
    ]);
    expect(view.schedule.map((entry) => [entry.amountCents, entry.status])).toEqual([[25_050, "paid"]]);
    const [charge] = await charges(orderId);
    expect(charge.savedMethodId).toBeNull();
    const [intent] = await t.services.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, charge.providerPaymentId!));
    expect(intent.saveForLater).toBe(false);
    expect(await mails("order.receipt", view.number)).toHaveLength(1);
  });

  it("3times: a third now, each later third charged once at its date; partly paid until the last, e-mails for each", async () => {
    const { answer, orderId } = await createPaid({ amount: 100, paymentPlan: "3times", serviceName: "Website" });
    expect(answer.amountCents).toBe(3_334);
    expect(answer.paymentData.schedule.map((entry: { amountCents: number }) => entry.amountCents)).toEqual([
      3_334, 3_333, 3_333,
    ]);
    let view = await order(orderId);
    expect(view).toMatchObject({ status: "partially_paid", paidCents: 3_334 });
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "due", "due"]);
    const [first] = await charges(orderId);
    expect(first.savedMethodId).toMatch(/^pm_sandbox_/);
    expect(await mails("order.instalment_paid", view.number)).toHaveLength(1);
    expect(await mails("order.receipt", view.number)).toHaveLength(0);

    // Nothing is due yet.
    expect(await t.services.checkout.schedules.chargeDue(new Date())).toBe(0);
    const created = new Date(view.createdAt).getTime();
    expect(await t.services.checkout.schedules.chargeDue(new Date(created + 32 * DAY))).toBeGreaterThanOrEqual(1);
    view = await order(orderId);
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "paid", "due"]);
    expect(view).toMatchObject({ status: "partially_paid", paidCents: 6_667 });
    expect(await mails("order.instalment_paid", view.number)).toHaveLength(2);
    // A second sweep at the same time charges nothing again.
    await t.services.checkout.schedules.chargeDue(new Date(created + 32 * DAY));
    expect((await order(orderId)).schedule.filter((entry) => entry.status === "paid")).toHaveLength(2);

    await t.services.checkout.schedules.chargeDue(new Date(created + 63 * DAY));
    view = await order(orderId);
    expect(view).toMatchObject({ status: "paid", paidCents: 10_000 });
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "paid", "paid"]);
    const receipts = await mails("order.receipt", view.number);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain("Payment schedule");
    expect(receipts[0].text).toContain("$33.34");
    expect((await charges(orderId)).map((charge) => [charge.part, charge.status, charge.amountCents])).toEqual(
      view.schedule.map((entry) => [entry.id, "succeeded", entry.amountCents]),
    );
  });

  it("a declined later instalment is retried with back-off, e-mailed, and staff can retry it", async () => {
    // Stripe's 4000 0000 0000 0341: the first payment succeeds, later charges of the saved card fail.
    const { orderId } = await createPaid(
      { amount: 500, paymentPlan: "2times", serviceName: "Logo" },
      "4000 0000 0000 0341",
    );
    const view = await order(orderId);
    const created = new Date(view.createdAt).getTime();
    await t.services.checkout.schedules.chargeDue(new Date(created + 32 * DAY));
    let second = (await order(orderId)).schedule[1];
    expect(second).toMatchObject({ status: "failed", attempts: 1, failureMessage: "Your card was declined." });
    // The next attempt a day after the failure was applied (the provider's event, at the real time).
    const firstRetry = new Date(second.nextAttemptAt!).getTime();
    expect(Math.abs(firstRetry - (Date.now() + DAY))).toBeLessThan(60_000);
    expect((await order(orderId)).status).toBe("partially_paid");
    const failedMails = await mails("order.instalment_failed", view.number);
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0].text).toContain("Your card was declined.");

    // The retry at its time fails again, later.
    expect(
      await t.services.checkout.schedules.charge({ instalmentId: second.id, attempt: 1 }, new Date(firstRetry - 1000)),
    ).toBe("skipped");
    await t.services.checkout.schedules.charge({ instalmentId: second.id, attempt: 1 }, new Date(firstRetry + 1000));
    second = (await order(orderId)).schedule[1];
    expect(second).toMatchObject({ status: "failed", attempts: 2 });
    // Doubled: two days.
    expect(Math.abs(new Date(second.nextAttemptAt!).getTime() - (Date.now() + 2 * DAY))).toBeLessThan(60_000);

    expect((await buyer.request(`/api/admin/orders/${orderId}/instalments/retry`, { method: "POST" })).status).toBe(
      401,
    );
    const [first] = await charges(orderId);
    await t.services.sandbox!.setChargeOutcome(first.savedMethodId!, "succeeded");
    const retried = await staff.request(`/api/admin/orders/${orderId}/instalments/retry`, { method: "POST" });
    expect(retried.status).toBe(200);
    const after: AdminOrderView = (await retried.json()).data;
    expect(after).toMatchObject({ status: "paid", paidCents: 50_000 });
    expect(after.schedule.map((entry) => entry.status)).toEqual(["paid", "paid"]);
    expect(after.history.map((entry) => entry.cause)).toEqual(
      expect.arrayContaining(["instalment_failed", "instalment_retried", "payment_succeeded"]),
    );
    // Three charges of the second instalment: two declined, one paid.
    expect(
      (await charges(orderId)).filter((charge) => charge.part === second.id).map((charge) => charge.status),
    ).toEqual(["failed", "failed", "succeeded"]);
    const nothing = await staff.request(`/api/admin/orders/${orderId}/instalments/retry`, { method: "POST" });
    expect(nothing.status).toBe(409);
    expect((await nothing.json()).message).toBe("This order has no failed instalment to retry.");
  });

  it("refunds part of what an instalment plan paid and cancels the rest of its schedule in the same action; later the rest of the money", async () => {
    const { orderId } = await createPaid({ amount: 300, paymentPlan: "3times", serviceName: "Video" });
    const number = (await order(orderId)).number;
    expect((await refund(orderId, { amountCents: 10_001, reason: "Too much", cancelRemaining: true })).status).toBe(
      400,
    );
    // Nothing changed by the refused request: the schedule still runs.
    expect((await order(orderId)).schedule.map((entry) => entry.status)).toEqual(["paid", "due", "due"]);

    const response = await refund(orderId, {
      amountCents: 4_000,
      reason: "The client stops after the first cut",
      cancelRemaining: true,
    });
    expect(response.status).toBe(200);
    const view: AdminOrderView = (await response.json()).data;
    expect(view).toMatchObject({ status: "partially_refunded", paidCents: 10_000, refundedCents: 4_000 });
    expect(view.cancelledAt).not.toBeNull();
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "cancelled", "cancelled"]);
    expect(
      view.payments
        .filter((payment) => payment.kind === "refund")
        .map((payment) => [payment.amountCents, payment.status, payment.reason, payment.actor]),
    ).toEqual([[4_000, "succeeded", "The client stops after the first cut", staff.user.email]]);
    expect(view.history.map((entry) => entry.cause)).toEqual(
      expect.arrayContaining(["refund_requested", "schedule_cancelled", "refund_succeeded"]),
    );
    // Nothing more is charged, whenever the sweep runs.
    await t.services.checkout.schedules.chargeDue(new Date(Date.now() + 90 * DAY));
    expect(await charges(orderId)).toHaveLength(1);
    expect((await mails("order.refund", number)).map((mail) => mail.subject)).toEqual([
      `Atelier: refund of $40.00 for order ${number}`,
    ]);

    // The rest of what was paid: refunded in full; then nothing is left to refund.
    const tooMuch = await refund(orderId, { amountCents: 6_001, reason: "All of it" });
    expect((await tooMuch.json()).message).toBe("You can refund at most $60.00.");
    const rest = (await (await refund(orderId, { amountCents: 6_000, reason: "All of it" })).json()).data;
    expect(rest).toMatchObject({ status: "refunded", paidCents: 10_000, refundedCents: 10_000 });
    const again = await refund(orderId, { amountCents: 100, reason: "Again" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(
      "Everything paid on this order has already been refunded, or is being refunded.",
    );
    // The buyer's receipt shows both refunds, without staff's reasons.
    const receipt: OrderView = (
      await (await t.client().request(`/api/receipts/${rest.receiptUrl.replace("/receipt/", "")}`)).json()
    ).data;
    expect(receipt.payments.map((payment) => [payment.kind, payment.amountCents, payment.status])).toEqual([
      ["charge", 10_000, "succeeded"],
      ["refund", 4_000, "succeeded"],
      ["refund", 6_000, "succeeded"],
    ]);
    expect(JSON.stringify(receipt)).not.toContain("first cut");
  });

  it("a refund of an instalment plan without cancelling leaves its schedule running; the most recent payment is given back first", async () => {
    const { orderId } = await createPaid({ amount: 80, paymentPlan: "2times", serviceName: "Logo" });
    const view = await order(orderId);
    await t.services.checkout.schedules.chargeDue(new Date(new Date(view.createdAt).getTime() + 32 * DAY));
    expect((await order(orderId)).status).toBe("paid");
    const refunded: AdminOrderView = (
      await (await refund(orderId, { amountCents: 5_000, reason: "Discount agreed after delivery" })).json()
    ).data;
    expect(refunded).toMatchObject({
      status: "partially_refunded",
      paidCents: 8_000,
      refundedCents: 5_000,
      cancelledAt: null,
    });
    expect(refunded.schedule.map((entry) => entry.status)).toEqual(["paid", "paid"]);
    const [first, second] = refunded.payments.filter((payment) => payment.kind === "charge");
    // Both refunds are recorded in one transaction: compared by charge, not by position.
    const given = Object.fromEntries(
      refunded.payments
        .filter((payment) => payment.kind === "refund")
        .map((payment) => [payment.refundOf, payment.amountCents]),
    );
    expect(given).toEqual({ [second.id]: 4_000, [first.id]: 1_000 });
    // One e-mail per refund, each in the order's language.
    expect((await mails("order.refund", view.number)).map((mail) => mail.subject).sort()).toEqual([
      `Atelier: refund of $10.00 for order ${view.number}`,
      `Atelier: refund of $40.00 for order ${view.number}`,
    ]);
  });

  it("staff cancel what remains; a monthly plan is paid at once and plans the next month", async () => {
    const { orderId } = await createPaid({ amount: 300, paymentPlan: "3times", serviceName: "Video" });
    const cancelled = await staff.request(`/api/admin/orders/${orderId}/instalments/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    const view: AdminOrderView = (await cancelled.json()).data;
    expect(view).toMatchObject({ status: "cancelled", paidCents: 10_000 });
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "cancelled", "cancelled"]);
    await t.services.checkout.schedules.chargeDue(new Date(Date.now() + 90 * DAY));
    expect((await order(orderId)).schedule.map((entry) => entry.status)).toEqual(["paid", "cancelled", "cancelled"]);
    const twice = await staff.request(`/api/admin/orders/${orderId}/instalments/cancel`, { method: "POST" });
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe("This order has no instalment left to cancel.");

    const monthly = await createPaid({ amount: 99.99, paymentPlan: "monthly", serviceName: "Social Media" });
    let plan = await order(monthly.orderId);
    expect(plan.status).toBe("paid");
    expect(plan.schedule.map((entry) => [entry.position, entry.amountCents, entry.status])).toEqual([
      [1, 9_999, "paid"],
      [2, 9_999, "due"],
    ]);
    await t.services.checkout.schedules.chargeDue(new Date(new Date(plan.schedule[1].dueAt).getTime() + 1000));
    plan = await order(monthly.orderId);
    expect(plan.schedule.map((entry) => entry.status)).toEqual(["paid", "paid", "due"]);
    const stop = await staff.request(`/api/admin/orders/${monthly.orderId}/instalments/cancel`, { method: "POST" });
    const stopped: AdminOrderView = (await stop.json()).data;
    expect(stopped.status).toBe("paid");
    expect(stopped.schedule.map((entry) => entry.status)).toEqual(["paid", "paid", "cancelled"]);
  });

  it("a first payment declined shows failed and can be tried again; a redelivered or late event changes nothing", async () => {
    const response = await create(buyer, { amount: 120, paymentPlan: "2times", serviceName: "Logo" });
    const answer = await response.json();
    const declined = await confirm(answer.clientSecret, "4000 0000 0000 0002");
    expect((await declined.json()).data).toMatchObject({ status: "failed", message: "Your card was declined." });
    let view = await order(answer.paymentData.orderId);
    expect(view).toMatchObject({ status: "failed", failureMessage: "Your card was declined.", paidCents: 0 });
    expect(view.schedule[0]).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    const intent = await buyer.request(`/api/orders/guest/${view.id}/payment-intent`);
    const { clientSecret } = (await intent.json()).data;
    // The same charge is tried again: never a second intent for the same instalment.
    expect(clientSecret).toBe(answer.clientSecret);
    expect((await (await confirm(clientSecret)).json()).data.status).toBe("succeeded");
    view = await order(view.id);
    expect(view).toMatchObject({ status: "partially_paid", failureMessage: null });
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "due"]);

    // A failure event for the paid instalment, late, and the same event twice: nothing moves.
    const [first] = await charges(view.id);
    const failure = {
      id: `evt_late_failure_${crypto.randomUUID()}`,
      type: "payment_intent.payment_failed",
      data: {
        object: {
          id: first.providerPaymentId,
          object: "payment_intent",
          amount: first.amountCents,
          currency: "usd",
          metadata: { paymentId: first.id },
          last_payment_error: { message: "Your card was declined." },
        },
      },
    };
    for (const duplicate of [false, true]) {
      const delivered = await webhook(failure);
      expect(delivered.status).toBe(200);
      expect((await delivered.json()).duplicate).toBe(duplicate);
    }
    // The success delivered again under another id (Stripe retries with the same id; a replay of the sandbox's gets a new one): once.
    const success = {
      id: `evt_again_${crypto.randomUUID()}`,
      type: "payment_intent.succeeded",
      data: {
        object: {
          id: first.providerPaymentId,
          object: "payment_intent",
          amount: first.amountCents,
          amount_received: first.amountCents,
          currency: "usd",
          metadata: { paymentId: first.id },
        },
      },
    };
    expect((await webhook(success)).status).toBe(200);
    view = await order(view.id);
    expect(view).toMatchObject({ status: "partially_paid", paidCents: 6_000 });
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "due"]);
    expect(await mails("order.instalment_paid", view.number)).toHaveLength(1);
  });

  it("ends refunded when the refund's event overtakes the instalment's payment event", async () => {
    const response = await create(buyer, { amount: 200, paymentPlan: "2times", serviceName: "Logo" });
    const answer = await response.json();
    const orderId: string = answer.paymentData.orderId;
    const [charge] = await charges(orderId);
    const intentId = charge.providerPaymentId!;
    // The provider has the instalment paid (its own records say so), and its event comes late.
    await t.services.database.db
      .update(sandboxIntents)
      .set({ status: "succeeded" })
      .where(eq(sandboxIntents.id, intentId));
    const refunded = {
      id: `evt_${crypto.randomUUID()}`,
      type: "charge.refunded",
      data: {
        object: {
          id: `ch_${intentId}`,
          object: "charge",
          payment_intent: intentId,
          amount: 10_000,
          amount_refunded: 10_000,
          currency: "usd",
          refunded: true,
        },
      },
    };
    const paid = {
      id: `evt_${crypto.randomUUID()}`,
      type: "payment_intent.succeeded",
      data: {
        object: {
          id: intentId,
          object: "payment_intent",
          amount: 10_000,
          amount_received: 10_000,
          currency: "usd",
          metadata: { paymentId: charge.id },
        },
      },
    };
    for (const event of [refunded, paid, refunded]) expect((await webhook(event)).status).toBe(200);
    const view = await order(orderId);
    expect(view).toMatchObject({ status: "refunded", paidCents: 10_000, refundedCents: 10_000 });
    expect(view.schedule[0].status).toBe("paid");
    expect(
      view.payments.map((payment) => [payment.kind, payment.status, payment.amountCents, payment.automatic]),
    ).toEqual([
      ["charge", "succeeded", 10_000, null],
      ["refund", "succeeded", 10_000, "outside"],
    ]);
  });

  it("charges a due instalment once when two servers' runners race for it", async () => {
    const { orderId } = await createPaid({ amount: 80, paymentPlan: "2times", serviceName: "Logo" });
    const view = await order(orderId);
    const when = new Date(new Date(view.createdAt).getTime() + 32 * DAY);
    const second = view.schedule[1];
    const url = t.services.database.url;
    // With PostgreSQL, a second app instance on the same database; with PGlite, two runners in one.
    const other = url ? createServices(await openDatabase({ url }), t.config, createLogger("silent")) : t.services;
    try {
      const results = await Promise.all([
        t.services.checkout.schedules.charge({ instalmentId: second.id, attempt: 0 }, when),
        other.checkout.schedules.charge({ instalmentId: second.id, attempt: 0 }, when),
        other.checkout.schedules.charge({ instalmentId: second.id, attempt: 0 }, when),
      ]);
      expect(results.filter((result) => result === "charged")).toHaveLength(1);
    } finally {
      if (other !== t.services) await other.database.close();
    }
    expect(await charges(orderId)).toHaveLength(2);
    const after = await order(orderId);
    expect(after).toMatchObject({ status: "paid", paidCents: 8_000 });
    expect(after.schedule.map((entry) => [entry.status, entry.attempts])).toEqual([
      ["paid", 0],
      ["paid", 1],
    ]);
  });
});
