import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { hotDeals } from "../../db/schema/deals.ts";

export type DealRow = typeof hotDeals.$inferSelect;
export type NewDealRow = typeof hotDeals.$inferInsert;

/** Database access for hot deals; only the deals module uses it. */
export class DealRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Active deals (of one language when given), ending soonest first. */
  async listActive(language?: string): Promise<DealRow[]> {
    const conditions: SQL[] = [eq(hotDeals.active, true)];
    if (language) conditions.push(eq(hotDeals.language, language));
    return this.db
      .select()
      .from(hotDeals)
      .where(and(...conditions))
      .orderBy(asc(hotDeals.validUntil), asc(hotDeals.id));
  }

  /** Every deal, newest first. */
  async listAll(): Promise<DealRow[]> {
    return this.db.select().from(hotDeals).orderBy(desc(hotDeals.createdAt), desc(hotDeals.id));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(hotDeals);
    return Number(row?.n ?? 0);
  }

  async find(id: number): Promise<DealRow | null> {
    const [row] = await this.db.select().from(hotDeals).where(eq(hotDeals.id, id)).limit(1);
    return row ?? null;
  }

  async insert(values: NewDealRow): Promise<DealRow> {
    const [row] = await this.db.insert(hotDeals).values(values).returning();
    return row;
  }

  async update(id: number, values: Partial<NewDealRow>): Promise<DealRow | null> {
    const [row] = await this.db
      .update(hotDeals)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(hotDeals.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(hotDeals).where(eq(hotDeals.id, id)).returning({ id: hotDeals.id });
    return deleted.length > 0;
  }

  /**
   * Adds `quantity` claims in one conditional UPDATE: it changes the row only while the deal is active
   * and the new count stays within the limit, so concurrent claims can never pass the limit (each
   * UPDATE re-reads the row it locks). True when the claims were counted.
   */
  async addClaims(id: number, quantity: number, tx?: Transaction): Promise<boolean> {
    const executor = tx ?? this.db;
    const updated = await executor
      .update(hotDeals)
      .set({ claimCount: sql`${hotDeals.claimCount} + ${quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(hotDeals.id, id),
          eq(hotDeals.active, true),
          or(isNull(hotDeals.claimLimit), sql`${hotDeals.claimCount} + ${quantity} <= ${hotDeals.claimLimit}`),
        ),
      )
      .returning({ id: hotDeals.id });
    return updated.length > 0;
  }
}
