import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
