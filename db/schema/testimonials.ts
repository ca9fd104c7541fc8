import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const testimonials = pgTable(
  "testimonials",
  {
    id: serial("id").primaryKey(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email"),
    customerTitle: text("customer_title"),
    companyName: text("company_name"),
    testimonialText: text("testimonial_text").notNull(),
    /** The language the review was written in: the page's language when it was sent. */
    language: text("language").notNull().default("en"),
    rating: integer("rating").notNull().default(5),
    customerPhoto: text("customer_photo"),
    featured: boolean("featured").notNull().default(false),
    approved: boolean("approved").notNull().default(false),
    projectType: text("project_type"),
    isPublicSubmission: boolean("is_public_submission").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The approved list, newest first, a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md);
    // the rating is included so that the average of every approved review is read from the index alone.
    index("testimonials_approved_list_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst(), table.rating)
      .where(sql`approved`),
    // The staff list: awaiting approval first, each group newest first; read backwards, the oldest
    // awaiting approval first (the moderation queue).
    index("testimonials_staff_list_idx").on(
      table.approved,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
