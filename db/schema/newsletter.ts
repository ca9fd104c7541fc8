import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Newsletter subscribers with double opt-in: confirmedAt is set when the e-mailed link is followed. */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  language: text("language").notNull().default("en"),
  tokenHash: text("token_hash").notNull().unique(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
