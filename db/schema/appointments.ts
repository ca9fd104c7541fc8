import { sql } from "drizzle-orm";
import { index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const appointments = pgTable(
  "appointments",
  {
    id: serial("id").primaryKey(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    appointmentDate: text("appointment_date").notNull(),
    appointmentTime: text("appointment_time").notNull(),
    appointmentType: text("appointment_type").notNull().default("consultation"),
    notes: text("notes"),
    status: text("status").notNull().default("scheduled"),
    source: text("source").notNull().default("chatbot"),
    language: text("language").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One booking per slot; a cancelled booking frees its slot.
  (table) => [
    uniqueIndex("appointments_slot_idx")
      .on(table.appointmentDate, table.appointmentTime)
      .where(sql`${table.status} <> 'cancelled'`),
    // Staff's list in date and time order from a day, alone and under a status.
    index("appointments_list_idx").on(table.appointmentDate, table.appointmentTime, table.id),
    index("appointments_status_list_idx").on(table.status, table.appointmentDate, table.appointmentTime, table.id),
  ],
);
