import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const hotDeals = pgTable("hot_deals", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  serviceName: text("service_name").notNull(),
  language: text("language").notNull().default("en"),
  originalPrice: integer("original_price").notNull(),
  discountedPrice: integer("discounted_price").notNull(),
  discountPercentage: integer("discount_percentage").notNull(),
  validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
  validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
  featuredImage: text("featured_image"),
  active: boolean("active").notNull().default(true),
  claimLimit: integer("claim_limit"),
  claimCount: integer("claim_count").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
