import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { appointments } from "./appointments.ts";
import { contactSubmissions } from "./contact.ts";

export const leadSource = pgEnum("lead_source", ["contact_form", "consultation", "chatbot", "phone_call"]);
export const leadStatus = pgEnum("lead_status", ["new", "contacted", "qualified", "converted"]);
export const crmSystem = pgEnum("crm_system", ["hubspot", "pipedrive", "salesforce"]);
export const syncStatus = pgEnum("lead_sync_status", ["pending", "synced", "failed"]);

/**
 * One lead per person (spec 001, section 3 "Leads"): found again by e-mail (lower case) or else by phone
 * number in E.164 form. `leadSource` is the first channel it came through; every later one is a touchpoint.
 * `crmIds` keeps the record id in each CRM it was synced to, so that a second sync updates that record.
 */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    email: text("email"),
    phone: text("phone"),
    phoneE164: text("phone_e164"),
    company: text("company"),
    message: text("message"),
    leadSource: leadSource("lead_source").notNull(),
    /** Every channel the person came through, in the order they first used it. */
    channels: leadSource("channels").array().notNull().default(sql`'{}'`),
    leadStatus: leadStatus("lead_status").notNull().default("new"),
    crmSystem: crmSystem("crm_system"),
    crmLeadId: text("crm_lead_id"),
    crmIds: jsonb("crm_ids")
      .$type<Partial<Record<"hubspot" | "pipedrive" | "salesforce", string>>>()
      .notNull()
      .default({}),
    syncStatus: syncStatus("sync_status").notNull().default("pending"),
    crmSyncedAt: timestamp("crm_synced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the lead desk searches by, folded once when the lead is written (migration "staff_search"):
     * name, e-mail and company in lower case without accents, then the phone's digits alone. A trigram
     * index serves any part of it (docs/decisions/0036-lists-a-page-at-a-time.md).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(atelier_unaccent(first_name || ' ' || last_name || chr(10) || coalesce(email, '') || chr(10) || coalesce(company, ''))) || chr(10) || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`,
      ),
  },
  (table) => [
    // The last guard of "one lead per person": two racing first messages cannot both insert.
    uniqueIndex("leads_email_idx").on(table.email),
    index("leads_phone_idx").on(table.phoneE164),
    // The desk's order (newest first, the id as tie-break), alone and under each of its four filters.
    index("leads_list_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("leads_source_list_idx").on(
      table.leadSource,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("leads_status_list_idx").on(
      table.leadStatus,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("leads_sync_list_idx").on(
      table.syncStatus,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("leads_crm_list_idx").on(table.crmSystem, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("leads_search_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    // A search of one or two characters has no trigram: it matches the start of the e-mail (kept in
    // lower case), which this serves in any collation.
    index("leads_email_prefix_idx").on(sql`${table.email} text_pattern_ops`),
  ],
);

/**
 * How many leads share each source, status and sync status (at most 4 x 4 x 3 rows), kept by a trigger
 * on `leads` in the same transaction as the change (migration "staff_search"): the lead desk's statistics
 * read these rows instead of grouping the whole table on every request.
 */
export const leadCounts = pgTable(
  "lead_counts",
  {
    leadSource: leadSource("lead_source").notNull(),
    leadStatus: leadStatus("lead_status").notNull(),
    syncStatus: syncStatus("sync_status").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.leadSource, table.leadStatus, table.syncStatus] })],
);

/**
 * A lead's timeline: one row per contact through any channel, linked to what caused it. Chat
 * conversations and calls live in modules of their own; their ids are kept as text.
 */
export const leadTouchpoints = pgTable(
  "lead_touchpoints",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    channel: leadSource("channel").notNull(),
    contactSubmissionId: integer("contact_submission_id").references(() => contactSubmissions.id, {
      onDelete: "set null",
    }),
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    conversationId: text("conversation_id"),
    callId: text("call_id"),
    summary: text("summary"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("lead_touchpoints_lead_idx").on(table.leadId, table.occurredAt),
    uniqueIndex("lead_touchpoints_contact_idx")
      .on(table.contactSubmissionId)
      .where(sql`${table.contactSubmissionId} is not null`),
    uniqueIndex("lead_touchpoints_appointment_idx")
      .on(table.appointmentId)
      .where(sql`${table.appointmentId} is not null`),
  ],
);

/** Every attempt to push a lead to a CRM, with its outcome: the lead's sync history. */
export const leadSyncAttempts = pgTable(
  "lead_sync_attempts",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    crmSystem: crmSystem("crm_system").notNull(),
    /** queued when asked for, then synced, retrying or failed as the job runs. */
    outcome: text("outcome").notNull(),
    crmLeadId: text("crm_lead_id"),
    error: text("error"),
    attempt: integer("attempt").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("lead_sync_attempts_lead_idx").on(table.leadId, table.createdAt)],
);
