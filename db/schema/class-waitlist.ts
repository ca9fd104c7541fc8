import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { classEnrollments, classes } from "./classes.ts";

/**
 * The waiting list of a full class, first come first served (by id). A person `waiting` becomes `offered`
 * when a seat frees: a `reserved` enrolment (`enrollment_id`) holds that seat for them until
 * `offered_until`, reached through the e-mailed link whose token only the hash of is kept. The offer ends
 * `claimed` (paid), or `expired` and the seat goes to the next person; `left` is a person who gave up
 * their place. One live entry (waiting or offered) per e-mail and class.
 */
export const classWaitlist = pgTable(
  "class_waitlist",
  {
    id: serial("id").primaryKey(),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lower case. */
    email: text("email").notNull(),
    /** The language the person's e-mails are written in. */
    language: text("language").notNull().default("en"),
    status: text("status").notNull().default("waiting"),
    /** SHA-256 of the token of the person's "leave the waiting list" link. */
    leaveTokenHash: text("leave_token_hash").notNull(),
    /** SHA-256 of the token of the offer's link, once offered. */
    offerTokenHash: text("offer_token_hash"),
    enrollmentId: uuid("enrollment_id").references(() => classEnrollments.id, { onDelete: "set null" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offeredUntil: timestamp("offered_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("class_waitlist_live_email_idx")
      .on(table.classId, table.email)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    uniqueIndex("class_waitlist_leave_token_idx").on(table.leaveTokenHash),
    uniqueIndex("class_waitlist_offer_token_idx").on(table.offerTokenHash),
    index("class_waitlist_class_status_idx").on(table.classId, table.status, table.id),
    index("class_waitlist_enrollment_idx").on(table.enrollmentId),
    check("class_waitlist_status", sql`${table.status} in ('waiting', 'offered', 'claimed', 'expired', 'left')`),
  ],
);
