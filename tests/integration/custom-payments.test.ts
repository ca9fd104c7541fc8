// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../core/orders/schema.ts";
import { openDatabase } from "../../db/client.server.ts";
import { orderInstalments } from "../../db/schema/instalments.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { orders, sandboxIntents } from "../../db/schema/orders.ts";
import { createLogger } from "../../server/logger.server.ts";
import { createServices } from "../../server/services.server.ts";
import { signInAs } from "../helpers/users.ts";

const SANDBOX_SECRET = "whsec_custom_payments_test_secret";
const DAY = 24 * 3600_000;
const signer = new Stripe("sk_test_signer");
const payer = { customerName: "Ada Lovelace", customerEmail: "ada@example.com" };

describe("custom payments and instalments", () => {
  let t: TestApp;
  let buyer: TestClient;

  const create = (client: TestClient, body: Record<string, unknown>) => client.request("/api/create-custom-payment", { method: "POST", json: { ...payer, ...body } });
  const createPaid = async (body: Record<string, unknown>, cardNumber = "4242 4242 4242 4242") => {
    const response = await create(buyer, body);
    expect(response.status).toBe(201);
    const answer = await response.json();
    const paid = await buyer.request("/api/payments/sandbox/confirm", { method: "POST", json: { clientSecret: answer.clientSecret, cardNumber, expiry: "12 / 40", cvc: "123" } });
    expect(paid.status).toBe(200);
    return { answer, outcome: (await paid.json()).data, orderId: answer.paymentData.orderId as string };
  };
  const order = async (id: string): Promise<OrderView> => (await (await buyer.request(`/api/orders/guest/${id}`)).json()).data;
  const mails = async (kind: string) => (await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).filter((row) => row.toAddress === payer.customerEmail);

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, ORDERS_PER_ADDRESS: "100000" });
    await t.services.jobs.start();
    buyer = t.client();
  }, 120_000);
  afterAll(async () => t.close());

  it("refuses each rule of section 5 with its message and creates nothing", async () => {
    const before = (await t.services.orders.list({})).total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 9.99, paymentPlan: "1time", serviceName: "Logo" }, "Minimum amount is $10"],
      [{ amount: 50_000.01, paymentPlan: "1time", serviceName: "Logo" }, "Maximum amount is $50,000"],
      [{ amount: 10.005, paymentPlan: "1time", serviceName: "Logo" }, "Amount must be in whole cents"],
      [{ amount: 100, paymentPlan: "weekly", serviceName: "Logo" }, "Payment plan must be one of 1time, 2times, 3times or monthly"],
      [{ amount: 100, paymentPlan: "1time", serviceName: " " }, "Service name is required"],
      [{ amount: 100, paymentPlan: "1time", serviceName: "Logo", customerEmail: "nope" }, "Valid email is required"],
    ];
    for (const [body, message] of cases) {
      const response = await create(buyer, body);
      expect(response.status, message).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
    const french = await buyer.request("/api/create-custom-payment", { method: "POST", json: { ...payer, amount: 5, paymentPlan: "1time", serviceName: "Logo" }, headers: { "accept-language": "fr-FR" } });
    expect((await french.json()).message).toBe("Le montant minimum est de 10 $");
    expect((await t.services.orders.list({})).total).toBe(before);
  });

  it("1time: the full amount now, the order paid with its receipt", async () => {
    const { answer, outcome, orderId } = await createPaid({ amount: 250.5, paymentPlan: "1time", serviceName: "Marketing Services" });
    expect(answer.paymentData).toMatchObject({ amount: 250.5, paymentPlan: "1time", serviceName: "Marketing Services" });
    expect(answer.amountCents).toBe(25_050);
    expect(outcome.status).toBe("succeeded");
    const view = await order(orderId);
    expect(view).toMatchObject({ status: "paid", totalCents: 25_050, paymentPlan: "1time" });
    expect(view.schedule.map((entry) => [entry.amountCents, entry.status])).toEqual([[25_050, "paid"]]);
    const [intent] = await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.orderId, orderId));
    expect(intent.saveForLater).toBe(false);
    expect((await mails("order.receipt")).length).toBeGreaterThanOrEqual(1);
  });

  it("3times: a third now, each later third charged once at its date; paid with the last, e-mails for each", async () => {
    const { answer, orderId } = await createPaid({ amount: 100, paymentPlan: "3times", serviceName: "Website" });
    expect(answer.amountCents).toBe(3_334);
    expect(answer.paymentData.schedule.map((entry: { amountCents: number }) => entry.amountCents)).toEqual([3_334, 3_333, 3_333]);
    let view = await order(orderId);
    expect(view.status).toBe("requires_payment");
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "due", "due"]);
    const [row] = await t.services.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.savedPaymentMethod).toMatch(/^pm_sandbox_/);
    const paidMails = () => mails("order.instalment_paid").then((rows) => rows.filter((mail) => mail.text.includes(view.number)));
    expect(await paidMails()).toHaveLength(1);

    // Nothing is due yet.
    expect(await t.services.checkout.schedules.chargeDue(new Date())).toBe(0);
    const created = new Date(view.createdAt).getTime();
    expect(await t.services.checkout.schedules.chargeDue(new Date(created + 32 * DAY))).toBeGreaterThanOrEqual(1);
    view = await order(orderId);
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "paid", "due"]);
    expect(view.status).toBe("requires_payment");
    expect(await paidMails()).toHaveLength(2);
    // A second sweep at the same time charges nothing again.
    await t.services.checkout.schedules.chargeDue(new Date(created + 32 * DAY));
    expect((await order(orderId)).schedule.filter((entry) => entry.status === "paid")).toHaveLength(2);

    await t.services.checkout.schedules.chargeDue(new Date(created + 63 * DAY));
    view = await order(orderId);
    expect(view.status).toBe("paid");
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "paid", "paid"]);
    const receipts = (await mails("order.receipt")).filter((mail) => mail.text.includes(view.number));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain("Payment schedule");
    expect(receipts[0].text).toContain("$33.34");
    const intents = await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.orderId, orderId));
    expect(intents).toHaveLength(3);
  });

  it("a declined later instalment is retried with back-off, e-mailed, and staff can retry it", async () => {
    // Stripe's 4000 0000 0000 0341: the first payment succeeds, later charges of the saved card fail.
    const { orderId } = await createPaid({ amount: 500, paymentPlan: "2times", serviceName: "Logo" }, "4000 0000 0000 0341");
    const view = await order(orderId);
    const created = new Date(view.createdAt).getTime();
    await t.services.checkout.schedules.chargeDue(new Date(created + 32 * DAY));
    let second = (await order(orderId)).schedule[1];
    expect(second).toMatchObject({ status: "failed", attempts: 1, failureMessage: "Your card was declined." });
    // The next attempt a day after the failure was applied (the provider's event, at the real time).
    const firstRetry = new Date(second.nextAttemptAt!).getTime();
    expect(Math.abs(firstRetry - (Date.now() + DAY))).toBeLessThan(60_000);
    const failedMails = (await mails("order.instalment_failed")).filter((mail) => mail.text.includes(view.number));
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0].text).toContain("Your card was declined.");

    // The retry at its time fails again, later.
    expect(await t.services.checkout.schedules.charge({ instalmentId: second.id, attempt: 1 }, new Date(firstRetry - 1000))).toBe("skipped");
    await t.services.checkout.schedules.charge({ instalmentId: second.id, attempt: 1 }, new Date(firstRetry + 1000));
    second = (await order(orderId)).schedule[1];
    expect(second).toMatchObject({ status: "failed", attempts: 2 });
    // Doubled: two days.
    expect(Math.abs(new Date(second.nextAttemptAt!).getTime() - (Date.now() + 2 * DAY))).toBeLessThan(60_000);

    const staff = await signInAs(t, "admin");
    expect((await buyer.request(`/api/admin/orders/${orderId}/instalments/retry`, { method: "POST" })).status).toBe(401);
    const [row] = await t.services.database.db.select().from(orders).where(eq(orders.id, orderId));
    await t.services.checkout.sandbox?.setChargeOutcome(row.savedPaymentMethod!, "succeeded");
    const retried = await staff.request(`/api/admin/orders/${orderId}/instalments/retry`, { method: "POST" });
    expect(retried.status).toBe(200);
    const after = (await retried.json()).data;
    expect(after.status).toBe("paid");
    expect(after.schedule.map((entry: { status: string }) => entry.status)).toEqual(["paid", "paid"]);
    expect(after.history.map((entry: { cause: string }) => entry.cause)).toEqual(expect.arrayContaining(["instalment_failed", "instalment_retried", "payment_succeeded"]));
    const nothing = await staff.request(`/api/admin/orders/${orderId}/instalments/retry`, { method: "POST" });
    expect(nothing.status).toBe(409);
    expect((await nothing.json()).message).toBe("This order has no failed instalment to retry.");
    const refund = await staff.request(`/api/admin/orders/${orderId}/refund`, { method: "POST" });
    expect(refund.status).toBe(409);
    expect((await refund.json()).message).toBe("An order paid in instalments is refunded payment by payment from the payment provider's dashboard.");
  });

  it("staff cancel what remains; a monthly plan is paid at once and plans the next month", async () => {
    const staff = await signInAs(t, "admin");
    const { orderId } = await createPaid({ amount: 300, paymentPlan: "3times", serviceName: "Video" });
    const cancelled = await staff.request(`/api/admin/orders/${orderId}/instalments/cancel`, { method: "POST" });
    expect(cancelled.status).toBe(200);
    const view = (await cancelled.json()).data;
    expect(view.status).toBe("cancelled");
    expect(view.schedule.map((entry: { status: string }) => entry.status)).toEqual(["paid", "cancelled", "cancelled"]);
    await t.services.checkout.schedules.chargeDue(new Date(Date.now() + 90 * DAY));
    expect((await order(orderId)).schedule.map((entry) => entry.status)).toEqual(["paid", "cancelled", "cancelled"]);

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
    const stopped = (await stop.json()).data;
    expect(stopped.status).toBe("paid");
    expect(stopped.schedule.map((entry: { status: string }) => entry.status)).toEqual(["paid", "paid", "cancelled"]);
  });

  it("a redelivered or late event changes nothing; a first payment declined can be tried again", async () => {
    const response = await create(buyer, { amount: 120, paymentPlan: "2times", serviceName: "Logo" });
    const answer = await response.json();
    const declined = await buyer.request("/api/payments/sandbox/confirm", { method: "POST", json: { clientSecret: answer.clientSecret, cardNumber: "4000 0000 0000 0002", expiry: "12 / 40", cvc: "123" } });
    expect((await declined.json()).data).toMatchObject({ status: "failed", message: "Your card was declined." });
    let view = await order(answer.paymentData.orderId);
    expect(view.status).toBe("failed");
    expect(view.schedule[0].status).toBe("failed");
    const intent = await buyer.request(`/api/orders/guest/${view.id}/payment-intent`);
    const { clientSecret } = (await intent.json()).data;
    const ok = await buyer.request("/api/payments/sandbox/confirm", { method: "POST", json: { clientSecret, cardNumber: "4242424242424242", expiry: "12 / 40", cvc: "123" } });
    expect((await ok.json()).data.status).toBe("succeeded");
    view = await order(view.id);
    expect(view.status).toBe("requires_payment");
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "due"]);

    // A failure event for the paid instalment, late, and the same event twice: nothing moves.
    const [first] = await t.services.database.db.select().from(orderInstalments).where(eq(orderInstalments.orderId, view.id)).orderBy(orderInstalments.position);
    const rawBody = JSON.stringify({
      id: "evt_late_failure_1",
      object: "event",
      type: "payment_intent.payment_failed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: first.intentId, object: "payment_intent", metadata: { orderId: view.id, instalmentId: String(first.id) }, last_payment_error: { message: "Your card was declined." } } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: SANDBOX_SECRET });
    for (let i = 0; i < 2; i++) {
      const delivered = await buyer.request("/api/webhooks/stripe", { method: "POST", body: rawBody, headers: { "stripe-signature": signature, "content-type": "application/json" } });
      expect(delivered.status).toBe(200);
      expect((await delivered.json()).duplicate).toBe(i === 1);
    }
    view = await order(view.id);
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "due"]);
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
    const intents = await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.orderId, orderId));
    expect(intents).toHaveLength(2);
    const after = await order(orderId);
    expect(after.status).toBe("paid");
    expect(after.schedule.map((entry) => [entry.status, entry.attempts])).toEqual([
      ["paid", 0],
      ["paid", 1],
    ]);
  });
});
