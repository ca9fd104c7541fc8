import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** An order (specification 001, section 3, "Orders"), with its language, provider and payment method. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
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
    /** The checkout workflow that owns it: cart_order, custom_payment, class_seat or bank_transfer. */
    workflow: text("workflow").notNull().default("cart_order"),
    /** A custom payment's plan (1time, 2times, 3times, monthly); null for a cart order. */
    paymentPlan: text("payment_plan"),
    /** What its payments brought in and gave back so far (kept with the status, from the payments). */
    paidCents: integer("paid_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** When the order was first paid in full. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When staff cancelled it (or what remained of its schedule). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What staff search an order by, folded once when it is written (migration "staff_search"): e-mail,
     * name and company in lower case without accents, then the phone's digits alone, so that "+33 6 12"
     * finds "+33612...". A trigram index serves any part of it (docs/decisions/0036-lists-a-page-at-a-time.md).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(atelier_unaccent(customer_email || chr(10) || customer_first_name || ' ' || customer_last_name || chr(10) || coalesce(customer_company, ''))) || chr(10) || regexp_replace(coalesce(customer_phone, ''), '[^0-9]', '', 'g')`,
      ),
  },
  (table) => [
    uniqueIndex("orders_idempotency_key_idx").on(table.idempotencyKey),
    // Staff's list order (newest first, the id as tie-break), alone and under a status filter; the day
    // range filters use the same indexes.
    index("orders_list_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("orders_email_idx").on(table.customerEmail),
    // E-mails are compared without case (a first-order-only promo asks whether an e-mail paid before).
    index("orders_email_lower_idx").on(sql`lower(${table.customerEmail})`),
    index("orders_status_list_idx").on(table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The Overview's "paid today" reads a day of payments, not every order.
    index("orders_paid_idx").on(table.paidAt).where(sql`${table.paidAt} is not null`),
    index("orders_search_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    // A search of one or two characters has no trigram: it matches the start of the e-mail or of the
    // order number, which these two serve in any collation.
    index("orders_email_prefix_idx").on(sql`lower(${table.customerEmail}) text_pattern_ops`),
    index("orders_number_prefix_idx").on(sql`(${table.id}::text) text_pattern_ops`),
    check(
      "orders_status",
      sql`${table.status} in ('pending', 'requires_payment', 'processing', 'partially_paid', 'paid', 'failed', 'partially_refunded', 'refunded', 'cancelled')`,
    ),
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
    /** What staff wrote with their action (a refund's reason). */
    detail: text("detail"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_history_order_idx").on(table.orderId, table.id)],
);

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
    /** held, then claimed (paid and counted), over_limit (paid, not countable), released, or returned (refunded). */
    state: text("state").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("deal_reservations_order_deal_idx").on(table.orderId, table.dealId),
    index("deal_reservations_deal_idx").on(table.dealId, table.state),
  ],
);

/** Secrets the application makes for itself when none is configured (shared by every app server). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
