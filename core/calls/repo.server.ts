import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { phoneCalls } from "../../db/schema/calls.ts";
import { countUpTo } from "../../db/staff-search.server.ts";

export type CallRow = typeof phoneCalls.$inferSelect;
export type NewCallRow = typeof phoneCalls.$inferInsert;

/** Database access for the call log; only the calls module uses it. */
export class CallRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Records a call by its telephony id: inserted the first time, updated after (a retried or repeated
   * callback changes the same row). `endedAt` is kept once set.
   */
  async upsert(values: NewCallRow): Promise<CallRow> {
    const [row] = await this.db
      .insert(phoneCalls)
      .values(values)
      .onConflictDoUpdate({
        target: phoneCalls.twilioCallId,
        set: {
          status: values.status,
          duration: sql`coalesce(excluded.duration, ${phoneCalls.duration})`,
          transcript: sql`coalesce(excluded.transcript, ${phoneCalls.transcript})`,
          summary: sql`coalesce(excluded.summary, ${phoneCalls.summary})`,
          leadCaptured: values.leadCaptured ?? "no",
          followUpRequired: values.followUpRequired ?? "no",
          language: values.language ?? "en",
          leadId: sql`coalesce(excluded.lead_id, ${phoneCalls.leadId})`,
          endedAt: sql`coalesce(${phoneCalls.endedAt}, excluded.ended_at)`,
          updatedAt: new Date(),
        },
      })
      .returning();
    return row;
  }

  /** One page of the log, newest first, with its matches counted up to `countLimit` (a capped count). */
  async list(
    filters: { status?: string; leadCaptured?: string; followUpRequired?: string },
    page: { limit: number; offset: number },
    countLimit: number,
  ): Promise<{ rows: CallRow[]; counted: number }> {
    const conditions: SQL[] = [];
    if (filters.status) conditions.push(eq(phoneCalls.status, filters.status));
    if (filters.leadCaptured) conditions.push(eq(phoneCalls.leadCaptured, filters.leadCaptured));
    if (filters.followUpRequired) conditions.push(eq(phoneCalls.followUpRequired, filters.followUpRequired));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, counted] = await Promise.all([
      this.db
        .select()
        .from(phoneCalls)
        .where(where)
        .orderBy(desc(phoneCalls.createdAt), desc(phoneCalls.id))
        .limit(page.limit)
        .offset(page.offset),
      countUpTo(this.db, phoneCalls, where, countLimit),
    ]);
    return { rows, counted };
  }
}
