import { z } from "zod";
import { pagingQuerySchemaOf } from "../paging/schema.ts";
import {
  CRM_SYSTEMS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  SYNC_STATUSES,
  type CrmSystem,
  type LeadSource,
  type LeadStatus,
  type SyncStatus,
} from "./rules.ts";

export {
  CRM_SYSTEMS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  SYNC_STATUSES,
  type CrmSystem,
  type LeadSource,
  type LeadStatus,
  type SyncStatus,
} from "./rules.ts";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const leadSourceSchema = z.enum(LEAD_SOURCES, { message: "leads:validation.sourceRequired" });
export const leadStatusSchema = z.enum(LEAD_STATUSES, { message: "leads:validation.statusInvalid" });
export const crmSystemSchema = z.enum(CRM_SYSTEMS, { message: "leads:validation.crmInvalid" });
export const syncStatusSchema = z.enum(SYNC_STATUSES, { message: "leads:validation.syncStatusInvalid" });

/** Leads on a page of the All Leads tab, unless an API client asks for another `limit` (at most MAX_LIMIT). */
export const LEAD_PAGE_SIZE = 50;

/**
 * GET /api/leads: the four filters of the All Leads tab (spec 001, section 7), each optional, and a search
 * by name, e-mail, company or phone (`q`).
 */
export const leadListQuerySchema = z.object({
  leadSource: z.preprocess(blankToUndefined, leadSourceSchema.optional()),
  leadStatus: z.preprocess(blankToUndefined, leadStatusSchema.optional()),
  syncStatus: z.preprocess(blankToUndefined, syncStatusSchema.optional()),
  crmSystem: z.preprocess(blankToUndefined, crmSystemSchema.optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(200, "leads:validation.searchTooLong").optional()),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;
export type LeadFilters = z.output<typeof leadListQuerySchema>;

/** The filters with the page and its size (core/paging: translated 400s past MAX_LIMIT or MAX_PAGE). */
export const leadPageQuerySchema = leadListQuerySchema.extend(pagingQuerySchemaOf(LEAD_PAGE_SIZE).shape);

/** PATCH /api/leads/{id}. */
export const leadUpdateSchema = z.strictObject({ leadStatus: leadStatusSchema });

/** POST /api/leads/{id}/sync: without crmSystem, the configured default CRM. */
export const leadSyncSchema = z.strictObject({ crmSystem: z.preprocess(blankToUndefined, crmSystemSchema.optional()) });

/**
 * What a channel tells the lead desk about a contact (spec 001, section 5 "Lead": a valid e-mail, a
 * source). Calls may know only a phone number, so one of the two is enough to find the person again.
 */
export const leadContactSchema = z
  .object({
    source: leadSourceSchema,
    name: z.string().trim().max(200).default(""),
    email: z.preprocess(
      blankToUndefined,
      z.email("leads:validation.emailInvalid").max(254, "leads:validation.emailInvalid").optional(),
    ),
    phone: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
    company: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    message: z.preprocess(blankToUndefined, z.string().trim().max(10_000).optional()),
    summary: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
    contactSubmissionId: z.number().int().positive().optional(),
    appointmentId: z.number().int().positive().optional(),
    conversationId: z.string().trim().min(1).max(200).optional(),
    callId: z.string().trim().min(1).max(200).optional(),
  })
  .refine((contact) => contact.email || contact.phone, { message: "leads:validation.emailRequired", path: ["email"] });
export type LeadContact = z.input<typeof leadContactSchema>;

export interface Lead {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  message: string | null;
  leadSource: LeadSource;
  leadStatus: LeadStatus;
  crmSystem: CrmSystem | null;
  crmLeadId: string | null;
  syncStatus: SyncStatus;
  crmSyncedAt: string | null;
  /** Every channel the person came through, first one first. */
  channels: LeadSource[];
  createdAt: string;
  updatedAt: string;
}

export interface LeadTouchpoint {
  id: number;
  channel: LeadSource;
  summary: string | null;
  contactSubmissionId: number | null;
  appointmentId: number | null;
  conversationId: string | null;
  callId: string | null;
  occurredAt: string;
}

export interface LeadSyncAttempt {
  id: number;
  crmSystem: CrmSystem;
  outcome: "queued" | "retrying" | "synced" | "failed";
  crmLeadId: string | null;
  error: string | null;
  attempt: number;
  createdAt: string;
}

export interface LeadDetail extends Lead {
  timeline: LeadTouchpoint[];
  syncHistory: LeadSyncAttempt[];
}

export interface LeadStats {
  total: number;
  bySource: Record<LeadSource, number>;
  byStatus: Record<LeadStatus, number>;
  bySyncStatus: Record<SyncStatus, number>;
  /** Converted over total, whole percent. */
  conversionRate: number;
}

export interface CrmProviderInfo {
  name: CrmSystem;
  configured: boolean;
  isDefault: boolean;
}
