import { boolean, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const promoKind = pgEnum("promo_kind", ["percent", "amount"]);

/** Promo codes, stored upper-case and matched case-insensitively. */
export const promoCodes = pgTable("promo_codes", {
  code: text("code").primaryKey(),
  kind: promoKind("kind").notNull(),
  value: integer("value").notNull(),
  minimumSubtotalCents: integer("minimum_subtotal_cents"),
  description: text("description").notNull().default(""),
  active: boolean("active").notNull().default(true),
  /** Only for an e-mail that has no paid order yet (NEWCLIENT: "for new clients"). */
  firstOrderOnly: boolean("first_order_only").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
