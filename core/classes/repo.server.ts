import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { classes } from "../../db/schema/classes.ts";

export type ClassRow = typeof classes.$inferSelect;
export type NewClassRow = typeof classes.$inferInsert;

/** Database access for classes; only the classes module uses it. */
export class ClassRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Active classes, featured first, then by start date (undated last). */
  async listActive(): Promise<ClassRow[]> {
    return this.db
      .select()
      .from(classes)
      .where(eq(classes.active, true))
      .orderBy(desc(classes.featured), sql`${classes.startDate} asc nulls last`, asc(classes.id));
  }

  async listAll(): Promise<ClassRow[]> {
    return this.db.select().from(classes).orderBy(desc(classes.createdAt), desc(classes.id));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(classes);
    return Number(row?.n ?? 0);
  }

  async find(id: number): Promise<ClassRow | null> {
    const [row] = await this.db.select().from(classes).where(eq(classes.id, id)).limit(1);
    return row ?? null;
  }

  async insert(values: NewClassRow): Promise<ClassRow> {
    const [row] = await this.db.insert(classes).values(values).returning();
    return row;
  }

  async update(id: number, values: Partial<NewClassRow>): Promise<ClassRow | null> {
    const [row] = await this.db
      .update(classes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(classes.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db.delete(classes).where(eq(classes.id, id)).returning({ id: classes.id });
    return deleted.length > 0;
  }
}
