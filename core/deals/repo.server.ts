import { and, asc, count, desc, eq, getTableColumns, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { hotDealAliases, hotDeals } from "../../db/schema/deals.ts";

/** A deal with the claims people paying hold on it now (live holds, read with the deal). */
export type DealRow = typeof hotDeals.$inferSelect & { claimsReserved: number };
export type NewDealRow = typeof hotDeals.$inferInsert;

/** The deal's columns and its claims held now by orders being paid (a hold ends at its time, never renewed). */
function withHolds() {
  return {
    ...getTableColumns(hotDeals),
    // Written out: inside a one-table select the builder leaves columns unqualified.
    claimsReserved:
      sql<number>`coalesce((select sum(r.quantity) from deal_reservations r where r.deal_id = "hot_deals"."id" and r.state = 'held' and r.expires_at > now()), 0)`.mapWith(
        Number,
      ),
  };
}

/** Active and within its window at `now`, as isDealVisible says it (both ends included). */
function visibleAt(now: Date) {
  return and(eq(hotDeals.active, true), gte(hotDeals.validUntil, now), lte(hotDeals.validFrom, now));
}

/** A deal's claim figures, read with its row locked. */
export interface LockedClaims {
  id: number;
  active: boolean;
  claimLimit: number | null;
  claimCount: number;
  perPersonLimit: number;
}

/** Database access for hot deals; only the deals module uses it. */
export class DealRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Active deals, ending soonest first. */
  async listActive(): Promise<DealRow[]> {
    return this.db
      .select(withHolds())
      .from(hotDeals)
      .where(eq(hotDeals.active, true))
      .orderBy(asc(hotDeals.validUntil), asc(hotDeals.id));
  }

  /**
   * One page of the deals shown at `now` (active, within their window), ending soonest first (id as
   * tie-break): hot_deals_active_until_idx starts at now, so the ended deals, which only grow, are never read
   * (docs/decisions/0036-lists-a-page-at-a-time.md).
   */
  async listVisiblePage(now: Date, page: { offset: number; limit: number }): Promise<DealRow[]> {
    return this.db
      .select(withHolds())
      .from(hotDeals)
      .where(visibleAt(now))
      .orderBy(asc(hotDeals.validUntil), asc(hotDeals.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** How many deals are shown at `now`. */
  async countVisible(now: Date): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(hotDeals).where(visibleAt(now));
    return Number(row?.n ?? 0);
  }

  /** Every deal, newest first. */
  /** A page of every deal, newest first (the staff list), with the claims held by checkouts under way. */
  async listPage(page: { offset: number; limit: number }): Promise<DealRow[]> {
    return this.db
      .select(withHolds())
      .from(hotDeals)
      .orderBy(desc(hotDeals.createdAt), desc(hotDeals.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(hotDeals);
    return Number(row?.n ?? 0);
  }

  async find(id: number): Promise<DealRow | null> {
    const [row] = await this.db.select(withHolds()).from(hotDeals).where(eq(hotDeals.id, id)).limit(1);
    return row ?? null;
  }

  /** The deal an id names: its own, or the deal a merged per-language copy of that id became. */
  async resolveId(id: number, tx?: Transaction): Promise<number | null> {
    const executor = tx ?? this.db;
    const [own] = await executor.select({ id: hotDeals.id }).from(hotDeals).where(eq(hotDeals.id, id)).limit(1);
    if (own) return own.id;
    const [alias] = await executor
      .select({ id: hotDealAliases.dealId })
      .from(hotDealAliases)
      .where(eq(hotDealAliases.oldId, id))
      .limit(1);
    return alias?.id ?? null;
  }

  async insert(values: NewDealRow): Promise<DealRow> {
    const [row] = await this.db.insert(hotDeals).values(values).returning();
    return { ...row, claimsReserved: 0 };
  }

  async update(id: number, values: Partial<NewDealRow>): Promise<DealRow | null> {
    const [row] = await this.db
      .update(hotDeals)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(hotDeals.id, id))
      .returning({ id: hotDeals.id });
    return row ? this.find(row.id) : null;
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

  /** Takes `quantity` claims off a deal's count, never below zero. True when the count moved. */
  async removeClaims(id: number, quantity: number, tx: Transaction): Promise<boolean> {
    const updated = await tx
      .update(hotDeals)
      .set({ claimCount: sql`greatest(${hotDeals.claimCount} - ${quantity}, 0)`, updatedAt: new Date() })
      .where(and(eq(hotDeals.id, id), sql`${hotDeals.claimCount} > 0`))
      .returning({ id: hotDeals.id });
    return updated.length > 0;
  }

  /**
   * The deal's claim figures, its row locked until the caller's transaction ends: reservations of one
   * deal are then decided one at a time, each seeing the others' committed reservations.
   */
  async lockClaims(tx: Transaction, id: number): Promise<LockedClaims | null> {
    const [row] = await tx
      .select({
        id: hotDeals.id,
        active: hotDeals.active,
        claimLimit: hotDeals.claimLimit,
        claimCount: hotDeals.claimCount,
        perPersonLimit: hotDeals.perPersonLimit,
      })
      .from(hotDeals)
      .where(eq(hotDeals.id, id))
      .for("update")
      .limit(1);
    return row ?? null;
  }
}
