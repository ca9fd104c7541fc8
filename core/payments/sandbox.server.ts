import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../../db/client.server.ts";
import { sandboxPaymentMethods } from "../../db/schema/instalments.ts";
import { sandboxIntents } from "../../db/schema/orders.ts";
import { bankDebitOutcome, type BankDebitOutcome } from "./bank.ts";
import { cardBrand, cardDigits, DECLINE_MESSAGES, sandboxOutcome } from "./card.ts";
import { readStripeEvent, WebhookSignatureError, type IntentInput, type IntentState, type IntentStatus, type PaymentEvent, type PaymentProvider, type SavedCharge } from "./provider.ts";

type IntentRow = typeof sandboxIntents.$inferSelect;

// Only the signing helpers of the Stripe client are used: no request ever leaves with this key.
const signer = new Stripe("sk_test_sandbox_offline");

/** The order id of an intent that pays no order (a subscription's invoice). */
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/** Stripe's test card whose payment succeeds and whose saved method's later charges are declined. */
const DECLINES_LATER = "4000000000000341";

function stateOf(row: IntentRow): IntentState {
  if (row.status === "succeeded") return "succeeded";
  if (row.status === "processing") return "processing";
  if (row.status === "canceled") return "canceled";
  if (row.status === "failed") return "failed";
  return "requires_payment";
}

function statusOf(row: IntentRow): IntentStatus {
  return { id: row.id, state: stateOf(row), orderId: row.orderId, instalmentId: row.instalmentId, failureMessage: row.failureMessage, brand: row.brand, last4: row.last4 };
}

/** A signed event, as the webhook route receives it. */
export interface SignedEvent {
  rawBody: string;
  signature: string;
}

export type SandboxConfirmation =
  | { kind: "unknown" }
  | { kind: "canceled" }
  | { kind: "already"; status: "succeeded" }
  | { kind: "decided"; status: "succeeded" | "failed"; message: string | null; intent: IntentRow; event: SignedEvent };

