import { and, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { countUpTo, staffSearchCondition } from "../../db/staff-search.server.ts";
import { staffSearchOf } from "../paging/search.ts";
import { leadCounts, leadSyncAttempts, leadTouchpoints, leads } from "../../db/schema/leads.ts";
import type { CrmSystem, LeadSource, LeadStatus } from "./rules.ts";
import type { LeadFilters } from "./schema.ts";

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;
export type TouchpointRow = typeof leadTouchpoints.$inferSelect;
export type NewTouchpointRow = typeof leadTouchpoints.$inferInsert;
export type SyncAttemptRow = typeof leadSyncAttempts.$inferSelect;

type Executor = Database | Transaction;

function filtersOf(filters: LeadFilters): SQL | undefined {
  const search = staffSearchOf(filters.q);
  const conditions = [
    // Any part of the folded name, e-mail, company or phone digits; one or two characters, the start of
    // the e-mail (kept in lower case).
    search ? staffSearchCondition(search, leads.searchText, [leads.email]) : undefined,
    filters.leadSource ? eq(leads.leadSource, filters.leadSource) : undefined,
    filters.leadStatus ? eq(leads.leadStatus, filters.leadStatus) : undefined,
    filters.syncStatus ? eq(leads.syncStatus, filters.syncStatus) : undefined,
    filters.crmSystem ? eq(leads.crmSystem, filters.crmSystem) : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Database access for leads, their timelines and sync histories; only the leads module uses it. */
export class LeadRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Serialises, until the caller's transaction ends, every other transaction that looks for the same
   * person: two first messages from one new address then find each other instead of making two leads.
   * The keys are taken in a fixed order so that two transactions can never wait on each other.
   */
  async lockIdentities(tx: Transaction, keys: string[]): Promise<void> {
    for (const key of [...new Set(keys)].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${key}`}))`);
    }
  }

  /** Leads with this e-mail or this phone number. */
  async findByIdentity(tx: Transaction, email: string | null, phoneE164: string | null): Promise<LeadRow[]> {
    const conditions = [
      email ? eq(leads.email, email) : undefined,
      phoneE164 ? eq(leads.phoneE164, phoneE164) : undefined,
    ].filter((c) => c !== undefined);
    if (conditions.length === 0) return [];
    return tx
      .select()
      .from(leads)
      .where(or(...conditions))
      .orderBy(leads.id)
      .limit(20);
  }

  async insert(tx: Transaction, values: NewLeadRow): Promise<LeadRow> {
    const [row] = await tx.insert(leads).values(values).returning();
    return row;
  }

  /** Adds what a later contact taught us (a phone, a company) without overwriting what we knew, and its channel. */
  async enrich(
    tx: Transaction,
    id: number,
    known: {
      email: string | null;
      phone: string | null;
      phoneE164: string | null;
      company: string | null;
      lastName: string | null;
    },
    channel: LeadSource,
  ): Promise<LeadRow> {
    const [row] = await tx
      .update(leads)
      .set({
        email: sql`coalesce(${leads.email}, ${known.email})`,
        phone: sql`coalesce(${leads.phone}, ${known.phone})`,
        phoneE164: sql`coalesce(${leads.phoneE164}, ${known.phoneE164})`,
        company: sql`coalesce(${leads.company}, ${known.company})`,
        lastName: sql`case when ${leads.lastName} = '' then coalesce(${known.lastName}, '') else ${leads.lastName} end`,
        channels: sql`case when ${channel}::lead_source = any(${leads.channels}) then ${leads.channels} else array_append(${leads.channels}, ${channel}::lead_source) end`,
        updatedAt: new Date(),
      })
      .where(eq(leads.id, id))
      .returning();
    return row;
  }

  async addTouchpoint(tx: Transaction, values: NewTouchpointRow): Promise<TouchpointRow> {
    const [row] = await tx.insert(leadTouchpoints).values(values).returning();
    return row;
  }

  /**
   * Leads matching the filters, newest first, one page at a time, with how many match counted up to
   * `countLimit` (a capped count: never the whole table).
   */
  async list(
    filters: LeadFilters,
    page: { limit: number; offset: number },
    countLimit: number,
  ): Promise<{ rows: LeadRow[]; counted: number }> {
    const where = filtersOf(filters);
    const [rows, counted] = await Promise.all([this.latest(page, where), countUpTo(this.db, leads, where, countLimit)]);
    return { rows, counted };
  }

  /** The newest leads (the Overview's), without counting. */
  async latest(page: { limit: number; offset: number }, where?: SQL): Promise<LeadRow[]> {
    return this.db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Leads first recorded in [start, end). */
  async countCreatedBetween(start: Date, end: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(leads)
      .where(and(gte(leads.createdAt, start), lt(leads.createdAt, end)));
    return Number(row?.n ?? 0);
  }

  async find(id: number, executor: Executor = this.db): Promise<LeadRow | null> {
    const [row] = await executor.select().from(leads).where(eq(leads.id, id)).limit(1);
    return row ?? null;
  }

  /** The lead a phone call's touchpoint belongs to, if the call made one. */
  async leadIdForCall(callId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ leadId: leadTouchpoints.leadId })
      .from(leadTouchpoints)
      .where(eq(leadTouchpoints.callId, callId))
      .limit(1);
    return row?.leadId ?? null;
  }

  async timeline(leadId: number): Promise<TouchpointRow[]> {
    return this.db
      .select()
      .from(leadTouchpoints)
      .where(eq(leadTouchpoints.leadId, leadId))
      .orderBy(leadTouchpoints.occurredAt, leadTouchpoints.id);
  }

  async syncHistory(leadId: number): Promise<SyncAttemptRow[]> {
    return this.db
      .select()
      .from(leadSyncAttempts)
      .where(eq(leadSyncAttempts.leadId, leadId))
      .orderBy(desc(leadSyncAttempts.createdAt), desc(leadSyncAttempts.id));
  }

  /**
   * How many leads share each source, status and sync status: the rows of lead_counts (at most 4 x 4 x 3),
   * which a trigger keeps in the same transaction as every change to a lead, so that the desk's statistics
   * never group the whole table (migration "staff_search").
   */
  async countsBySourceStatusAndSync(): Promise<Array<{ source: string; status: string; sync: string; count: number }>> {
    return (
      await this.db
        .select({
          source: leadCounts.leadSource,
          status: leadCounts.leadStatus,
          sync: leadCounts.syncStatus,
          n: leadCounts.count,
        })
        .from(leadCounts)
    ).map((row) => ({ source: row.source, status: row.status, sync: row.sync, count: Number(row.n) }));
  }

  async setStatus(tx: Transaction, id: number, status: LeadStatus): Promise<LeadRow | null> {
    const [row] = await tx
      .update(leads)
      .set({ leadStatus: status, updatedAt: new Date() })
      .where(eq(leads.id, id))
      .returning();
    return row ?? null;
  }

  /** A sync asked for: the lead is pending for that CRM until the job reports. */
  async markQueued(tx: Transaction, id: number, crm: CrmSystem): Promise<void> {
    await tx
      .update(leads)
      .set({ crmSystem: crm, syncStatus: "pending", updatedAt: new Date() })
      .where(eq(leads.id, id));
    await tx.insert(leadSyncAttempts).values({ leadId: id, crmSystem: crm, outcome: "queued", attempt: 0 });
  }

  async recordSuccess(id: number, crm: CrmSystem, crmLeadId: string, attempt: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(leads)
        .set({
          crmSystem: crm,
          crmLeadId,
          crmIds: sql`${leads.crmIds} || jsonb_build_object(${crm}::text, ${crmLeadId}::text)`,
          syncStatus: "synced",
          crmSyncedAt: now,
          updatedAt: now,
        })
        .where(eq(leads.id, id));
      await tx.insert(leadSyncAttempts).values({ leadId: id, crmSystem: crm, outcome: "synced", crmLeadId, attempt });
    });
  }

  /** Keeps a record id the CRM gave before a later step failed, so that the retry updates that record. */
  async rememberCrmId(id: number, crm: CrmSystem, crmLeadId: string): Promise<void> {
    await this.db
      .update(leads)
      .set({ crmIds: sql`${leads.crmIds} || jsonb_build_object(${crm}::text, ${crmLeadId}::text)` })
      .where(eq(leads.id, id));
  }

  async recordFailure(id: number, crm: CrmSystem, error: string, attempt: number, final: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (final)
        await tx
          .update(leads)
          .set({ crmSystem: crm, syncStatus: "failed", updatedAt: new Date() })
          .where(eq(leads.id, id));
      await tx
        .insert(leadSyncAttempts)
        .values({ leadId: id, crmSystem: crm, outcome: final ? "failed" : "retrying", error, attempt });
    });
  }
}
