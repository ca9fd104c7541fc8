import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The order statuses of specification 001 (section 4), plus "refunded": a paid order given back in full
 * by staff (docs/decisions/0019-payments-and-orders.md).
 */
export const orderStatus = pgEnum("order_status", ["pending", "requires_payment", "paid", "failed", "cancelled", "refunded"]);

/** An order (specification 001, section 3, "Orders"), with its language, provider and payment method. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: orderStatus("status").notNull().default("pending"),
    currency: text("currency").notNull().default("usd"),
    language: text("language").notNull().default("en"),
    customerFirstName: text("customer_first_name").notNull(),
    customerLastName: text("customer_last_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    customerCompany: text("customer_company"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    promoCode: text("promo_code"),
    /** The browser's Idempotency-Key: a retried creation finds the order it already made. */
    idempotencyKey: text("idempotency_key"),
    paymentProvider: text("payment_provider"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** Brand and last four digits only: a card number is never stored. */
    paymentBrand: text("payment_brand"),
    paymentLast4: text("payment_last4"),
    failureMessage: text("failure_message"),
    /** A custom payment's plan (1time, 2times, 3times, monthly); null for a cart order. */
    paymentPlan: text("payment_plan"),
    /** The kind of payment: card, or us_bank_account for a bank transfer (ACH). */
    paymentMethodType: text("payment_method_type").notNull().default("card"),
    /** The provider's saved payment method and customer, for later off-session charges. */
    savedPaymentMethod: text("saved_payment_method"),
    providerCustomerId: text("provider_customer_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("orders_payment_intent_idx").on(table.stripePaymentIntentId),
    uniqueIndex("orders_idempotency_key_idx").on(table.idempotencyKey),
    index("orders_created_idx").on(table.createdAt),
    index("orders_email_idx").on(table.customerEmail),
    check("orders_currency_usd", sql`${table.currency} = 'usd'`),
    check("orders_subtotal_range", sql`${table.subtotalCents} between 0 and 10000000`),
    check("orders_discount_range", sql`${table.discountCents} between 0 and 1000000`),
    check("orders_tax_range", sql`${table.taxCents} between 0 and 1000000`),
    check("orders_total_range", sql`${table.totalCents} between 50 and 10000000`),
  ],
);

/** An order's lines (specification 001, section 3, "Order items"), deleted with their order. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    serviceId: text("service_id").notNull(),
    serviceName: text("service_name").notNull(),
    description: text("description").notNull().default(""),
    pricingType: text("pricing_type").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull().default(1),
    lineTotalCents: integer("line_total_cents").notNull(),
    serviceData: jsonb("service_data").notNull().default({}),
    /** The hot deal this line claims, if any. */
    dealId: integer("deal_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("order_items_order_idx").on(table.orderId),
    check("order_items_pricing_type", sql`${table.pricingType} in ('fixed', 'custom')`),
    check("order_items_unit_price_range", sql`${table.unitPriceCents} between 1 and 5000000`),
    check("order_items_quantity_range", sql`${table.quantity} between 1 and 1000`),
    check("order_items_line_total_range", sql`${table.lineTotalCents} between 1 and 10000000`),
  ],
);

/** Every status change of an order, append-only, with its cause. */
export const orderHistory = pgTable(
  "order_history",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    cause: text("cause").notNull(),
    eventId: text("event_id"),
    /** The staff member's e-mail, or null for the customer and the provider. */
    actor: text("actor"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_history_order_idx").on(table.orderId, table.id)],
);

/** Provider events already handled, by id: a redelivered event has no second effect. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: uuid("order_id"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Claims of a hot deal held for an order between its payment intent and its payment. A held
 * reservation counts against the deal's limit until it expires; it becomes the deal's claim when paid.
 */
export const dealReservations = pgTable(
  "deal_reservations",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    dealId: integer("deal_id").notNull(),
    quantity: integer("quantity").notNull(),
    state: text("state").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("deal_reservations_order_deal_idx").on(table.orderId, table.dealId), index("deal_reservations_deal_idx").on(table.dealId, table.state)],
);

/**
 * The offline sandbox provider's payment intents (the sandbox stands in for Stripe's own records).
 * Only the brand and the last four digits of a card are kept.
 */
export const sandboxIntents = pgTable("sandbox_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull().unique(),
  orderId: uuid("order_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: text("status").notNull().default("requires_payment_method"),
  failureMessage: text("failure_message"),
  brand: text("brand"),
  last4: text("last4"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  /** The instalment this intent charges, if any. */
  instalmentId: integer("instalment_id"),
  /** The subscription whose invoice this intent pays, if any (then orderId is the nil UUID). */
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

/** Secrets the application makes for itself when none is configured (shared by every app server). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
