import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A phone call answered by the assistant (spec 001, section 3 "Phone calls"): one row per telephony
 * call id, written by the status callback (repeated callbacks update the same row).
 */
export const phoneCalls = pgTable(
  "phone_calls",
  {
    id: serial("id").primaryKey(),
    twilioCallId: text("twilio_call_id").notNull(),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    /** Twilio's call status: queued, ringing, in-progress, completed, busy, failed, no-answer, canceled. */
    status: text("status").notNull(),
    /** Seconds, once the call has ended. */
    duration: integer("duration"),
    transcript: text("transcript"),
    summary: text("summary"),
    /** "yes" when the call booked a consultation or left contact details. */
    leadCaptured: text("lead_captured").notNull().default("no"),
    /** "yes" when a flow was left unfinished or the caller asked to be called back. */
    followUpRequired: text("follow_up_required").notNull().default("no"),
    language: text("language").notNull().default("en"),
    leadId: integer("lead_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("phone_calls_twilio_call_idx").on(table.twilioCallId),
    index("phone_calls_created_idx").on(table.createdAt),
  ],
);
