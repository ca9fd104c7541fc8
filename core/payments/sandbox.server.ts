import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../../db/client.server.ts";
import { reusable } from "../../db/reusable-query.server.ts";
import {
  sandboxIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxSubscriptions,
} from "../../db/schema/payments.ts";
import { bankDebitOutcome, type BankDebitOutcome } from "./bank.ts";
import { cardBrand, cardDigits, DECLINE_MESSAGES, sandboxOutcome } from "./card.ts";
import {
  IntentMissingError,
  RefundRefusedError,
  type ChargeFacts,
  type ChargeInput,
  type ChargeState,
  type PaymentProvider,
  type ProviderEvent,
  type RefundInput,
  type RefundOutcome,
  type SavedChargeInput,
  type SubscriptionInput,
} from "./provider.ts";
import { verifiedStripeEvent } from "./stripe-events.ts";

type IntentRow = typeof sandboxIntents.$inferSelect;
type RefundRow = typeof sandboxRefunds.$inferSelect;

// Only the signing helpers of the Stripe client are used: no request ever leaves with this key.
const signer = new Stripe("sk_test_sandbox_offline");

/** Stripe's test card whose payment succeeds and whose saved method's later charges are declined. */
const DECLINES_LATER = "4000000000000341";
/** Stripe's test card whose payment succeeds and whose refunds fail. */
const REFUNDS_FAIL = "4000000000005126";

const p = (name: string) => sql.placeholder(name);
// The card step's queries, built once (db/reusable-query.server.ts): the sandbox stands in for Stripe in
// the checkout bench, where what it costs is counted as the server's.
const intentById = reusable<IntentRow[], { id: string }>("sandbox_intent_by_id", (x) =>
  x
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.id, p("id"))),
);
const intentBySecret = reusable<IntentRow[], { clientSecret: string }>("sandbox_intent_by_secret", (x) =>
  x
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.clientSecret, p("clientSecret"))),
);
const insertCardIntent = reusable<
  IntentRow[],
  {
    id: string;
    clientSecret: string;
    metadata: Record<string, string>;
    amountCents: number;
    currency: string;
    saveForLater: boolean;
  }
>("sandbox_intent_insert", (x) =>
  x
    .insert(sandboxIntents)
    .values({
      id: p("id"),
      clientSecret: p("clientSecret"),
      metadata: p("metadata"),
      amountCents: p("amountCents"),
      currency: p("currency"),
      saveForLater: p("saveForLater"),
    } as never)
    .onConflictDoNothing({ target: sandboxIntents.id })
    .returning(),
);
const decideIntent = reusable<IntentRow[], Record<string, unknown>>("sandbox_intent_decide", (x) =>
  x
    .update(sandboxIntents)
    .set({
      status: p("status"),
      failureMessage: p("failureMessage"),
      brand: p("brand"),
      last4: p("last4"),
      paymentMethod: p("paymentMethod"),
      refundsFail: p("refundsFail"),
      metadata: p("metadata"),
      updatedAt: sql`now()`,
    } as never)
    .where(sql`${sandboxIntents.id} = ${p("id")} and ${sandboxIntents.status} in ('requires_payment_method', 'failed')`)
    .returning(),
);

const hashed = (prefix: string, ...parts: string[]) =>
  `${prefix}${createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 24)}`;

function stateOf(row: IntentRow): ChargeState {
  if (row.status === "succeeded") return "succeeded";
  if (row.status === "processing") return "processing";
  if (row.status === "canceled") return "cancelled";
  if (row.status === "failed") return "failed";
  return "requires_payment";
}

function factsOf(row: IntentRow): ChargeFacts {
  const state = stateOf(row);
  const saved =
    state === "succeeded" && (row.saveForLater || row.metadata.offSession === "true") ? row.paymentMethod : null;
  return {
    intentId: row.id,
    paymentId: row.metadata.paymentId ?? null,
    state,
    amountCents: row.amountCents,
    currency: row.currency,
    failureMessage: state === "failed" ? row.failureMessage : null,
    brand: row.brand,
    last4: row.last4,
    savedMethodId: saved,
    customerId: null,
    clientSecret: row.clientSecret,
  };
}

