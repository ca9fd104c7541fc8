import type { Database, Transaction } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { CrmDirectory, CrmRegistry } from "../crm/directory.server.ts";
import { CRM_NAMES } from "../crm/rules.ts";
import type { JobQueue } from "../jobs/queue.server.ts";
import { cappedTotal, countLimitFor, offsetOf } from "../paging/rules.ts";
import { LeadSyncJobs, type LeadSyncOptions, type LeadSyncScheduler } from "./sync-job.server.ts";
import { LeadRepo, type LeadRow, type SyncAttemptRow, type TouchpointRow } from "./repo.server.ts";
import {
  LEAD_SOURCES,
  LEAD_STATUSES,
  RECENT_LEADS,
  SYNC_STATUSES,
  conversionRate,
  countBy,
  emailKey,
  matchLead,
  splitName,
  toE164,
  type CrmSystem,
  type LeadStatus,
} from "./rules.ts";
import {
  leadContactSchema,
  leadPageQuerySchema,
  leadSyncSchema,
  leadUpdateSchema,
  type CrmProviderInfo,
  type Lead,
  type LeadContact,
  type LeadDetail,
  type LeadStats,
  type LeadSyncAttempt,
  type LeadTouchpoint,
} from "./schema.ts";

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    leadSource: row.leadSource,
    leadStatus: row.leadStatus,
    crmSystem: row.crmSystem,
    crmLeadId: row.crmLeadId,
    syncStatus: row.syncStatus,
    crmSyncedAt: row.crmSyncedAt?.toISOString() ?? null,
    channels: row.channels.length > 0 ? row.channels : [row.leadSource],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toTouchpoint(row: TouchpointRow): LeadTouchpoint {
  return {
    id: row.id,
    channel: row.channel,
    summary: row.summary,
    contactSubmissionId: row.contactSubmissionId,
    appointmentId: row.appointmentId,
    conversationId: row.conversationId,
    callId: row.callId,
    occurredAt: row.occurredAt.toISOString(),
  };
}