/**
 * The offline provider: intents live in the database, a card is decided as Stripe's test mode decides
 * it, and each outcome is a Stripe-format event signed with the sandbox secret and handed to the same
 * webhook code path as Stripe's. A card number is never stored: only its brand and last 4 digits.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  readonly publishableKey = null;
  private readonly db: Database;
  private readonly secret: () => Promise<string>;

  constructor(db: Database, secret: () => Promise<string>) {
    this.db = db;
    this.secret = secret;
  }

  async createIntent(input: IntentInput) {
    // The id follows from the idempotency key, so that a retried creation finds the same intent.
    const id = `pi_sandbox_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
    const clientSecret = `${id}_secret_${randomBytes(18).toString("base64url")}`;
    const bank = input.bankAccount ?? null;
    await this.db
      .insert(sandboxIntents)
      .values({
        id,
        clientSecret,
        orderId: input.orderId,
        amountCents: input.amountCents,
        currency: input.currency,
        instalmentId: input.instalmentId ?? null,
        saveForLater: Boolean(input.saveForLater),
        // A bank debit is confirmed with its mandate at creation: it is processing until the bank answers.
        ...(bank ? { methodType: "us_bank_account", paymentMethod: bank.paymentMethodId, status: "processing" } : {}),
      })
      .onConflictDoNothing({ target: sandboxIntents.id });
    const [row] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    return { id: row.id, clientSecret: row.clientSecret };
  }

  async retrieveIntent(intentId: string): Promise<IntentStatus> {
    const [row] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId));
    if (!row) throw new Error(`sandbox payment intent ${intentId} does not exist`);
    return statusOf(row);
  }

  async cancelIntent(intentId: string): Promise<void> {
    await this.db.update(sandboxIntents).set({ status: "canceled", updatedAt: new Date() }).where(sql`${sandboxIntents.id} = ${intentId} and ${sandboxIntents.status} <> 'succeeded'`);
  }

  async refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<void> {
    const [row] = await this.db
      .update(sandboxIntents)
      .set({ refundedCents: input.amountCents, updatedAt: new Date() })
      .where(sql`${sandboxIntents.id} = ${input.intentId} and ${sandboxIntents.status} = 'succeeded'`)
      .returning();
    if (!row) throw new Error(`sandbox payment intent ${input.intentId} is not paid`);
  }

  /** Charge.refunded for a refunded intent, signed: what Stripe sends after a refund. */
  async refundEvent(intentId: string): Promise<SignedEvent> {
    const status = await this.retrieveIntent(intentId);
    return this.sign({
      id: `evt_sandbox_${randomBytes(12).toString("hex")}`,
      type: "charge.refunded",
      data: { object: { id: `ch_${intentId}`, object: "charge", payment_intent: intentId, refunded: true, metadata: { orderId: status.orderId } } },
    });
  }

  /** The order an intent's client secret belongs to, or null. */
  async orderOfSecret(clientSecret: string): Promise<string | null> {
    const [row] = await this.db.select({ orderId: sandboxIntents.orderId }).from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret));
    return row?.orderId ?? null;
  }

  /** Decides a card for the intent of `clientSecret`. The caller has checked the card (checkCard). */
  async confirm(clientSecret: string, cardNumber: string): Promise<SandboxConfirmation> {
    const [current] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret));
    if (!current) return { kind: "unknown" };
    if (current.status === "succeeded") return { kind: "already", status: "succeeded" };
    if (current.status === "canceled") return { kind: "canceled" };
    const digits = cardDigits(cardNumber);
    const outcome = sandboxOutcome(digits);
    const card = { brand: cardBrand(digits), last4: digits.slice(-4) };
    const status = outcome.status === "succeeded" ? "succeeded" : "failed";
    const failureMessage = outcome.status === "failed" ? outcome.message : null;
    // A saved card is a token standing for it: its later charges end as Stripe's test card would.
    let paymentMethod: string | null = null;
    if (current.saveForLater && status === "succeeded") {
      paymentMethod = `pm_sandbox_${randomBytes(12).toString("hex")}`;
      await this.db.insert(sandboxPaymentMethods).values({ id: paymentMethod, type: "card", ...card, chargeOutcome: digits === DECLINES_LATER ? "declined" : "succeeded" });
    }
    // Only an intent still open is decided: two confirmations at once give one success.
    const [intent] = await this.db
      .update(sandboxIntents)
      .set({ status, failureMessage, ...card, paymentMethod, updatedAt: new Date() })
      .where(sql`${sandboxIntents.id} = ${current.id} and ${sandboxIntents.status} in ('requires_payment_method', 'failed')`)
      .returning();
    if (!intent) return { kind: "already", status: "succeeded" };
    const event = intent.subscriptionId ? await this.invoiceEvent(intent, "subscription_create", new Date()) : await this.intentEvent(intent, outcome.status === "failed" ? outcome.code : null);
    return { kind: "decided", status, message: failureMessage, intent, event };
  }

  /** payment_intent.succeeded or .payment_failed for a decided intent, signed as Stripe signs it. */
  private async intentEvent(intent: IntentRow, failureCode: string | null): Promise<SignedEvent> {
    const succeeded = intent.status === "succeeded";
    const details = intent.methodType === "us_bank_account" ? { type: "us_bank_account", us_bank_account: { last4: intent.last4 } } : { type: "card", card: { brand: intent.brand, last4: intent.last4 } };
    const object = {
      id: intent.id,
      object: "payment_intent",
      amount: intent.amountCents,
      currency: intent.currency,
      status: succeeded ? "succeeded" : "requires_payment_method",
      metadata: { orderId: intent.orderId, ...(intent.instalmentId !== null ? { instalmentId: String(intent.instalmentId) } : {}) },
      payment_method: intent.paymentMethod,
      customer: null,
      latest_charge: { id: `ch_${intent.id}`, payment_method_details: details },
      last_payment_error: succeeded ? null : { code: failureCode ?? "card_declined", message: intent.failureMessage },
    };
    return this.sign({ id: `evt_sandbox_${randomBytes(12).toString("hex")}`, type: succeeded ? "payment_intent.succeeded" : "payment_intent.payment_failed", data: { object } });
  }

  /** Charges a saved card off-session: decided at once, as its test card says, and reported as a signed event. */
  async chargeSaved(input: { orderId: string; instalmentId: number; amountCents: number; paymentMethodId: string; customerId: string | null; idempotencyKey: string }): Promise<SavedCharge> {
    const [method] = await this.db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, input.paymentMethodId));
    if (!method) throw new Error(`sandbox payment method ${input.paymentMethodId} does not exist`);
    const id = `pi_sandbox_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
    const failureMessage = method.chargeOutcome === "succeeded" ? null : method.chargeOutcome === "insufficient_funds" ? DECLINE_MESSAGES.insufficientFunds : DECLINE_MESSAGES.generic;
    await this.db
      .insert(sandboxIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(18).toString("base64url")}`,
        orderId: input.orderId,
        amountCents: input.amountCents,
        currency: "usd",
        instalmentId: input.instalmentId,
        paymentMethod: method.id,
        methodType: method.type,
        brand: method.brand,
        last4: method.last4,
        status: failureMessage ? "failed" : "succeeded",
        failureMessage,
      })
      .onConflictDoNothing({ target: sandboxIntents.id });
    const [intent] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    const event = await this.intentEvent(intent, failureMessage ? (method.chargeOutcome === "insufficient_funds" ? "insufficient_funds" : "card_declined") : null);
    return { intentId: id, state: stateOf(intent), failureMessage: intent.failureMessage, event };
  }

  /**
   * A subscription as Stripe's test mode runs one: its first invoice is an intent confirmed with a card
   * (saved for renewals); renewals charge that card (renewSubscription); each outcome is an invoice event.
   */
  async createSubscription(input: { subscriptionId: string; customerEmail: string; customerName: string; priceCents: number; stripePriceId: string | null; idempotencyKey: string }) {
    const providerSubscriptionId = `sub_sandbox_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
    const id = `pi_sandbox_${createHash("sha256").update(`${input.idempotencyKey}-first`).digest("hex").slice(0, 24)}`;
    await this.db
      .insert(sandboxIntents)
      .values({ id, clientSecret: `${id}_secret_${randomBytes(18).toString("base64url")}`, orderId: NIL_UUID, amountCents: input.priceCents, currency: "usd", subscriptionId: providerSubscriptionId, saveForLater: true })
      .onConflictDoNothing({ target: sandboxIntents.id });
    const [row] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    return { providerSubscriptionId, customerId: null, clientSecret: row.clientSecret };
  }

  async cancelSubscription(): Promise<void> {
    // The sandbox keeps no subscription state of its own: cancellationEvent reports it.
  }

  /** customer.subscription.deleted, signed: what Stripe sends when a subscription ends. */
  async cancellationEvent(providerSubscriptionId: string): Promise<SignedEvent> {
    return this.sign({ id: `evt_sandbox_${randomBytes(12).toString("hex")}`, type: "customer.subscription.deleted", data: { object: { id: providerSubscriptionId, object: "subscription", status: "canceled" } } });
  }

  /** Whether a client secret is a subscription's first invoice (the card step then reports an invoice). */
  async subscriptionOfSecret(clientSecret: string): Promise<string | null> {
    const [row] = await this.db.select({ subscriptionId: sandboxIntents.subscriptionId }).from(sandboxIntents).where(eq(sandboxIntents.clientSecret, clientSecret));
    return row?.subscriptionId ?? null;
  }

  /**
   * Renews a subscription for the month from `periodStart`: charges the card its first invoice saved,
   * as Stripe's test card would end, and answers the invoice event (paid or failed).
   */
  async renewSubscription(providerSubscriptionId: string, amountCents: number, periodStart: Date): Promise<SignedEvent> {
    const [first] = await this.db.select().from(sandboxIntents).where(sql`${sandboxIntents.subscriptionId} = ${providerSubscriptionId} and ${sandboxIntents.paymentMethod} is not null`).orderBy(sandboxIntents.createdAt).limit(1);
    const [method] = first?.paymentMethod ? await this.db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, first.paymentMethod)) : [];
    const failureMessage = !method ? DECLINE_MESSAGES.generic : method.chargeOutcome === "succeeded" ? null : method.chargeOutcome === "insufficient_funds" ? DECLINE_MESSAGES.insufficientFunds : DECLINE_MESSAGES.generic;
    const id = `pi_sandbox_${createHash("sha256").update(`${providerSubscriptionId}-${periodStart.toISOString()}`).digest("hex").slice(0, 24)}`;
    await this.db
      .insert(sandboxIntents)
      .values({ id, clientSecret: `${id}_secret_${randomBytes(18).toString("base64url")}`, orderId: NIL_UUID, amountCents, currency: "usd", subscriptionId: providerSubscriptionId, paymentMethod: method?.id ?? null, brand: method?.brand ?? null, last4: method?.last4 ?? null, status: failureMessage ? "failed" : "succeeded", failureMessage })
      .onConflictDoNothing({ target: sandboxIntents.id });
    const [intent] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    return this.invoiceEvent(intent, "subscription_cycle", periodStart);
  }

  /** invoice.paid or invoice.payment_failed for a subscription's decided intent. */
  private async invoiceEvent(intent: IntentRow, reason: string, periodStart: Date): Promise<SignedEvent> {
    const paid = intent.status === "succeeded";
    const end = new Date(periodStart);
    end.setUTCMonth(end.getUTCMonth() + 1);
    const object = {
      id: `in_${intent.id.slice("pi_".length)}`,
      object: "invoice",
      subscription: intent.subscriptionId,
      billing_reason: reason,
      amount_due: intent.amountCents,
      amount_paid: paid ? intent.amountCents : 0,
      currency: "usd",
      payment_intent: intent.id,
      failure_message: paid ? null : intent.failureMessage,
      lines: { data: [{ period: { start: Math.floor(periodStart.getTime() / 1000), end: Math.floor(end.getTime() / 1000) } }] },
    };
    return this.sign({ id: `evt_sandbox_${randomBytes(12).toString("hex")}`, type: paid ? "invoice.paid" : "invoice.payment_failed", data: { object } });
  }

  /** Sets how later charges of a saved method end (tests and the staff's sandbox tools). */
  async setChargeOutcome(paymentMethodId: string, outcome: "succeeded" | "declined" | "insufficient_funds"): Promise<void> {
    await this.db.update(sandboxPaymentMethods).set({ chargeOutcome: outcome }).where(eq(sandboxPaymentMethods.id, paymentMethodId));
  }

  /**
   * A bank account as Stripe's test mode knows it: saved as a us_bank_account method whose debits end
   * as its test account number says (succeeded, account closed, insufficient funds...).
   */
  async saveBankAccount(input: { accountNumber: string }): Promise<{ paymentMethodId: string; customerId: null; outcome: BankDebitOutcome }> {
    const outcome = bankDebitOutcome(input.accountNumber);
    const id = `pm_sandbox_bank_${randomBytes(12).toString("hex")}`;
    await this.db.insert(sandboxPaymentMethods).values({ id, type: "us_bank_account", brand: "bank", last4: input.accountNumber.slice(-4), chargeOutcome: outcome.status === "succeeded" ? "succeeded" : outcome.code });
    return { paymentMethodId: id, customerId: null, outcome };
  }

  /**
   * Settles a processing bank debit as the bank would days later (at once in the sandbox): the method's
   * outcome decides it, reported as a signed event. Null when the intent is not processing any more.
   */
  async settleBankDebit(intentId: string): Promise<SignedEvent | null> {
    const [current] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId));
    if (!current || current.status !== "processing" || !current.paymentMethod) return null;
    const [method] = await this.db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, current.paymentMethod));
    const outcome = method ? bankDebitOutcome.fromCode(method.chargeOutcome) : bankDebitOutcome.fromCode("succeeded");
    const [intent] = await this.db
      .update(sandboxIntents)
      .set({ status: outcome.status === "succeeded" ? "succeeded" : "failed", failureMessage: outcome.status === "succeeded" ? null : outcome.message, brand: "bank", last4: method?.last4 ?? null, updatedAt: new Date() })
      .where(sql`${sandboxIntents.id} = ${intentId} and ${sandboxIntents.status} = 'processing'`)
      .returning();
    if (!intent) return null;
    return this.intentEvent(intent, outcome.status === "succeeded" ? null : outcome.code);
  }

  /** Processing bank debits, oldest first (the staff's sandbox tools settle them). */
  async processingDebits(): Promise<string[]> {
    const rows = await this.db.select({ id: sandboxIntents.id }).from(sandboxIntents).where(eq(sandboxIntents.status, "processing")).orderBy(sandboxIntents.createdAt);
    return rows.map((row) => row.id);
  }

  /** Signs an event as Stripe does (t=..., v1=HMAC-SHA256), with the sandbox secret. */
  async sign(event: { id: string; type: string; data: { object: Record<string, unknown> } }): Promise<SignedEvent> {
    const rawBody = JSON.stringify({ object: "event", created: Math.floor(Date.now() / 1000), livemode: false, ...event });
    const signature = signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: await this.secret() });
    return { rawBody, signature };
  }

  async verifyEvent(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
    if (!signature) throw new WebhookSignatureError("missing Stripe-Signature header");
    let event;
    try {
      event = signer.webhooks.constructEvent(rawBody, signature, await this.secret());
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    return readStripeEvent(event as unknown as { id: string; type: string; data: { object: Record<string, unknown> } });
  }
}
