import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One conversation with the assistant, in the chat window, the voice assistant or on the phone: the
 * whole transcript, its language, and the guided flow in progress. The browser sends only the last 12
 * messages (spec 001, section 7); the server keeps the conversation, keyed by a random id, so that the
 * lead it produced shows it on its timeline.
 */
export const assistantConversations = pgTable(
  "assistant_conversations",
  {
    /** A random UUID: whoever holds it continues the conversation, so it must not be guessable. */
    id: text("id").primaryKey(),
    channel: text("channel").notNull(),
    language: text("language").notNull(),
    /** [{ role: "user" | "assistant", content, at }], oldest first. */
    transcript: jsonb("transcript")
      .$type<Array<{ role: "user" | "assistant"; content: string; at: string }>>()
      .notNull()
      .default([]),
    /** The guided flow in progress ({ kind, step, answers }), or null. */
    flow: jsonb("flow").$type<{ kind: "booking" | "contact"; step: string; answers: Record<string, string> } | null>(),
    /** What the conversation produced: the booking, the contact message, the lead, a request to be called back. */
    outcome: jsonb("outcome")
      .$type<{
        appointmentId?: number;
        booked?: { date: string; time: string };
        contactSubmissionId?: number;
        service?: string;
        followUp?: boolean;
        unfinished?: string;
      }>()
      .notNull()
      .default({}),
    /** Turns answered, so that a telephony retry of a turn already answered replays its reply instead of running it twice. */
    turns: integer("turns").notNull().default(0),
    lastReply: text("last_reply"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("assistant_conversations_updated_idx").on(table.updatedAt)],
);
