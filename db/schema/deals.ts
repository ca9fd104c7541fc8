import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * A hot deal exists once, whatever the language it is read in: its texts are stored in both languages,
 * its prices, window, limit and claims once (docs/decisions/0017-bilingual-content.md).
 */
export const hotDeals = pgTable(
  "hot_deals",
  {
    id: serial("id").primaryKey(),
    titleEn: text("title_en").notNull(),
    titleFr: text("title_fr").notNull(),
    descriptionEn: text("description_en").notNull(),
    descriptionFr: text("description_fr").notNull(),
    serviceNameEn: text("service_name_en").notNull(),
    serviceNameFr: text("service_name_fr").notNull(),
    originalPrice: integer("original_price").notNull(),
    discountedPrice: integer("discounted_price").notNull(),
    discountPercentage: integer("discount_percentage").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    featuredImage: text("featured_image"),
    active: boolean("active").notNull().default(true),
    claimLimit: integer("claim_limit"),
    claimCount: integer("claim_count").notNull().default(0),
    /** How many claims one person (an e-mail) may hold or have counted across their orders. */
    perPersonLimit: integer("per_person_limit").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The deals shown now, ending soonest first, a page at a time: those still running are at the end of
    // the index past now(), so ended deals are never read (docs/decisions/0036-lists-a-page-at-a-time.md).
    index("hot_deals_active_until_idx").on(table.validUntil, table.id).where(sql`active`),
    // The staff list's order, every row (drafts, pending, ended), newest first: a page of it is read from
    // the index (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff screens").
    index("hot_deals_staff_list_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/**
 * Ids of the per-language copies that were merged into one deal: a cart saved before the merge still
 * names the old id, and it keeps claiming the deal it meant.
 */
export const hotDealAliases = pgTable(
  "hot_deal_aliases",
  {
    oldId: integer("old_id").primaryKey(),
    dealId: integer("deal_id")
      .notNull()
      .references(() => hotDeals.id, { onDelete: "cascade" }),
  },
  (table) => [index("hot_deal_aliases_deal_idx").on(table.dealId)],
);
