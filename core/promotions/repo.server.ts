import { asc, count, eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { promoCodes } from "../../db/schema/promotions.ts";

export type PromoRow = typeof promoCodes.$inferSelect;
export type NewPromoRow = typeof promoCodes.$inferInsert;

/** Database access for promo codes; only the promotions module uses it. Codes are stored upper-case. */
export class PromoRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async list(): Promise<PromoRow[]> {
    return this.db.select().from(promoCodes).orderBy(asc(promoCodes.code));
  }

  async find(code: string, executor: Database | Transaction = this.db): Promise<PromoRow | null> {
    const [row] = await executor.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
    return row ?? null;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(promoCodes);
    return Number(row?.n ?? 0);
  }

  /** Inserts a code; null when one with the same code exists already. */
  async insert(values: NewPromoRow): Promise<PromoRow | null> {
    const [row] = await this.db
      .insert(promoCodes)
      .values(values)
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    return row ?? null;
  }

  async insertMany(rows: NewPromoRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(promoCodes)
      .values(rows)
      .onConflictDoNothing({ target: promoCodes.code })
      .returning({ code: promoCodes.code });
    return inserted.length;
  }

  async update(code: string, values: Partial<NewPromoRow>): Promise<PromoRow | null> {
    const [row] = await this.db
      .update(promoCodes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(promoCodes.code, code))
      .returning();
    return row ?? null;
  }

  async delete(code: string): Promise<boolean> {
    const deleted = await this.db
      .delete(promoCodes)
      .where(eq(promoCodes.code, code))
      .returning({ code: promoCodes.code });
    return deleted.length > 0;
  }
}