function toAttempt(row: SyncAttemptRow): LeadSyncAttempt {
  return {
    id: row.id,
    crmSystem: row.crmSystem,
    outcome: row.outcome as LeadSyncAttempt["outcome"],
    crmLeadId: row.crmLeadId,
    error: row.error,
    attempt: row.attempt,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface LeadServiceDeps {
  crm: CrmRegistry;
  /** The job queue CRM syncs run on. */
  jobs: JobQueue;
  syncOptions?: LeadSyncOptions;
}

/**
 * A page of leads (GET /api/leads): `total` is exact, or COUNT_CAP (or the end of a deeper page) with
 * `totalExact` false, shown as "more than 1,000".
 */
export interface LeadPage {
  leads: Lead[];
  total: number;
  totalExact: boolean;
  page: number;
  limit: number;
  offset: number;
}

/** The lead desk: one lead per person across every channel, its timeline, its status and its CRM sync. */
export class LeadService {
  readonly repo: LeadRepo;
  private readonly db: Database;
  private readonly deps: { crm: CrmDirectory; sync: LeadSyncScheduler };
  /** The CRM sync job (exposed so that tests can run one attempt by hand). */
  readonly syncJobs: LeadSyncJobs;

  constructor(db: Database, deps: LeadServiceDeps) {
    this.db = db;
    this.repo = new LeadRepo(db);
    this.syncJobs = new LeadSyncJobs(deps.jobs, this.repo, deps.crm, deps.syncOptions);
    this.deps = { crm: deps.crm, sync: this.syncJobs };
  }

  /**
   * Records a contact through any channel inside the caller's transaction (the one that stores the
   * message, the booking, the chat or the call): the person's lead gains a touchpoint, or a new lead
   * is made with this channel as its source. New leads are queued for the default CRM, if there is one.
   */
  async record(tx: Transaction, input: LeadContact): Promise<{ lead: Lead; created: boolean }> {
    const contact = parseOrThrow(leadContactSchema, input);
    const email = emailKey(contact.email);
    const phoneE164 = toE164(contact.phone);
    await this.repo.lockIdentities(
      tx,
      [email ? `email:${email}` : null, phoneE164 ? `phone:${phoneE164}` : null].filter(
        (key): key is string => key !== null,
      ),
    );
    const existing = matchLead(await this.repo.findByIdentity(tx, email, phoneE164), email, phoneE164);
    const { firstName, lastName } = splitName(contact.name);
    let row: LeadRow;
    if (existing) {
      row = await this.repo.enrich(
        tx,
        existing.id,
        {
          email,
          phone: contact.phone ?? null,
          phoneE164,
          company: contact.company ?? null,
          lastName: lastName || null,
        },
        contact.source,
      );
    } else {
      row = await this.repo.insert(tx, {
        firstName: firstName || (email ?? contact.phone ?? ""),
        lastName,
        email,
        phone: contact.phone ?? null,
        phoneE164,
        company: contact.company ?? null,
        message: contact.message ?? null,
        leadSource: contact.source,
        channels: [contact.source],
      });
    }
    await this.repo.addTouchpoint(tx, {
      leadId: row.id,
      channel: contact.source,
      summary: contact.summary ?? contact.message?.slice(0, 500) ?? null,
      contactSubmissionId: contact.contactSubmissionId ?? null,
      appointmentId: contact.appointmentId ?? null,
      conversationId: contact.conversationId ?? null,
      callId: contact.callId ?? null,
    });
    const target = this.deps.crm.defaultCrm;
    if (!existing && target && this.deps.crm.isConfigured(target)) {
      await this.repo.markQueued(tx, row.id, target);
      await this.deps.sync.schedule(tx, row.id, target);
    }
    return { lead: toLead(row), created: !existing };
  }

  /** GET /api/leads: newest first, filtered, one page. */
  async list(query: unknown): Promise<LeadPage> {
    const { page, limit, ...filters } = parseOrThrow(leadPageQuerySchema, query);
    const request = { page, limit };
    const offset = offsetOf(request);
    const { rows, counted } = await this.repo.list(filters, { limit, offset }, countLimitFor(request));
    const { total, exact } = cappedTotal(counted, request);
    return { leads: rows.map(toLead), total, totalExact: exact, page, limit, offset };
  }

  /** The overview's most recent leads. */
  async recent(): Promise<Lead[]> {
    return (await this.repo.latest({ limit: RECENT_LEADS, offset: 0 })).map(toLead);
  }

  /** New leads of a period (the Overview's "today"). */
  async countCreatedBetween(start: Date, end: Date): Promise<number> {
    return this.repo.countCreatedBetween(start, end);
  }

  /** GET /api/leads/stats. */
  async stats(): Promise<LeadStats> {
    const groups = await this.repo.countsBySourceStatusAndSync();
    const bySource = countBy(
      LEAD_SOURCES,
      groups.map((group) => ({ key: group.source, count: group.count })),
    );
    const byStatus = countBy(
      LEAD_STATUSES,
      groups.map((group) => ({ key: group.status, count: group.count })),
    );
    const bySyncStatus = countBy(
      SYNC_STATUSES,
      groups.map((group) => ({ key: group.sync, count: group.count })),
    );
    const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
    return { total, bySource, byStatus, bySyncStatus, conversionRate: conversionRate(byStatus.converted, total) };
  }

  /** One lead with its timeline across channels and its sync history. */
  async detail(id: number): Promise<LeadDetail> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError("not_found", "leads:errors.notFound");
    const [timeline, history] = await Promise.all([this.repo.timeline(id), this.repo.syncHistory(id)]);
    return { ...toLead(row), timeline: timeline.map(toTouchpoint), syncHistory: history.map(toAttempt) };
  }

  /** PATCH /api/leads/{id}: any status may be set; the change is queued for the default CRM. */
  async updateStatus(id: number, input: unknown): Promise<Lead> {
    const { leadStatus } = parseOrThrow(leadUpdateSchema, input);
    return this.db.transaction(async (tx) => {
      const row = await this.repo.setStatus(tx, id, leadStatus as LeadStatus);
      if (!row) throw new DomainError("not_found", "leads:errors.notFound");
      const target = this.deps.crm.defaultCrm;
      if (target && this.deps.crm.isConfigured(target)) {
        await this.repo.markQueued(tx, id, target);
        await this.deps.sync.schedule(tx, id, target);
        return toLead({ ...row, crmSystem: target, syncStatus: "pending" });
      }
      return toLead(row);
    });
  }

  /**
   * POST /api/leads/{id}/sync: queues the sync and answers at once. Refused when the CRM (the one asked
   * for, else the default) is not configured.
   */
  async requestSync(id: number, input: unknown): Promise<{ crmSystem: CrmSystem; lead: Lead }> {
    const { crmSystem } = parseOrThrow(leadSyncSchema, input ?? {});
    const target = crmSystem ?? this.deps.crm.defaultCrm;
    if (!target)
      throw new DomainError("validation", "leads:errors.noDefaultCrm", {
        fields: { crmSystem: "leads:errors.noDefaultCrm" },
      });
    if (!this.deps.crm.isConfigured(target)) {
      throw new DomainError("validation", "leads:errors.crmNotConfigured", {
        params: { crm: CRM_NAMES[target] },
        fields: { crmSystem: "leads:errors.crmNotConfigured" },
      });
    }
    const sync = this.deps.sync;
    return this.db.transaction(async (tx) => {
      const row = await this.repo.find(id, tx);
      if (!row) throw new DomainError("not_found", "leads:errors.notFound");
      await this.repo.markQueued(tx, id, target);
      await sync.schedule(tx, id, target);
      return { crmSystem: target, lead: toLead({ ...row, crmSystem: target, syncStatus: "pending" }) };
    });
  }

  /** The lead a phone call produced (its touchpoint carries the call id), or null. */
  async leadIdForCall(callId: string): Promise<number | null> {
    return this.repo.leadIdForCall(callId);
  }

  /** GET /api/crm/providers. */
  providers(): CrmProviderInfo[] {
    return this.deps.crm.providers();
  }
}
