import { pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const inquiryType = pgEnum("inquiry_type", ["question", "quote", "consultation", "partnership", "support"]);

export const contactSubmissions = pgTable("contact_submissions", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  company: text("company"),
  inquiryType: inquiryType("inquiry_type").notNull().default("question"),
  message: text("message").notNull(),
  language: text("language").notNull().default("en"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
