// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../core/orders/schema.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { bankAccounts, payments } from "../../db/schema/payments.ts";
import { plans } from "../../db/schema/subscriptions.ts";
import { users } from "../../db/schema/users.ts";
import { signInAs } from "../helpers/factories.ts";
import Stripe from "stripe";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe.ts";

const DAY = 24 * 3600_000;

describe("instalments and bank transfers with Stripe (against a local fake of Stripe's API)", () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let buyer: TestClient;

  const webhook = (event: { rawBody: string; signature: string }) =>
    t.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: event.rawBody,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });
  const order = async (id: string): Promise<OrderView> =>
    (await (await buyer.request(`/api/orders/guest/${id}`)).json()).data;
  /** An order's payments (charges and refunds), oldest first. */
  const charges = (id: string) => t.services.payments.ofSubject(id);
  const mails = async (kind: string, number: string) =>
    (await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).filter((mail) =>
      mail.text.includes(number),
    );

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ORDERS_PER_ADDRESS: "100000",
      HOLDS_PER_ADDRESS: "100000",
    });
    buyer = t.client();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("saves the card for later with the first instalment, charges the next off-session once, declines included, and refunds across both charges", async () => {
    const response = await buyer.request("/api/create-custom-payment", {
      method: "POST",
      json: {
        amount: 200,
        paymentPlan: "2times",
        serviceName: "Website",
        customerName: "Ada Lovelace",
        customerEmail: "ada@example.com",
      },
    });
    expect(response.status).toBe(201);
    const answer = await response.json();
    const orderId: string = answer.paymentData.orderId;
    expect(answer).toMatchObject({ provider: "stripe", amountCents: 10_000 });
    const customer = stripe.requests.find((request) => request.path === "/v1/customers");
    expect(customer?.form).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace" });
    const [first] = await charges(orderId);
    const created = stripe.requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/payment_intents",
    );
    expect(created.at(-1)?.form).toMatchObject({
      amount: "10000",
      currency: "usd",
      setup_future_usage: "off_session",
      "metadata[paymentId]": first.id,
    });
    expect(created.at(-1)?.idempotencyKey).toBe(`charge-${first.id}`);
    expect(first.part).toBe(answer.paymentData.schedule[0].id);

    // Stripe.js confirms the card in the browser; Stripe's webhook tells the server.
    const intentId = first.providerPaymentId!;
    stripe.confirm(intentId, "succeeded");
    expect((await webhook(stripe.webhook(intentId))).status).toBe(200);
    let view = await order(orderId);
    expect(view).toMatchObject({ status: "partially_paid", paidCents: 10_000 });
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "due"]);
    const [saved] = await charges(orderId);
    expect(saved.savedMethodId).toMatch(/^pm_/);
    expect(saved.providerCustomerId).toMatch(/^cus_/);

    // The saved card is declined off-session: failed, retry planned, no second charge for the same attempt.
    stripe.declining.add(saved.savedMethodId!);
    const when = new Date(new Date(view.createdAt).getTime() + 32 * DAY);
    await t.services.checkout.schedules.chargeDue(when);
    // A second runner of the same attempt's job charges nothing.
    expect(
      await t.services.checkout.schedules.charge({ instalmentId: answer.paymentData.schedule[1].id, attempt: 0 }, when),
    ).toBe("skipped");
    view = await order(orderId);
    expect(view.schedule[1]).toMatchObject({
      status: "failed",
      attempts: 1,
      failureMessage: "Your card was declined.",
    });
    expect(view).toMatchObject({ status: "partially_paid", paidCents: 10_000 });
    const offSession = stripe.requests.filter(
      (request) => request.path === "/v1/payment_intents" && request.form.off_session === "true",
    );
    expect(offSession).toHaveLength(1);
    expect(offSession[0].form).toMatchObject({
      amount: "10000",
      confirm: "true",
      payment_method: saved.savedMethodId,
      customer: saved.providerCustomerId,
      "metadata[paymentId]": expect.any(String),
    });
    expect(offSession[0].idempotencyKey).toBe(`instalment-${view.schedule[1].id}-1`);

    stripe.declining.delete(saved.savedMethodId!);
    await t.services.checkout.schedules.chargeDue(new Date(new Date(view.schedule[1].nextAttemptAt!).getTime() + 1000));
    view = await order(orderId);
    expect(view).toMatchObject({ status: "paid", paidCents: 20_000 });
    expect(view.schedule.map((entry) => entry.status)).toEqual(["paid", "paid"]);

    // $150 refunded: the last payment's $100 first, then $50 of the first, each on its own intent.
    const staff = await signInAs(t, "admin");
    const refunded = await staff.request(`/api/admin/orders/${orderId}/refund`, {
      method: "POST",
      json: { amountCents: 15_000, reason: "Half the pages dropped" },
    });
    expect(refunded.status).toBe(200);
    expect((await refunded.json()).data).toMatchObject({
      status: "partially_refunded",
      paidCents: 20_000,
      refundedCents: 15_000,
    });
    const paidCharges = (await charges(orderId)).filter((row) => row.kind === "charge" && row.status === "succeeded");
    const refunds = (await charges(orderId)).filter((row) => row.kind === "refund");
    const byIntent = new Map(paidCharges.map((row) => [row.id, row.providerPaymentId]));
    const madeAtStripe = stripe.refunds.filter((entry) => [...byIntent.values()].includes(entry.payment_intent));
    expect(madeAtStripe.map((entry) => [entry.payment_intent, entry.amount, entry.metadata.refundId]).sort()).toEqual(
      refunds.map((row) => [byIntent.get(row.refundOf!), row.amountCents, row.id]).sort(),
    );
    expect(madeAtStripe.map((entry) => [entry.payment_intent, entry.amount])).toEqual([
      [paidCharges.find((row) => row.part === view.schedule[1].id)!.providerPaymentId, 10_000],
      [intentId, 5_000],
    ]);
  });

  it("debits a saved bank account with the online mandate: processing (and e-mailed) until the bank answers, paid then, or failed with the bank's reason", async () => {
    const verified = await buyer.request("/api/verify-bank-account", {
      method: "POST",
      json: {
        accountHolderName: "Ada Lovelace",
        customerEmail: "ada@example.com",
        routingNumber: "110000000",
        accountNumber: "000123456789",
      },
    });
    expect(verified.status).toBe(200);
    const { bankAccountId } = await verified.json();
    const method = stripe.requests.find((request) => request.path === "/v1/payment_methods");
    expect(method?.form).toMatchObject({
      type: "us_bank_account",
      "us_bank_account[routing_number]": "110000000",
      "us_bank_account[account_holder_type]": "individual",
      "billing_details[email]": "ada@example.com",
    });
    const saved = [...stripe.paymentMethods.values()].find((entry) => entry.type === "us_bank_account")!;
    expect(saved.customer).toMatch(/^cus_/);

    const pay = async (amount: number) => {
      const paid = await buyer.request("/api/create-ach-payment", {
        method: "POST",
        json: { amount, customerEmail: "ada@example.com", customerName: "Ada Lovelace", bankAccountId },
        headers: { "user-agent": "Test browser 1.0" },
      });
      expect(paid.status).toBe(200);
      const { orderId } = await paid.json();
      const [debit] = await charges(orderId);
      return { orderId: orderId as string, intentId: debit.providerPaymentId! };
    };
    const { orderId, intentId } = await pay(500);
    const debit = stripe.requests.filter((request) => request.path === "/v1/payment_intents").at(-1)!;
    expect(debit.form).toMatchObject({
      amount: "50000",
      confirm: "true",
      "allowed_payment_method_types[0]": "us_bank_account",
      payment_method: saved.id,
      customer: saved.customer,
      "mandate_data[customer_acceptance][type]": "online",
      "mandate_data[customer_acceptance][online][user_agent]": "Test browser 1.0",
    });
    let view = await order(orderId);
    expect(view).toMatchObject({ status: "processing", paymentMethodType: "us_bank_account", paidCents: 0 });
    const started = await mails("order.bank_processing", view.number);
    expect(started).toHaveLength(1);
    expect(started[0].subject).toBe(`Atelier: your bank transfer for order ${view.number} has started`);
    // Stripe's processing event, then a refresh, change nothing while the bank has not answered.
    expect((await webhook(stripe.webhook(intentId))).status).toBe(200);
    expect(
      (await (await buyer.request(`/api/orders/guest/${orderId}/refresh`, { method: "POST" })).json()).data.status,
    ).toBe("processing");
    expect(await mails("order.bank_processing", view.number)).toHaveLength(1);

    // The bank pays: Stripe's event makes it paid, with the account on the receipt.
    stripe.confirm(intentId, "succeeded");
    await webhook(stripe.webhook(intentId));
    view = await order(orderId);
    expect(view).toMatchObject({ status: "paid", paidCents: 50_000, payment: { brand: "bank", last4: "6789" } });
    const receipts = await mails("order.receipt", view.number);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain("Bank account •••• 6789");

    // Another debit is returned by the bank.
    const returned = await pay(120);
    stripe.confirm(returned.intentId, "failed", {
      code: "insufficient_funds",
      message: "The customer's account has insufficient funds to cover this payment.",
    });
    await webhook(stripe.webhook(returned.intentId));
    const failed = await order(returned.orderId);
    expect(failed).toMatchObject({
      status: "failed",
      failureMessage: "The customer's account has insufficient funds to cover this payment.",
      paidCents: 0,
    });
    const bounced = await mails("order.bank_debit_failed", failed.number);
    expect(bounced).toHaveLength(1);
    expect(bounced[0].text).toContain("insufficient funds");
  });

  it("creates a subscription for the customer found by e-mail, and is moved only by Stripe's signed invoice and subscription events", async () => {
    await t.services.database.db
      .update(plans)
      .set({ stripePriceId: "price_professional_monthly" })
      .where(eq(plans.name, "Professional"));
    const customersBefore = stripe.customers.size;
    const response = await buyer.request("/api/get-or-create-subscription", {
      method: "POST",
      json: { name: "Ada Lovelace", email: "ada@example.com", priceId: "Professional" },
    });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ success: true, status: "incomplete", provider: "stripe" });
    expect(answer.clientSecret).toMatch(/_secret_/);
    const lookup = stripe.requests.find((request) => request.method === "GET" && request.path === "/v1/customers");
    expect(lookup).toBeDefined();
    const created = stripe.requests.find((request) => request.path === "/v1/subscriptions")!;
    expect(created.form).toMatchObject({
      "items[0][price]": "price_professional_monthly",
      payment_behavior: "default_incomplete",
      "payment_settings[save_default_payment_method]": "on_subscription",
      "metadata[subscriptionId]": answer.subscriptionId,
    });
    expect(created.idempotencyKey).toBe(`subscription-${answer.subscriptionId}`);
    // The customer of the earlier tests (same e-mail) is found and reused, not created again.
    expect(stripe.customers.size).toBe(customersBefore);
    const again = await (
      await buyer.request("/api/get-or-create-subscription", {
        method: "POST",
        json: { name: "Ada Lovelace", email: "ada@example.com", priceId: "Professional" },
      })
    ).json();
    expect(again.subscriptionId).toBe(answer.subscriptionId);
    expect(stripe.requests.filter((request) => request.path === "/v1/subscriptions")).toHaveLength(1);
    const subscriptionId = [...stripe.subscriptions.values()].find(
      (entry) => (entry.metadata as { subscriptionId?: string }).subscriptionId === answer.subscriptionId,
    )!.id;

    // Stripe's events, signed with the webhook secret, are all that move our record.
    const signer = new Stripe("sk_test_signer");
    const send = (id: string, type: string, object: Record<string, unknown>) => {
      const rawBody = JSON.stringify({
        id,
        object: "event",
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      return webhook({
        rawBody,
        signature: signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: stripe.webhookSecret }),
      });
    };
    const start = Math.floor(Date.now() / 1000);
    const MONTH = 30 * 86_400;
    const invoice = (id: string, reason: string, from: number, paid: boolean) => ({
      id,
      object: "invoice",
      billing_reason: reason,
      amount_due: 99_900,
      amount_paid: paid ? 99_900 : 0,
      currency: "usd",
      parent: { subscription_details: { subscription: subscriptionId } },
      lines: { data: [{ period: { start: from, end: from + MONTH } }] },
      ...(paid ? {} : { failure_message: "Your card was declined." }),
    });
    const subscription = (cancelAtPeriodEnd: boolean, status = "active") => ({
      id: subscriptionId,
      object: "subscription",
      status,
      cancel_at_period_end: cancelAtPeriodEnd,
      current_period_end: start + MONTH,
      metadata: { subscriptionId: answer.subscriptionId },
    });
    const view = async () =>
      (await t.services.checkout.subscriptions.list()).items.find((entry) => entry.id === answer.subscriptionId)!;
    const sent = async (kind: string) =>
      (await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).filter(
        (mail) => mail.toAddress === "ada@example.com",
      );

    const first = await send(
      "evt_invoice_paid_1",
      "invoice.paid",
      invoice("in_first", "subscription_create", start, true),
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const active = await view();
    expect(active).toMatchObject({
      status: "active",
      currentPeriodEnd: new Date((start + MONTH) * 1000).toISOString(),
      invoices: [{ amountCents: 99_900, status: "paid" }],
    });
    const [firstInvoice] = await t.services.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, active.invoices[0].id));
    expect(firstInvoice.providerInvoiceId).toBe("in_first");
    expect(await sent("subscription.receipt")).toHaveLength(1);
    // Stripe delivers it again: nothing more.
    expect(
      await (
        await send("evt_invoice_paid_1", "invoice.paid", invoice("in_first", "subscription_create", start, true))
      ).json(),
    ).toEqual({ received: true, duplicate: true });
    expect((await view()).invoices).toHaveLength(1);

    // Cancelling at the period's end asks Stripe; Stripe's event then records it and the subscriber is told.
    await t.services.checkout.subscriptions.cancel(answer.subscriptionId, true);
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    expect((await view()).cancelAtPeriodEnd).toBe(false);
    await send("evt_subscription_updated_1", "customer.subscription.updated", subscription(true));
    expect(await view()).toMatchObject({ status: "active", cancelAtPeriodEnd: true, nextCharge: null });
    expect(await sent("subscription.cancel_scheduled")).toHaveLength(1);
    // Resumed at Stripe (cancel_at_period_end=false), as the subscriber's Resume does.
    await t.services.checkout.subscriptions.resume(answer.subscriptionId);
    expect(stripe.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/v1/subscriptions/${subscriptionId}`,
      form: { cancel_at_period_end: "false" },
    });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
    await send("evt_subscription_updated_2", "customer.subscription.updated", subscription(false));
    expect(await view()).toMatchObject({ cancelAtPeriodEnd: false, nextCharge: { amountCents: 99_900 } });
    expect(await sent("subscription.resumed")).toHaveLength(1);

    // The next month's invoice extends the period; the one after is declined: past_due, and an e-mail.
    await send("evt_invoice_paid_2", "invoice.paid", invoice("in_second", "subscription_cycle", start + MONTH, true));
    expect(await view()).toMatchObject({
      status: "active",
      currentPeriodEnd: new Date((start + 2 * MONTH) * 1000).toISOString(),
    });
    expect(await sent("subscription.receipt")).toHaveLength(2);
    await send(
      "evt_invoice_failed_3",
      "invoice.payment_failed",
      invoice("in_third", "subscription_cycle", start + 2 * MONTH, false),
    );
    const pastDue = await view();
    expect(pastDue).toMatchObject({
      status: "past_due",
      currentPeriodEnd: new Date((start + 2 * MONTH) * 1000).toISOString(),
      invoices: [
        { status: "failed", failureMessage: "Your card was declined." },
        { status: "paid" },
        { status: "paid" },
      ],
    });
    expect((await sent("subscription.failed"))[0].text).toContain("Your card was declined.");

    // Stripe ends it: cancelled, and a late event about it changes nothing.
    await send("evt_subscription_deleted", "customer.subscription.deleted", subscription(false, "canceled"));
    expect((await view()).status).toBe("cancelled");
    expect(await sent("subscription.ended")).toHaveLength(1);
    await send("evt_subscription_updated_late", "customer.subscription.updated", subscription(false));
    expect((await view()).status).toBe("cancelled");
  });

  it("makes the plan's Stripe price when it has none, and keeps the ids on the account of a signed-in customer", async () => {
    await t.services.database.db.update(plans).set({ stripePriceId: null }).where(eq(plans.name, "Professional"));
    const customer = await signInAs(t, "customer");
    const response = await customer.request("/api/get-or-create-subscription", {
      method: "POST",
      json: { name: "Grace Hopper", email: "grace@example.com", priceId: "Professional" },
    });
    expect(response.status).toBe(200);
    const { subscriptionId } = await response.json();
    const [account] = await t.services.database.db.select().from(users).where(eq(users.id, customer.user.id));
    const created = [...stripe.subscriptions.values()].find(
      (subscription) => (subscription.metadata as { subscriptionId?: string }).subscriptionId === subscriptionId,
    );
    expect(created).toBeDefined();
    expect(account.stripeSubscriptionId).toBe(created?.id);
    expect(account.stripeCustomerId).toMatch(/^cus_/);

    const priceRequest = stripe.requests.find((request) => request.method === "POST" && request.path === "/v1/prices");
    expect(priceRequest?.form).toMatchObject({
      currency: "usd",
      unit_amount: "99900",
      "recurring[interval]": "month",
      "product_data[name]": "Professional",
    });
    const [plan] = await t.services.database.db.select().from(plans).where(eq(plans.name, "Professional"));
    expect(plan.stripePriceId).toMatch(/^price_/);
    expect((created?.items as { data: Array<{ price: { id: string } }> }).data[0].price.id).toBe(plan.stripePriceId);
  });

  describe("while Stripe cannot be reached (its API answers 500 to every call, the client's retries included)", () => {
    const UNREACHABLE = "The payment provider could not be reached. Please try again.";
    /** The answer to `send` while Stripe is down, and the Stripe calls it made (none carried out). */
    const whileDown = async (send: () => Promise<Response>) => {
      const calls = stripe.requests.length;
      stripe.outage({ status: 500 });
      try {
        const response = await send();
        return { status: response.status, body: await response.json(), tried: stripe.requests.length - calls };
      } finally {
        stripe.outage(null);
      }
    };
    const account = {
      accountHolderName: "Alan Turing",
      customerEmail: "alan@example.com",
      routingNumber: "110000000",
      accountNumber: "000987654321",
    };
    const verify = (client: TestClient, headers: Record<string, string> = {}) =>
      client.request("/api/verify-bank-account", { method: "POST", json: account, headers });

    it("verify-bank-account answers 409 in the page's language and keeps no account; verified once Stripe is back", async () => {
      const browser = t.client();
      const methods = stripe.paymentMethods.size;
      const down = await whileDown(() => verify(browser, { "accept-language": "fr-FR,fr;q=0.9" }));
      expect(down).toMatchObject({
        status: 409,
        body: { success: false, message: "Le prestataire de paiement est injoignable. Veuillez réessayer." },
      });
      expect(down.tried).toBeGreaterThan(0);
      expect(stripe.paymentMethods.size).toBe(methods);
      expect(
        await t.services.database.db
          .select()
          .from(bankAccounts)
          .where(eq(bankAccounts.customerEmail, account.customerEmail)),
      ).toEqual([]);
      expect(browser.cookies.size).toBe(0);

      const again = await verify(browser);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ success: true, last4: "4321" });
      expect(stripe.paymentMethods.size).toBe(methods + 1);
    });

    it("create-ach-payment answers 409 and debits nothing; the same payment goes through once Stripe is back", async () => {
      const browser = t.client();
      const { bankAccountId } = await (await verify(browser)).json();
      const pay = () =>
        browser.request("/api/create-ach-payment", {
          method: "POST",
          json: { amount: 300, customerEmail: account.customerEmail, customerName: "Alan Turing", bankAccountId },
          headers: { "user-agent": "Test browser 1.0" },
        });
      const intents = stripe.intents.size;
      const cookies = new Map(browser.cookies);
      const down = await whileDown(pay);
      expect(down).toMatchObject({ status: 409, body: { success: false, message: UNREACHABLE } });
      expect(down.tried).toBeGreaterThan(0);
      expect(stripe.intents.size).toBe(intents);
      // The browser is given no order to follow.
      expect(browser.cookies).toEqual(cookies);

      const again = await pay();
      expect(again.status).toBe(200);
      const { orderId } = await again.json();
      expect(stripe.intents.size).toBe(intents + 1);
      const [debit] = await charges(orderId);
      expect(stripe.intents.get(debit.providerPaymentId!)).toMatchObject({ amount: 30_000, status: "processing" });
    });

    it("get-or-create-subscription answers 409 and subscribes nothing; the same request subscribes once Stripe is back", async () => {
      const customer = await signInAs(t, "customer");
      const subscribe = () =>
        customer.request("/api/get-or-create-subscription", {
          method: "POST",
          json: { name: "Alan Turing", email: "alan@example.com", priceId: "Professional" },
        });
      const subscriptionsBefore = stripe.subscriptions.size;
      const down = await whileDown(subscribe);
      expect(down).toMatchObject({ status: 409, body: { success: false, message: UNREACHABLE } });
      expect(down.tried).toBeGreaterThan(0);
      expect(stripe.subscriptions.size).toBe(subscriptionsBefore);
      const [account] = await t.services.database.db.select().from(users).where(eq(users.id, customer.user.id));
      expect(account.stripeSubscriptionId).toBeNull();

      const again = await subscribe();
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ success: true, status: "incomplete", provider: "stripe" });
      expect(stripe.subscriptions.size).toBe(subscriptionsBefore + 1);
    });

    it("lets a signed-out visitor whose subscription met the outage carry on from the same browser, not sends them a link", async () => {
      const visitor = t.client();
      const subscribe = () =>
        visitor.request("/api/get-or-create-subscription", {
          method: "POST",
          json: { name: "Joan Clarke", email: "joan.outage@example.com", priceId: "Professional" },
        });
      const down = await whileDown(subscribe);
      expect(down).toMatchObject({ status: 409, body: { success: false, message: UNREACHABLE } });
      const again = await subscribe();
      expect(again.status).toBe(200);
      const answer = await again.json();
      expect(answer).toMatchObject({ success: true, status: "incomplete", provider: "stripe" });
      expect(answer.clientSecret).toEqual(expect.any(String));
      expect(answer.emailed).toBeUndefined();
      // Another browser naming the same e-mail is still only told that a link was sent.
      const stranger = await t.client().request("/api/get-or-create-subscription", {
        method: "POST",
        json: { name: "Joan Clarke", email: "joan.outage@example.com", priceId: "Professional" },
      });
      expect(await stranger.json()).toMatchObject({ success: true, emailed: true });
    });
  });
});
