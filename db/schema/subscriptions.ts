import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Subscription plans, read by name (spec README, decision 4: the plan's price is the server's). */
export const plans = pgTable("plans", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  priceCents: integer("price_cents").notNull(),
  descriptionEn: text("description_en").notNull(),
  descriptionFr: text("description_fr").notNull(),
  featuresEn: jsonb("features_en").$type<string[]>().notNull(),
  featuresFr: jsonb("features_fr").$type<string[]>().notNull(),
  /** The Stripe Price of this plan (monthly, usd), when Stripe is the provider. */
  stripePriceId: text("stripe_price_id"),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's subscription to a plan, a record of ours driven by the provider's verified events:
 * incomplete until its first invoice is paid, active, past_due after a failed renewal, cancelled.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name").notNull(),
    language: text("language").notNull().default("en"),
    status: text("status").notNull().default("incomplete"),
    provider: text("provider").notNull(),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    clientSecret: text("client_secret"),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** E-mail and name folded for staff's search (lower case, no accents), served by a trigram index. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(sql`lower(atelier_unaccent(customer_email || chr(10) || customer_name))`),
  },
  (table) => [
    uniqueIndex("subscriptions_provider_id_idx").on(table.providerSubscriptionId),
    // One live subscription per e-mail and plan: a second request finds it (idempotent).
    uniqueIndex("subscriptions_live_idx")
      .on(sql`lower(${table.customerEmail})`, table.planId)
      .where(sql`${table.status} <> 'cancelled'`),
    // Staff's list order, newest first with the id as tie-break.
    index("subscriptions_list_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("subscriptions_search_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    // One or two characters have no trigram: they match the start of the e-mail.
    index("subscriptions_email_prefix_idx").on(sql`lower(${table.customerEmail}) text_pattern_ops`),
    check("subscriptions_status", sql`${table.status} in ('incomplete', 'active', 'past_due', 'cancelled')`),
  ],
);
