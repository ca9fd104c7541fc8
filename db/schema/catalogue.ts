import { boolean, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const serviceKind = pgEnum("service_kind", ["main", "specialised"]);
export const pricingType = pgEnum("pricing_type", ["fixed", "custom"]);

/** The service catalogue; names and descriptions in both languages, prices in cents. */
export const services = pgTable("services", {
  id: text("id").primaryKey(),
  kind: serviceKind("kind").notNull(),
  pricingType: pricingType("pricing_type").notNull(),
  fixedPriceCents: integer("fixed_price_cents"),
  minPriceCents: integer("min_price_cents").notNull(),
  maxPriceCents: integer("max_price_cents").notNull(),
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  descriptionEn: text("description_en").notNull().default(""),
  descriptionFr: text("description_fr").notNull().default(""),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
