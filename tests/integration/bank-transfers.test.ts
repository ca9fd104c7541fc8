// The app first: its modules extend zod with OpenAPI before any schema is made.
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderView } from "../../core/orders/schema.ts";
import { bankAccounts } from "../../db/schema/instalments.ts";
import { mailOutbox } from "../../db/schema/mail.ts";
import { orders, sandboxIntents } from "../../db/schema/orders.ts";
import { createLogger } from "../../server/logger.server.ts";
import { signInAs } from "../helpers/users.ts";

const SANDBOX_SECRET = "whsec_bank_transfers_test_secret";
const signer = new Stripe("sk_test_signer");
const account = { accountHolderName: "Ada Lovelace", customerEmail: "ada.bank@example.com", routingNumber: "110000000", accountNumber: "000123456789" };

describe("bank transfers (ACH) and receipts", () => {
  let t: TestApp;
  let buyer: TestClient;
  const logs: string[] = [];

  const verify = (client: TestClient, body: Record<string, unknown>, headers: Record<string, string> = {}) => client.request("/api/verify-bank-account", { method: "POST", json: { ...account, ...body }, headers });
  const pay = (client: TestClient, body: Record<string, unknown>) =>
    client.request("/api/create-ach-payment", { method: "POST", json: { amount: 500, customerEmail: account.customerEmail, customerName: "Ada Lovelace", ...body }, headers: { "user-agent": "Vitest browser" } });
  const order = async (client: TestClient, id: string): Promise<OrderView> => (await (await client.request(`/api/orders/guest/${id}`)).json()).data;
  const mails = async (kind: string) => (await t.services.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).filter((row) => row.toAddress === account.customerEmail);
  const verified = async (accountNumber = account.accountNumber) => {
    const response = await verify(buyer, { accountNumber });
    expect(response.status).toBe(200);
    return (await response.json()).bankAccountId as string;
  };

  beforeAll(async () => {
    const logger = createLogger("info", { write: (line: string) => void logs.push(line) } as never);
    t = await createTestApp({ SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, ORDERS_PER_ADDRESS: "100000" }, { logger });
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

  it("creates an order that stays processing until the bank's event; paid once, receipt once, even delivered twice and late", async () => {
    const id = await verified();
    const response = await pay(buyer, { bankAccountId: id, amount: 500, serviceName: "Marketing Consultation" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, message: "Your bank transfer has been initiated. Processing may take 3-5 business days." });
    let view = await order(buyer, body.orderId);
    expect(view).toMatchObject({ status: "requires_payment", totalCents: 50_000, paymentMethodType: "us_bank_account", payment: { brand: "bank", last4: "6789" } });
    // Not paid because a page was reached, nor by a refresh while the bank has not answered.
    await buyer.request(`/api/orders/guest/${body.orderId}/refresh`, { method: "POST" });
    expect((await order(buyer, body.orderId)).status).toBe("requires_payment");

    const [intent] = await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.orderId, body.orderId));
    const event = await t.services.checkout.sandbox!.settleBankDebit(intent.id);
    expect(event).not.toBeNull();
    for (let i = 0; i < 2; i++) {
      const delivered = await t.app.request("/api/webhooks/stripe", { method: "POST", body: event!.rawBody, headers: { "content-type": "application/json", "stripe-signature": event!.signature } });
      expect((await delivered.json()).duplicate).toBe(i === 1);
    }
    // A failure event arriving after the success changes nothing.
    const late = JSON.stringify({ id: "evt_ach_late_failure", object: "event", type: "payment_intent.payment_failed", created: Math.floor(Date.now() / 1000), data: { object: { id: intent.id, object: "payment_intent", metadata: { orderId: body.orderId }, last_payment_error: { message: "late" } } } });
    await t.app.request("/api/webhooks/stripe", { method: "POST", body: late, headers: { "content-type": "application/json", "stripe-signature": signer.webhooks.generateTestHeaderString({ payload: late, secret: SANDBOX_SECRET }) } });
    view = await order(buyer, body.orderId);
    expect(view.status).toBe("paid");
    const receipts = (await mails("order.receipt")).filter((mail) => mail.text.includes(view.number));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain("Bank account •••• 6789");
  });

  it("a returned debit (insufficient funds) fails the order and e-mails the customer; staff settle through the sandbox", async () => {
    const id = await verified("000222222227");
    const body = await (await pay(buyer, { bankAccountId: id, amount: 120 })).json();
    const staff = await signInAs(t, "admin");
    expect((await buyer.request(`/api/admin/orders/${body.orderId}/settle-bank-transfer`, { method: "POST" })).status).toBe(401);
    const settled = await staff.request(`/api/admin/orders/${body.orderId}/settle-bank-transfer`, { method: "POST" });
    expect(settled.status).toBe(200);
    const view = (await settled.json()).data;
    expect(view).toMatchObject({ status: "failed", failureMessage: "The customer's account has insufficient funds to cover this payment." });
    const failed = (await mails("order.bank_debit_failed")).filter((mail) => mail.text.includes(view.number));
    expect(failed).toHaveLength(1);
    expect(failed[0].text).toContain("insufficient funds");
    const again = await staff.request(`/api/admin/orders/${body.orderId}/settle-bank-transfer`, { method: "POST" });
    expect(again.status).toBe(409);
  });

  it("sends a receipt only for an order the browser owns, once paid, at most 3 times an hour, with the order's own content", async () => {
    const id = await verified();
    const body = await (await pay(buyer, { bankAccountId: id, amount: 75 })).json();
    const stranger = t.client();
    const foreign = await stranger.request("/api/send-receipt", { method: "POST", json: { orderId: body.orderId, customerEmail: "victim@example.com", serviceName: "<a href=x>win</a>" } });
    expect(foreign.status).toBe(404);
    const early = await buyer.request("/api/send-receipt", { method: "POST", json: { orderId: body.orderId } });
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe("A receipt is sent once the payment has succeeded.");
    const [intent] = await t.services.database.db.select().from(sandboxIntents).where(eq(sandboxIntents.orderId, body.orderId));
    const event = await t.services.checkout.sandbox!.settleBankDebit(intent.id);
    await t.services.checkout.handleWebhook(event!.rawBody, event!.signature);
    const number = (await order(buyer, body.orderId)).number;
    const before = (await mails("order.receipt")).filter((mail) => mail.text.includes(number)).length;
    for (let i = 0; i < 3; i++) {
      const sent = await buyer.request("/api/send-receipt", { method: "POST", json: { orderId: body.orderId, customerEmail: "victim@example.com", customerName: "Mallory", amount: 1, paymentMethod: "Bank Transfer (ACH)", serviceName: "spam" } });
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
