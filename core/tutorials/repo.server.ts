import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { tutorialViews, tutorials } from "../../db/schema/tutorials.ts";

export type TutorialRow = typeof tutorials.$inferSelect;
export type NewTutorialRow = typeof tutorials.$inferInsert;

/** Database access for tutorials; only the tutorials module uses it. */
export class TutorialRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Published tutorials, newest first. */
  async listPublished(): Promise<TutorialRow[]> {
    return this.db
      .select()
      .from(tutorials)
      .where(eq(tutorials.published, true))
      .orderBy(desc(tutorials.createdAt), desc(tutorials.id));
  }

  async listAll(): Promise<TutorialRow[]> {
    return this.db.select().from(tutorials).orderBy(desc(tutorials.createdAt), desc(tutorials.id));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(tutorials);
    return Number(row?.n ?? 0);
  }

  async find(id: number): Promise<TutorialRow | null> {
    const [row] = await this.db.select().from(tutorials).where(eq(tutorials.id, id)).limit(1);
    return row ?? null;
  }

  async insert(values: NewTutorialRow): Promise<TutorialRow> {
    const [row] = await this.db.insert(tutorials).values(values).returning();
    return row;
  }

  async update(id: number, values: Partial<NewTutorialRow>): Promise<TutorialRow | null> {
    const [row] = await this.db
      .update(tutorials)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(tutorials.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(tutorials).where(eq(tutorials.id, id)).returning({ id: tutorials.id });
    return deleted.length > 0;
  }

  /**
   * Counts a view of a published tutorial unless this visitor was already counted on this day: the
   * visit is recorded with an insert that does nothing on a repeat, and only a new one adds to the
   * count, in one transaction. Answers the count after the call, or null for no published tutorial.
   */
  async recordView(id: number, visitor: string, day: string): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [tutorial] = await tx
        .select({ viewCount: tutorials.viewCount })
        .from(tutorials)
        .where(and(eq(tutorials.id, id), eq(tutorials.published, true)))
        .limit(1);
      if (!tutorial) return null;
      const inserted = await tx
        .insert(tutorialViews)
        .values({ tutorialId: id, visitor, day })
        .onConflictDoNothing()
        .returning({ day: tutorialViews.day });
      if (inserted.length === 0) return tutorial.viewCount;
      const [updated] = await tx
        .update(tutorials)
        .set({ viewCount: sql`${tutorials.viewCount} + 1` })
        .where(eq(tutorials.id, id))
        .returning({ viewCount: tutorials.viewCount });
      return updated?.viewCount ?? null;
    });
  }

  /** Forgets who viewed what before `day`: only today's visitors are needed to decide a repeat. */
  async purgeViewsBefore(day: string): Promise<void> {
    await this.db.delete(tutorialViews).where(lt(tutorialViews.day, day));
  }
}
