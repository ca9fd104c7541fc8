// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "../../core/money/money.ts";
import type { AdminOrderView, OrderView } from "../../core/orders/schema.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { orders } from "../../db/schema/orders.ts";
import { bankAccounts } from "../../db/schema/payments.ts";
import type { SignedEvent } from "../../core/payments/sandbox.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { signInAs } from "../helpers/factories.ts";

const SANDBOX_SECRET = "whsec_bank_transfers_test_secret";
const signer = new Stripe("sk_test_signer");
const account = {
  accountHolderName: "Ada Lovelace",
  customerEmail: "ada.bank@example.com",
  routingNumber: "110000000",
  accountNumber: "000123456789",
};

describe("bank transfers (ACH) and receipts", () => {
  let t: TestApp;
  let buyer: TestClient;
  const logs: string[] = [];

  const verify = (client: TestClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    client.request("/api/verify-bank-account", { method: "POST", json: { ...account, ...body }, headers });
  const pay = (client: TestClient, body: Record<string, unknown>) =>
    client.request("/api/create-ach-payment", {
      method: "POST",
      json: { amount: 500, customerEmail: account.customerEmail, customerName: "Ada Lovelace", ...body },
      headers: { "user-agent": "Vitest browser" },
    });
  const order = async (client: TestClient, id: string): Promise<OrderView> =>
    (await (await client.request(`/api/orders/guest/${id}`)).json()).data;
  const mails = async (kind: string) =>
    (
      await t.services.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, kind))
        .orderBy(asc(mailOutbox.id))
    ).filter((row) => row.toAddress === account.customerEmail);
  /** The intent of an order's bank debit. */
  const debitOf = async (orderId: string) =>
    (await t.services.payments.ofSubject(orderId)).find((row) => row.kind === "charge")!.providerPaymentId!;
  const post = (event: SignedEvent) =>
    t.app.request("/api/webhooks/stripe", {
      method: "POST",
      body: event.rawBody,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });
  const signed = (event: Record<string, unknown>): SignedEvent => {
    const rawBody = JSON.stringify({ object: "event", created: Math.floor(Date.now() / 1000), ...event });
    return {
      rawBody,
      signature: signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: SANDBOX_SECRET }),
    };
  };
  /** The test bank answers a debit; the events the sandbox delivers on the way are kept, to be delivered again. */
  const settle = async (orderId: string): Promise<SignedEvent[]> => {
    const sandbox = t.services.sandbox!;
    const delivered: SignedEvent[] = [];
    sandbox.deliverTo(async (rawBody, signature) => {
      delivered.push({ rawBody, signature });
      return t.services.payments.handleWebhook(rawBody, signature);
    });
    try {
      expect(await sandbox.settleBankDebit(await debitOf(orderId))).toBe(true);
    } finally {
      sandbox.deliverTo((rawBody, signature) => t.services.payments.handleWebhook(rawBody, signature));
    }
    return delivered;
  };
  const verified = async (accountNumber = account.accountNumber) => {
    const response = await verify(buyer, { accountNumber });
    expect(response.status).toBe(200);
    return (await response.json()).bankAccountId as string;
  };

  beforeAll(async () => {
    const logger = createLogger("info", { write: (line: string) => void logs.push(line) } as never);
    t = await createTestApp(
      { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, ORDERS_PER_ADDRESS: "100000", HOLDS_PER_ADDRESS: "100000" },
      { logger },
    );
    buyer = t.client();
  }, 120_000);
  afterAll(async () => t.close());

  it("verifies a bank account: ABA checksum, 4 to 17 digits, every field, with the exact messages", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ routingNumber: "110000001" }, "Invalid routing number"],
      [{ routingNumber: "12345" }, "Invalid routing number"],
      [{ accountNumber: "123" }, "Account number must be 4 to 17 digits"],
      [{ accountNumber: "123456789012345678" }, "Account number must be 4 to 17 digits"],
      [{ accountNumber: "12ab5678" }, "Account number must be 4 to 17 digits"],
      [{ accountHolderName: "" }, "Please fill in all bank account details"],
      [{ customerEmail: "" }, "Please fill in all bank account details"],
    ];
    for (const [body, message] of cases) {
      const response = await verify(buyer, body);
      expect(response.status, message).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, message });
    }
    const french = await verify(buyer, { routingNumber: "110000001" }, { "accept-language": "fr-FR" });
    expect((await french.json()).message).toBe("Numéro d’acheminement invalide");
    const ok = await verify(buyer, {});
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ success: true, message: "Bank account verified successfully", last4: "6789" });
    expect(body.bankAccountId).toMatch(/^ba_/);
  });

  it("never stores or logs the full account number", async () => {
    await verify(buyer, { accountNumber: "987654321012" });
    const rows = await t.services.database.db.select().from(bankAccounts);
    expect(JSON.stringify(rows)).not.toContain("987654321012");
    expect(rows.find((row) => row.last4 === "1012")).toBeDefined();
    expect(logs.join("\n")).not.toContain("987654321012");
  });

  it("refuses a payment without a verified account or with an amount out of range", async () => {
    const none = await pay(buyer, { bankAccountId: "ba_not_a_real_account_id" });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ success: false, message: "Please verify your bank account first" });
    const id = await verified();
    const low = await pay(buyer, { bankAccountId: id, amount: 5 });
    expect((await low.json()).message).toBe("Minimum amount is $10");
    const high = await pay(buyer, { bankAccountId: id, amount: 60_000 });
    expect((await high.json()).message).toBe("Maximum amount is $50,000");
  });

  it("counts each account sent to the provider and each debit against the address's budget of orders (429 past it)", async () => {
    const small = await createTestApp({
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      ORDERS_PER_ADDRESS: "3",
      TRUST_PROXY: "true",
    });
    try {
      const client = small.client();
      const from = { "x-forwarded-for": "203.0.113.90" };
      const send = (path: string, body: Record<string, unknown>) =>
        client.request(path, { method: "POST", json: body, headers: from });
      // A number refused by its checksum never reaches the provider and costs nothing.
      expect((await send("/api/verify-bank-account", { ...account, routingNumber: "110000001" })).status).toBe(400);
      const first = await send("/api/verify-bank-account", account);
      expect(first.status).toBe(200);
      const { bankAccountId } = await first.json();
      expect((await send("/api/verify-bank-account", account)).status).toBe(200);
      expect(
        (
          await send("/api/create-ach-payment", {
            amount: 500,
            customerEmail: account.customerEmail,
            customerName: "Ada Lovelace",
            bankAccountId,
          })
        ).status,
      ).toBe(200);
      const refused = await send("/api/create-ach-payment", {
        amount: 500,
        customerEmail: account.customerEmail,
        customerName: "Ada Lovelace",
        bankAccountId,
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await refused.json()).message).toMatch(
        /^Too many orders from this connection\. Please try again in \d+ minutes?\.$/,
      );
      expect((await send("/api/verify-bank-account", account)).status).toBe(429);
    } finally {
      await small.close();
    }
  });

  it("debits a verified account only from the browser that verified it, for its e-mail", async () => {
    const id = await verified();
    const ordersBefore = (await t.services.orders.list({})).total;
    const stranger = t.client();
    const stolen = await pay(stranger, { bankAccountId: id });
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toMatchObject({
      success: false,
      message:
        "This bank account was verified in another browser or for another email. Please verify your bank account here.",
    });
    const french = await stranger.request("/api/create-ach-payment", {
      method: "POST",
      json: { amount: 500, customerEmail: account.customerEmail, customerName: "Ada Lovelace", bankAccountId: id },
      headers: { "accept-language": "fr-FR" },
    });
    expect((await french.json()).message).toBe(
      "Ce compte bancaire a été vérifié dans un autre navigateur ou pour une autre adresse e-mail. Veuillez vérifier votre compte bancaire ici.",
    );
    // The verifying browser, naming another e-mail, is refused too.
    const otherEmail = await pay(buyer, { bankAccountId: id, customerEmail: "someone.else@example.com" });
    expect(otherEmail.status).toBe(403);
    expect((await t.services.orders.list({})).total).toBe(ordersBefore);
    // The e-mail is matched whatever its case, and the owner's debit goes through.
    const own = await pay(buyer, { bankAccountId: id, customerEmail: account.customerEmail.toUpperCase() });
    expect(own.status).toBe(200);
  });

  it("creates an order that shows processing (and says so by e-mail) until the test bank settles it; paid once, receipt once, even delivered twice and late", async () => {
    const id = await verified();
    const response = await pay(buyer, { bankAccountId: id, amount: 500, serviceName: "Marketing Consultation" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Your bank transfer has been initiated. Processing may take 3-5 business days.",
    });
    let view = await order(buyer, body.orderId);
    expect(view).toMatchObject({
      status: "processing",
      totalCents: 50_000,
      paidCents: 0,
      paymentMethodType: "us_bank_account",
      payment: { brand: "bank", last4: "6789" },
    });
    expect(view.orderItems.map((item) => [item.serviceName, item.lineTotalCents])).toEqual([
      ["Marketing Consultation", 50_000],
    ]);
    const started = (await mails("order.bank_processing")).filter((mail) => mail.text.includes(view.number));
    expect(started).toHaveLength(1);
    expect(started[0].subject).toBe(`Atelier: your bank transfer for order ${view.number} has started`);
    expect(started[0].text).toContain(
      "Your bank transfer of $500.00 from your Bank account •••• 6789 has started. Nothing is taken until your bank confirms it.",
    );
    expect(started[0].text).toContain("We will e-mail you when your bank confirms, usually in 3-5 business days.");
    // Not paid because a page was reached, nor by a refresh while the bank has not answered.
    const refreshed = await buyer.request(`/api/orders/guest/${body.orderId}/refresh`, { method: "POST" });
    expect((await refreshed.json()).data.status).toBe("processing");
    // Nor can it be paid again by card, or cancelled, while the bank works.
    expect((await buyer.request(`/api/orders/guest/${body.orderId}/payment-intent`)).status).toBe(409);
    const staff = await signInAs(t, "admin");
    const cancel = await staff.request(`/api/admin/orders/${body.orderId}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).message).toBe("Only an order nobody has paid can be cancelled: refund it instead.");

    const events = await settle(body.orderId);
    expect(events).toHaveLength(1);
    // Stripe retries a delivery it thinks failed: the same event again is a duplicate.
    const again = await post(events[0]);
    expect(await again.json()).toMatchObject({ duplicate: true });
    // A failure event and a processing event arriving after the success change nothing.
    const intentId = await debitOf(body.orderId);
    const [charge] = await t.services.payments.ofSubject(body.orderId);
    const object = {
      id: intentId,
      object: "payment_intent",
      amount: 50_000,
      currency: "usd",
      metadata: { paymentId: charge.id },
    };
    await post(
      signed({
        id: "evt_ach_late_failure",
        type: "payment_intent.payment_failed",
        data: { object: { ...object, last_payment_error: { message: "late" } } },
      }),
    );
    await post(
      signed({
        id: "evt_ach_late_processing",
        type: "payment_intent.processing",
        data: { object: { ...object, status: "processing" } },
      }),
    );
    view = await order(buyer, body.orderId);
    expect(view).toMatchObject({ status: "paid", paidCents: 50_000, failureMessage: null });
    const receipts = (await mails("order.receipt")).filter((mail) => mail.text.includes(view.number));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain("Bank account •••• 6789");
    expect((await mails("order.bank_processing")).filter((mail) => mail.text.includes(view.number))).toHaveLength(1);
  });

  it("a returned debit (insufficient funds) fails the order and e-mails the customer; staff settle through the sandbox", async () => {
    const id = await verified("000222222227");
    const body = await (await pay(buyer, { bankAccountId: id, amount: 120 })).json();
    const staff = await signInAs(t, "admin");
    expect(
      (await buyer.request(`/api/admin/orders/${body.orderId}/settle-bank-transfer`, { method: "POST" })).status,
    ).toBe(401);
    expect((await order(buyer, body.orderId)).status).toBe("processing");
    const settled = await staff.request(`/api/admin/orders/${body.orderId}/settle-bank-transfer`, { method: "POST" });
    expect(settled.status).toBe(200);
    const view: AdminOrderView = (await settled.json()).data;
    expect(view).toMatchObject({
      status: "failed",
      paidCents: 0,
      failureMessage: "The customer's account has insufficient funds to cover this payment.",
    });
    expect(view.history.map((entry) => [entry.from, entry.to, entry.cause])).toEqual([
      [null, "pending", "created"],
      ["pending", "requires_payment", "payment_started"],
      ["requires_payment", "processing", "payment_processing"],
      ["processing", "failed", "payment_failed"],
    ]);
    const failed = (await mails("order.bank_debit_failed")).filter((mail) => mail.text.includes(view.number));
    expect(failed).toHaveLength(1);
    expect(failed[0].subject).toBe(`Atelier: your bank transfer for order ${view.number} failed`);
    expect(failed[0].text).toContain(
      "Your bank transfer of $120.00 could not be completed: The customer's account has insufficient funds to cover this payment.",
    );
    // No receipt, and nothing to refund.
    expect((await mails("order.receipt")).filter((mail) => mail.text.includes(view.number))).toHaveLength(0);
    const refund = await staff.request(`/api/admin/orders/${body.orderId}/refund`, {
      method: "POST",
      json: { amountCents: 100, reason: "Goodwill" },
    });
    expect(refund.status).toBe(409);
    expect((await refund.json()).message).toBe("Only an order with money received can be refunded.");
    const again = await staff.request(`/api/admin/orders/${body.orderId}/settle-bank-transfer`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("This order has no bank transfer waiting for the bank.");
  });

  it("refunds a settled bank transfer in part, then in full, to the bank account, with an e-mail each time in the order's language", async () => {
    const id = await verified();
    const body = await (await pay(buyer, { bankAccountId: id, amount: 300, language: "fr" })).json();
    await settle(body.orderId);
    const staff = await signInAs(t, "admin");
    const refund = (amountCents: number, reason: string) =>
      staff.request(`/api/admin/orders/${body.orderId}/refund`, { method: "POST", json: { amountCents, reason } });
    const partial: AdminOrderView = (await (await refund(10_000, "Une séance annulée")).json()).data;
    expect(partial).toMatchObject({ status: "partially_refunded", paidCents: 30_000, refundedCents: 10_000 });
    expect(partial.payments.at(-1)).toMatchObject({
      kind: "refund",
      status: "succeeded",
      method: "us_bank_account",
      last4: "6789",
      amountCents: 10_000,
    });
    const full: AdminOrderView = (await (await refund(20_000, "Projet annulé")).json()).data;
    expect(full).toMatchObject({ status: "refunded", refundedCents: 30_000 });
    const sent = (await mails("order.refund")).filter((mail) => mail.text.includes(full.number));
    // French typography: a narrow no-break space before the colon; amounts as the one money formatter writes them.
    expect(sent.map((mail) => mail.subject)).toEqual([
      `Atelier\u202f: remboursement de ${formatCents(10_000)} pour la commande ${full.number}`,
      `Atelier\u202f: remboursement de ${formatCents(20_000)} pour la commande ${full.number}`,
    ]);
    expect(sent[0].text).toContain(`Nous avons remboursé ${formatCents(10_000)} sur votre Compte bancaire •••• 6789.`);
    expect(sent[1].text).toContain(`${formatCents(30_000)} sur ${formatCents(30_000)} payés`);
  });

  it("sends a receipt only for an order the browser owns, once paid, at most 3 times an hour, with the order's own content", async () => {
    const id = await verified();
    const body = await (await pay(buyer, { bankAccountId: id, amount: 75 })).json();
    const stranger = t.client();
    const foreign = await stranger.request("/api/send-receipt", {
      method: "POST",
      json: { orderId: body.orderId, customerEmail: "victim@example.com", serviceName: "<a href=x>win</a>" },
    });
    expect(foreign.status).toBe(404);
    const early = await buyer.request("/api/send-receipt", { method: "POST", json: { orderId: body.orderId } });
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe("A receipt is sent once the payment has succeeded.");
    await settle(body.orderId);
    const number = (await order(buyer, body.orderId)).number;
    const before = (await mails("order.receipt")).filter((mail) => mail.text.includes(number)).length;
    for (let i = 0; i < 3; i++) {
      const sent = await buyer.request("/api/send-receipt", {
        method: "POST",
        json: {
          orderId: body.orderId,
          customerEmail: "victim@example.com",
          customerName: "Mallory",
          amount: 1,
          paymentMethod: "Bank Transfer (ACH)",
          serviceName: "spam",
        },
      });
      expect(sent.status).toBe(200);
      expect(await sent.json()).toMatchObject({ success: true, message: "Receipt sent" });
    }
    const limited = await buyer.request("/api/send-receipt", { method: "POST", json: { orderId: body.orderId } });
    expect(limited.status).toBe(429);
    const receipts = (await mails("order.receipt")).filter((mail) => mail.text.includes(number));
    expect(receipts.length - before).toBe(3);
    const all = await t.services.database.db.select().from(mailOutbox);
    expect(all.some((mail) => mail.toAddress === "victim@example.com" || mail.text.includes("spam"))).toBe(false);
    const [row] = await t.services.database.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(row.customerEmail).toBe(account.customerEmail);
  });
});