/** A signed event, as the webhook route receives it. */
export interface SignedEvent {
  rawBody: string;
  signature: string;
}

/** Where the sandbox delivers its signed events: the same code the webhook route calls. */
export type EventSink = (rawBody: string, signature: string) => Promise<unknown>;

export type SandboxConfirmation =
  | { kind: "unknown" }
  | { kind: "canceled" }
  | { kind: "decided"; status: "succeeded" | "failed"; message: string | null };

/**
 * The offline provider, a stand-in for Stripe's test mode: intents, refunds and subscriptions live in
 * its own tables, a card is decided as Stripe's test cards are, and every outcome is a Stripe-format
 * event signed with the sandbox secret and delivered to the webhook code path, as Stripe's webhooks
 * would be. A card number is never stored: only its brand and last 4 digits.
 *
 * Besides the provider contract it has the tools of Stripe's dashboard in test mode: the card step of
 * Stripe.js (confirmCard), the bank answering a debit (settleBankDebit) and the test clock of a
 * subscription (renewSubscription).
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox" as const;
  readonly publishableKey = null;
  private readonly db: Database;
  private readonly secret: () => Promise<string>;
  private sink: EventSink | null = null;

  constructor(db: Database, secret: () => Promise<string>) {
    this.db = db;
    this.secret = secret;
  }

  /** Connects the sandbox to the webhook code path its events go to. */
  deliverTo(sink: EventSink): void {
    this.sink = sink;
  }

  private async deliver(event: { id: string; type: string; data: { object: Record<string, unknown> } }): Promise<void> {
    if (!this.sink) throw new Error("the sandbox provider is not connected to a webhook handler");
    const signed = await this.sign(event);
    await this.sink(signed.rawBody, signed.signature);
  }

  private async intent(id: string): Promise<IntentRow | null> {
    const [row] = await intentById(this.db, { id });
    return row ?? null;
  }

  async createIntent(input: ChargeInput) {
    // The id follows from the idempotency key, so that a retried creation finds the same intent.
    const id = hashed("pi_sandbox_", input.idempotencyKey);
    const bank = input.bankAccount ?? null;
    let method: typeof sandboxPaymentMethods.$inferSelect | undefined;
    if (bank)
      [method] = await this.db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, bank.paymentMethodId));
    const clientSecret = `${id}_secret_${randomBytes(18).toString("base64url")}`;
    const inserted = bank
      ? await this.db
          .insert(sandboxIntents)
          .values({
            id,
            clientSecret,
            metadata: { paymentId: input.paymentId },
            amountCents: input.amountCents,
            currency: input.currency,
            // A bank debit is confirmed with its mandate at creation: it is processing until the bank answers.
            methodType: "us_bank_account",
            paymentMethod: bank.paymentMethodId,
            status: "processing",
            brand: "bank",
            last4: method?.last4 ?? null,
          })
          .onConflictDoNothing({ target: sandboxIntents.id })
          .returning()
      : await insertCardIntent(this.db, {
          id,
          clientSecret,
          metadata: { paymentId: input.paymentId },
          amountCents: input.amountCents,
          currency: input.currency,
          saveForLater: Boolean(input.saveForLater),
        });
    const row = inserted[0] ?? (await this.intent(id));
    if (!row) throw new Error(`sandbox payment intent ${id} could not be created`);
    if (inserted[0] && bank) await this.deliver(this.intentEvent(row, "payment_intent.processing", null));
    return { id: row.id, clientSecret: row.clientSecret, state: stateOf(row) };
  }

  async retrieveIntent(intentId: string): Promise<ChargeFacts> {
    const row = await this.intent(intentId);
    if (!row) throw new IntentMissingError(intentId);
    return factsOf(row);
  }

  async cancelIntent(intentId: string): Promise<void> {
    await this.db
      .update(sandboxIntents)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(sql`${sandboxIntents.id} = ${intentId} and ${sandboxIntents.status} not in ('succeeded', 'processing')`);
  }

  /** The intent a client secret belongs to: what Stripe.js reads from the secret. */
  async intentOfSecret(clientSecret: string): Promise<IntentRow | null> {
    const [row] = await intentBySecret(this.db, { clientSecret });
    return row ?? null;
  }

  /**
   * The card step (Stripe.js's confirmPayment): decides a card for the intent of `clientSecret` as
   * Stripe's test cards are decided, and delivers the outcome's event. The caller has checked the card.
   */
  async confirmCard(clientSecret: string, cardNumber: string): Promise<SandboxConfirmation> {
    const current = await this.intentOfSecret(clientSecret);
    if (!current) return { kind: "unknown" };
    if (current.status === "canceled") return { kind: "canceled" };
    if (current.status === "succeeded" || current.status === "processing") {
      // Decided before: its event is delivered again (the server may have stopped in between), as Stripe retries.
      await this.deliverDecided(current);
      return { kind: "decided", status: "succeeded", message: null };
    }
    const digits = cardDigits(cardNumber);
    const outcome = sandboxOutcome(digits);
    const card = { brand: cardBrand(digits), last4: digits.slice(-4) };
    const status = outcome.status === "succeeded" ? "succeeded" : "failed";
    const failureMessage = outcome.status === "failed" ? outcome.message : null;
    // A saved card is a token standing for it: its later charges end as Stripe's test card would.
    let paymentMethod: string | null = null;
    if (current.saveForLater && status === "succeeded") {
      paymentMethod = `pm_sandbox_${randomBytes(12).toString("hex")}`;
      await this.db.insert(sandboxPaymentMethods).values({
        id: paymentMethod,
        type: "card",
        ...card,
        chargeOutcome: digits === DECLINES_LATER ? "declined" : "succeeded",
      });
    }
    // Only an intent still open is decided: two confirmations at once give one outcome.
    const attempt = (current.metadata.attempt ? Number(current.metadata.attempt) : 0) + 1;
    const [intent] = await decideIntent(this.db, {
      id: current.id,
      status,
      failureMessage,
      ...card,
      paymentMethod,
      refundsFail: digits === REFUNDS_FAIL,
      metadata: { ...current.metadata, attempt: String(attempt) },
    });
    if (!intent) {
      const decided = await this.intent(current.id);
      if (decided) await this.deliverDecided(decided);
      return {
        kind: "decided",
        status: decided?.status === "succeeded" ? "succeeded" : "failed",
        message: decided?.failureMessage ?? null,
      };
    }
    await this.deliverDecided(intent, outcome.status === "failed" ? outcome.code : null);
    return { kind: "decided", status, message: failureMessage };
  }

  /** The event of a decided intent: a subscription's invoice, or the intent's own. */
  private async deliverDecided(intent: IntentRow, failureCode: string | null = null): Promise<void> {
    if (intent.subscriptionId) {
      await this.deliver(await this.invoiceEvent(intent, "subscription_create", intent.createdAt));
      return;
    }
    const type =
      intent.status === "succeeded"
        ? "payment_intent.succeeded"
        : intent.status === "processing"
          ? "payment_intent.processing"
          : "payment_intent.payment_failed";
    await this.deliver(this.intentEvent(intent, type, failureCode));
  }

  /** A payment_intent event for an intent as it stands, its id fixed by the intent, the state and the attempt. */
  private intentEvent(intent: IntentRow, type: string, failureCode: string | null) {
    const succeeded = intent.status === "succeeded";
    const details =
      intent.methodType === "us_bank_account"
        ? { type: "us_bank_account", us_bank_account: { last4: intent.last4 } }
        : { type: "card", card: { brand: intent.brand, last4: intent.last4 } };
    const object = {
      id: intent.id,
      object: "payment_intent",
      amount: intent.amountCents,
      amount_received: succeeded ? intent.amountCents : 0,
      currency: intent.currency,
      status: succeeded ? "succeeded" : intent.status === "processing" ? "processing" : "requires_payment_method",
      metadata: intent.metadata,
      payment_method: intent.paymentMethod,
      setup_future_usage: intent.saveForLater ? "off_session" : null,
      off_session: intent.metadata.offSession === "true",
      customer: null,
      latest_charge: { id: `ch_${intent.id}`, payment_method_details: details },
      last_payment_error:
        intent.status === "failed" ? { code: failureCode ?? "card_declined", message: intent.failureMessage } : null,
    };
    return { id: hashed("evt_sandbox_", intent.id, type, intent.metadata.attempt ?? "0"), type, data: { object } };
  }

  async chargeSaved(input: SavedChargeInput): Promise<ChargeFacts> {
    const [method] = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, input.savedMethodId));
    if (!method) throw new Error(`sandbox payment method ${input.savedMethodId} does not exist`);
    const id = hashed("pi_sandbox_", input.idempotencyKey);
    const failureMessage =
      method.chargeOutcome === "succeeded"
        ? null
        : method.chargeOutcome === "insufficient_funds"
          ? DECLINE_MESSAGES.insufficientFunds
          : DECLINE_MESSAGES.generic;
    const inserted = await this.db
      .insert(sandboxIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(18).toString("base64url")}`,
        metadata: { paymentId: input.paymentId, offSession: "true" },
        amountCents: input.amountCents,
        currency: "usd",
        paymentMethod: method.id,
        methodType: method.type,
        brand: method.brand,
        last4: method.last4,
        status: failureMessage ? "failed" : "succeeded",
        failureMessage,
      })
      .onConflictDoNothing({ target: sandboxIntents.id })
      .returning();
    const intent = inserted[0] ?? (await this.intent(id));
    if (!intent) throw new Error(`sandbox payment intent ${id} could not be created`);
    const code = failureMessage
      ? method.chargeOutcome === "insufficient_funds"
        ? "insufficient_funds"
        : "card_declined"
      : null;
    await this.deliver(
      this.intentEvent(intent, failureMessage ? "payment_intent.payment_failed" : "payment_intent.succeeded", code),
    );
    return factsOf(intent);
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    const [existing] = await this.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
    if (existing) {
      await this.deliverRefunded(existing.intentId);
      return this.refundOutcome(existing);
    }
    const intent = await this.intent(input.intentId);
    if (!intent || intent.status !== "succeeded")
      throw new RefundRefusedError("This PaymentIntent does not have a successful charge to refund.");
    if (input.amountCents < 1 || intent.refundedCents + input.amountCents > intent.amountCents)
      throw new RefundRefusedError("Refund amount is greater than the amount left to refund.");
    const failed = intent.refundsFail;
    const [refund] = await this.db
      .insert(sandboxRefunds)
      .values({
        id: `re_sandbox_${randomBytes(12).toString("hex")}`,
        intentId: intent.id,
        idempotencyKey: input.idempotencyKey,
        amountCents: input.amountCents,
        status: failed ? "failed" : "succeeded",
        metadata: { refundId: input.refundId },
      })
      .returning();
    if (failed) {
      await this.deliver({
        id: hashed("evt_sandbox_", refund.id, "failed"),
        type: "refund.failed",
        data: { object: this.refundObject(refund) },
      });
      return this.refundOutcome(refund);
    }
    // The charge's refunded total moves in one conditional update: two refunds at once never pass the amount.
    const [moved] = await this.db
      .update(sandboxIntents)
      .set({ refundedCents: sql`${sandboxIntents.refundedCents} + ${input.amountCents}`, updatedAt: new Date() })
      .where(
        and(
          eq(sandboxIntents.id, intent.id),
          sql`${sandboxIntents.refundedCents} + ${input.amountCents} <= ${sandboxIntents.amountCents}`,
        ),
      )
      .returning();
    if (!moved) {
      await this.db.delete(sandboxRefunds).where(eq(sandboxRefunds.id, refund.id));
      throw new RefundRefusedError("Refund amount is greater than the amount left to refund.");
    }
    await this.deliverRefunded(intent.id);
    return this.refundOutcome(refund);
  }

  private refundObject(refund: RefundRow) {
    return {
      id: refund.id,
      object: "refund",
      amount: refund.amountCents,
      currency: "usd",
      payment_intent: refund.intentId,
      status: refund.status,
      metadata: refund.metadata,
      failure_reason: refund.status === "failed" ? "expired_or_canceled_card" : null,
    };
  }

  private refundOutcome(refund: RefundRow): RefundOutcome {
    return {
      providerRefundId: refund.id,
      state: refund.status === "failed" ? "failed" : "succeeded",
      failureMessage:
        refund.status === "failed" ? "The card has expired or was cancelled: the bank refused the refund." : null,
    };
  }

  /** charge.refunded with the charge's refunded total, as Stripe sends after each refund. */
  private async deliverRefunded(intentId: string): Promise<void> {
    const intent = await this.intent(intentId);
    if (!intent || intent.refundedCents === 0) return;
    await this.deliver({
      id: hashed("evt_sandbox_", intent.id, "refunded", String(intent.refundedCents)),
      type: "charge.refunded",
      data: {
        object: {
          id: `ch_${intent.id}`,
          object: "charge",
          payment_intent: intent.id,
          amount: intent.amountCents,
          amount_refunded: intent.refundedCents,
          currency: intent.currency,
          refunded: intent.refundedCents >= intent.amountCents,
        },
      },
    });
  }

  async findRefund(intentId: string, refundId: string): Promise<RefundOutcome | null> {
    const [refund] = await this.db
      .select()
      .from(sandboxRefunds)
      .where(and(eq(sandboxRefunds.intentId, intentId), sql`${sandboxRefunds.metadata} ->> 'refundId' = ${refundId}`));
    return refund ? this.refundOutcome(refund) : null;
  }

  /** A refund made from the sandbox's "dashboard" (outside Atelier), as staff would in Stripe's. */
  async refundOutside(intentId: string, amountCents: number): Promise<RefundOutcome> {
    return this.refund({
      intentId,
      amountCents,
      refundId: "",
      idempotencyKey: `dashboard-${randomBytes(8).toString("hex")}`,
    });
  }

  /**
   * A subscription as Stripe's test mode runs one: its first invoice is an intent confirmed with a card
   * (saved for renewals); renewals charge that card (renewSubscription); each outcome is an invoice event.
   */
  async createSubscription(input: SubscriptionInput) {
    const providerSubscriptionId = hashed("sub_sandbox_", input.idempotencyKey);
    await this.db
      .insert(sandboxSubscriptions)
      .values({ id: providerSubscriptionId, metadata: { subscriptionId: input.subscriptionId } })
      .onConflictDoNothing();
    const id = hashed("pi_sandbox_", input.idempotencyKey, "first");
    await this.db
      .insert(sandboxIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(18).toString("base64url")}`,
        metadata: {},
        amountCents: input.priceCents,
        currency: "usd",
        subscriptionId: providerSubscriptionId,
        saveForLater: true,
      })
      .onConflictDoNothing({ target: sandboxIntents.id });
    const row = await this.intent(id);
    if (!row) throw new Error(`sandbox subscription ${providerSubscriptionId} has no first invoice`);
    return { providerSubscriptionId, customerId: null, clientSecret: row.clientSecret };
  }

  private async subscription(providerSubscriptionId: string) {
    const [row] = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, providerSubscriptionId));
    if (!row) throw new Error(`sandbox subscription ${providerSubscriptionId} does not exist`);
    return row;
  }

  private subscriptionEvent(
    row: typeof sandboxSubscriptions.$inferSelect,
    type: "customer.subscription.updated" | "customer.subscription.deleted",
  ) {
    const object = {
      id: row.id,
      object: "subscription",
      status: type === "customer.subscription.deleted" ? "canceled" : row.status,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      current_period_end: row.currentPeriodEnd ? Math.floor(row.currentPeriodEnd.getTime() / 1000) : null,
      metadata: row.metadata,
    };
    return { id: `evt_sandbox_${randomBytes(12).toString("hex")}`, type, data: { object } };
  }

  async cancelSubscription(providerSubscriptionId: string, atPeriodEnd: boolean): Promise<void> {
    const row = await this.subscription(providerSubscriptionId);
    if (row.status === "canceled") return;
    const [updated] = await this.db
      .update(sandboxSubscriptions)
      .set(atPeriodEnd ? { cancelAtPeriodEnd: true } : { status: "canceled" })
      .where(eq(sandboxSubscriptions.id, providerSubscriptionId))
      .returning();
    await this.deliver(
      this.subscriptionEvent(updated, atPeriodEnd ? "customer.subscription.updated" : "customer.subscription.deleted"),
    );
  }

  async resumeSubscription(providerSubscriptionId: string): Promise<void> {
    const row = await this.subscription(providerSubscriptionId);
    if (row.status === "canceled") throw new Error(`sandbox subscription ${providerSubscriptionId} has ended`);
    const [updated] = await this.db
      .update(sandboxSubscriptions)
      .set({ cancelAtPeriodEnd: false })
      .where(eq(sandboxSubscriptions.id, providerSubscriptionId))
      .returning();
    await this.deliver(this.subscriptionEvent(updated, "customer.subscription.updated"));
  }

  /**
   * The test clock moved to the period's end: a subscription set to end then ends; otherwise the card
   * its first invoice saved is charged for the month from `periodStart`, as Stripe's test card would end.
   */
  async renewSubscription(providerSubscriptionId: string, amountCents: number, periodStart: Date): Promise<void> {
    const subscription = await this.subscription(providerSubscriptionId);
    if (subscription.cancelAtPeriodEnd) {
      const [ended] = await this.db
        .update(sandboxSubscriptions)
        .set({ status: "canceled" })
        .where(eq(sandboxSubscriptions.id, providerSubscriptionId))
        .returning();
      await this.deliver(this.subscriptionEvent(ended, "customer.subscription.deleted"));
      return;
    }
    const [first] = await this.db
      .select()
      .from(sandboxIntents)
      .where(
        sql`${sandboxIntents.subscriptionId} = ${providerSubscriptionId} and ${sandboxIntents.paymentMethod} is not null`,
      )
      .orderBy(sandboxIntents.createdAt)
      .limit(1);
    const [method] = first?.paymentMethod
      ? await this.db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, first.paymentMethod))
      : [];
    const failureMessage = !method
      ? DECLINE_MESSAGES.generic
      : method.chargeOutcome === "succeeded"
        ? null
        : method.chargeOutcome === "insufficient_funds"
          ? DECLINE_MESSAGES.insufficientFunds
          : DECLINE_MESSAGES.generic;
    // One invoice per period; a declined one is tried again as a new payment of the same invoice, as Stripe retries.
    const invoiceId = hashed("in_sandbox_", providerSubscriptionId, periodStart.toISOString());
    const [tried] = await this.db
      .select({ n: sql<string>`count(*)` })
      .from(sandboxIntents)
      .where(sql`${sandboxIntents.metadata} ->> 'invoiceId' = ${invoiceId}`);
    const attempt = String(Number(tried?.n ?? 0) + 1);
    const id = hashed("pi_sandbox_", providerSubscriptionId, periodStart.toISOString(), attempt);
    await this.db
      .insert(sandboxIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(18).toString("base64url")}`,
        metadata: { invoiceId, attempt },
        amountCents,
        currency: "usd",
        subscriptionId: providerSubscriptionId,
        paymentMethod: method?.id ?? null,
        brand: method?.brand ?? null,
        last4: method?.last4 ?? null,
        status: failureMessage ? "failed" : "succeeded",
        failureMessage,
      })
      .onConflictDoNothing({ target: sandboxIntents.id });
    const intent = await this.intent(id);
    if (intent) await this.deliver(await this.invoiceEvent(intent, "subscription_cycle", periodStart));
  }

  /** invoice.paid or invoice.payment_failed for a subscription's decided intent; a paid one moves the subscription's period. */
  private async invoiceEvent(intent: IntentRow, reason: string, periodStart: Date) {
    const paid = intent.status === "succeeded";
    const end = new Date(periodStart);
    end.setUTCMonth(end.getUTCMonth() + 1);
    if (paid && intent.subscriptionId) {
      await this.db
        .update(sandboxSubscriptions)
        .set({ status: "active", currentPeriodEnd: end })
        .where(eq(sandboxSubscriptions.id, intent.subscriptionId));
    }
    const object = {
      id: intent.metadata.invoiceId ?? `in_${intent.id.slice("pi_".length)}`,
      object: "invoice",
      subscription: intent.subscriptionId,
      billing_reason: reason,
      amount_due: intent.amountCents,
      amount_paid: paid ? intent.amountCents : 0,
      currency: "usd",
      payment_intent: intent.id,
      charge: {
        id: `ch_${intent.id}`,
        payment_method_details: { type: "card", card: { brand: intent.brand, last4: intent.last4 } },
      },
      failure_message: paid ? null : intent.failureMessage,
      lines: {
        data: [{ period: { start: Math.floor(periodStart.getTime() / 1000), end: Math.floor(end.getTime() / 1000) } }],
      },
    };
    return {
      id: hashed("evt_sandbox_", intent.id, paid ? "paid" : "failed", intent.metadata.attempt ?? "0"),
      type: paid ? "invoice.paid" : "invoice.payment_failed",
      data: { object },
    };
  }

  /** Sets how later charges of a saved method end (tests and the staff's sandbox tools). */
  async setChargeOutcome(
    paymentMethodId: string,
    outcome: "succeeded" | "declined" | "insufficient_funds",
  ): Promise<void> {
    await this.db
      .update(sandboxPaymentMethods)
      .set({ chargeOutcome: outcome })
      .where(eq(sandboxPaymentMethods.id, paymentMethodId));
  }

  /**
   * A bank account as Stripe's test mode knows it: saved as a us_bank_account method whose debits end
   * as its test account number says (succeeded, account closed, insufficient funds...).
   */
  async saveBankAccount(input: {
    accountNumber: string;
  }): Promise<{ paymentMethodId: string; customerId: null; outcome: BankDebitOutcome }> {
    const outcome = bankDebitOutcome(input.accountNumber);
    const id = `pm_sandbox_bank_${randomBytes(12).toString("hex")}`;
    await this.db.insert(sandboxPaymentMethods).values({
      id,
      type: "us_bank_account",
      brand: "bank",
      last4: input.accountNumber.slice(-4),
      chargeOutcome: outcome.status === "succeeded" ? "succeeded" : outcome.code,
    });
    return { paymentMethodId: id, customerId: null, outcome };
  }

  /**
   * The bank answers a processing debit (days later in real life, when staff press the test tool here):
   * the method's outcome decides it, delivered as an event. False when the intent is not processing.
   */
  async settleBankDebit(intentId: string): Promise<boolean> {
    const current = await this.intent(intentId);
    if (!current || current.status !== "processing" || !current.paymentMethod) return false;
    const [method] = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, current.paymentMethod));
    const outcome = method ? bankDebitOutcome.fromCode(method.chargeOutcome) : bankDebitOutcome.fromCode("succeeded");
    const [intent] = await this.db
      .update(sandboxIntents)
      .set({
        status: outcome.status === "succeeded" ? "succeeded" : "failed",
        failureMessage: outcome.status === "succeeded" ? null : outcome.message,
        brand: "bank",
        last4: method?.last4 ?? null,
        updatedAt: new Date(),
      })
      .where(sql`${sandboxIntents.id} = ${intentId} and ${sandboxIntents.status} = 'processing'`)
      .returning();
    if (!intent) return false;
    await this.deliver(
      this.intentEvent(
        intent,
        outcome.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed",
        outcome.status === "succeeded" ? null : outcome.code,
      ),
    );
    return true;
  }

  /** Signs an event as Stripe does (t=..., v1=HMAC-SHA256), with the sandbox secret. */
  async sign(event: { id: string; type: string; data: { object: Record<string, unknown> } }): Promise<SignedEvent> {
    const rawBody = JSON.stringify({
      object: "event",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...event,
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: await this.secret() });
    return { rawBody, signature };
  }

  async verifyEvent(rawBody: string, signature: string | undefined): Promise<ProviderEvent> {
    return verifiedStripeEvent(signer.webhooks, rawBody, signature, await this.secret());
  }
}
