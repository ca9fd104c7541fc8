import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

/**
 * The payment schedule of a custom-amount order (specification 001, sections 3 and 9): one row per
 * instalment, charged in position order. The first is paid by the visitor; the later ones are charged
 * off-session by a job at their due date, with retries.
 */
export const orderInstalments = pgTable(
  "order_instalments",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    amountCents: integer("amount_cents").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** due, processing, paid, failed, cancelled (core/instalments/rules.ts). */
    status: text("status").notNull().default("due"),
    /** Charges tried so far; a job runs only for the attempt it was queued for. */
    attempts: integer("attempts").notNull().default(0),
    /** When the next automatic attempt is planned after a failure; null when none is. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    intentId: text("intent_id"),
    failureMessage: text("failure_message"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("order_instalments_position_idx").on(table.orderId, table.position),
    index("order_instalments_due_idx").on(table.status, table.dueAt),
    check("order_instalments_status", sql`${table.status} in ('due', 'processing', 'paid', 'failed', 'cancelled')`),
    check("order_instalments_amount", sql`${table.amountCents} between 1 and 5000000`),
  ],
);

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
