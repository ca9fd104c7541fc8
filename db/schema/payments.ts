import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Every movement of money, one row each (docs/decisions/0028-payments-module.md): a charge (a card
 * payment, an instalment, a bank debit, a subscription's invoice) or a refund of one. The payments
 * module knows no order, class or plan: a row names the checkout workflow that owns it and that
 * workflow's record (`subject_id`: an order's or a subscription's id), and `part` for a workflow's
 * own sub-division (an instalment).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The workflow in core/checkout that registered what happens when this payment moves. */
    workflow: text("workflow").notNull(),
    subjectId: text("subject_id").notNull(),
    part: integer("part"),
    /** charge or refund. */
    kind: text("kind").notNull(),
    /** charge: requires_payment, processing, succeeded, failed, cancelled; refund: pending, succeeded, failed. */
    status: text("status").notNull(),
    /** card or us_bank_account. */
    method: text("method").notNull().default("card"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    provider: text("provider").notNull(),
    /** The provider's id of this movement: the payment intent of a charge, the refund of a refund. */
    providerPaymentId: text("provider_payment_id"),
    /** A subscription invoice's id at the provider. */
    providerInvoiceId: text("provider_invoice_id"),
    /** What the browser confirms a charge with; kept so that asking again does not call the provider. */
    clientSecret: text("client_secret"),
    /** The payment method the provider saved for later charges, and its customer. */
    savedMethodId: text("saved_method_id"),
    providerCustomerId: text("provider_customer_id"),
    /** The charge a refund gives money back from. */
    refundOf: uuid("refund_of"),
    brand: text("brand"),
    last4: text("last4"),
    failureMessage: text("failure_message"),
    /** A refund's reason (staff's words, or an automatic refund's code) and who asked for it. */
    reason: text("reason"),
    actor: text("actor"),
    /** Provider calls made for a refund, and when the next is due after a failure. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** Staff's retries of a refund that failed: each round calls the provider with a key of its own. */
    round: integer("round").notNull().default(0),
    idempotencyKey: text("idempotency_key").notNull(),
    /** The period a subscription invoice pays. */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the money moved (succeeded) or was refused (failed). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("payments_provider_payment_idx").on(table.providerPaymentId),
    uniqueIndex("payments_provider_invoice_idx").on(table.providerInvoiceId),
    uniqueIndex("payments_idempotency_key_idx").on(table.idempotencyKey),
    index("payments_subject_idx").on(table.subjectId, table.createdAt),
    // One charge of a record's part waits for the buyer or the bank at a time: two requests at once make one.
    uniqueIndex("payments_open_charge_idx")
      .on(table.subjectId, sql`coalesce(${table.part}, 0)`)
      .where(sql`${table.kind} = 'charge' and ${table.status} in ('requires_payment', 'processing')`),
    index("payments_refund_of_idx").on(table.refundOf),
    // The Overview's revenue sums what moved in a period by kind: with the kind and amount in the index, the
    // sums read the index alone (a month of 100,000 payments a year: 3.4 to 1.7 ms).
    index("payments_settled_idx").on(table.status, table.settledAt, table.kind, table.amountCents),
    index("payments_retry_idx").on(table.kind, table.status, table.nextAttemptAt),
    check("payments_kind", sql`${table.kind} in ('charge', 'refund')`),
    check(
      "payments_status",
      sql`(${table.kind} = 'charge' and ${table.status} in ('requires_payment', 'processing', 'succeeded', 'failed', 'cancelled')) or (${table.kind} = 'refund' and ${table.status} in ('pending', 'succeeded', 'failed'))`,
    ),
    check("payments_method", sql`${table.method} in ('card', 'us_bank_account')`),
    check("payments_amount", sql`${table.amountCents} between 1 and 10000000`),
    check("payments_currency_usd", sql`${table.currency} = 'usd'`),
    check("payments_refund_has_charge", sql`(${table.kind} = 'refund') = (${table.refundOf} is not null)`),
  ],
);

/** Provider events already handled, by id: a redelivered event has no second effect. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** The payment the event moved, if any. */
  paymentId: uuid("payment_id"),
  /**
   * Why the event changed nothing though it named one of our payments (an amount or currency that is not
   * the payment's, metadata naming another payment, a refund of a payment that never succeeded); staff
   * were alerted. Null for an event applied as it came.
   */
  problem: text("problem"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The offline sandbox provider's payment intents and refunds (the sandbox stands in for Stripe's own
 * records). Only the brand and the last four digits of a card are kept.
 */
export const sandboxIntents = pgTable("sandbox_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull().unique(),
  /** What the intent's creator attached, as Stripe's metadata (our payment's id). */
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: text("status").notNull().default("requires_payment_method"),
  failureMessage: text("failure_message"),
  brand: text("brand"),
  last4: text("last4"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  /** Paid with Stripe's test card 4000 0000 0000 5126: its refunds fail. */
  refundsFail: boolean("refunds_fail").notNull().default(false),
  /** The subscription whose invoice this intent pays, if any. */
  subscriptionId: text("subscription_id"),
  /** Whether the payment method is saved for later off-session charges. */
  saveForLater: boolean("save_for_later").notNull().default(false),
  /** The saved payment method this intent charges or saved. */
  paymentMethod: text("payment_method"),
  /** card, or us_bank_account (ACH: decided later, by a staff action or at once in tests). */
  methodType: text("method_type").notNull().default("card"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's refunds, by the key they were asked with: asking again answers the same refund. */
export const sandboxRefunds = pgTable("sandbox_refunds", {
  id: text("id").primaryKey(),
  intentId: text("intent_id").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  /** succeeded, or failed (a card whose refunds fail, as Stripe's test card 4000 0000 0000 5126). */
  status: text("status").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's subscriptions (Stripe's own records, offline): whether one is set to end at its
 * period's end, and when that is.
 */
export const sandboxSubscriptions = pgTable("sandbox_subscriptions", {
  id: text("id").primaryKey(),
  status: text("status").notNull().default("incomplete"),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Payment methods the offline sandbox saved for later charges (an instalment's card, a verified bank
 * account), with how a later charge of it ends, as Stripe's test numbers behave.
 */
export const sandboxPaymentMethods = pgTable("sandbox_payment_methods", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  brand: text("brand"),
  last4: text("last4").notNull(),
  /** succeeded, declined or insufficient_funds. */
  chargeOutcome: text("charge_outcome").notNull().default("succeeded"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A bank account verified for an ACH debit: the routing number, the last 4 digits of the account (the
 * full number is never stored) and the provider's payment method.
 */
export const bankAccounts = pgTable("bank_accounts", {
  id: text("id").primaryKey(),
  customerEmail: text("customer_email").notNull(),
  holderName: text("holder_name").notNull(),
  routingNumber: text("routing_number").notNull(),
  last4: text("last4").notNull(),
  provider: text("provider").notNull(),
  providerPaymentMethodId: text("provider_payment_method_id").notNull(),
  providerCustomerId: text("provider_customer_id"),
  verified: boolean("verified").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
