import { asc, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { testimonials } from "../../db/schema/testimonials.ts";

export type TestimonialRow = typeof testimonials.$inferSelect;
export type NewTestimonialRow = typeof testimonials.$inferInsert;

/** Database access for testimonials; only the testimonials module uses it. */
export class TestimonialRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async insert(values: NewTestimonialRow): Promise<TestimonialRow> {
    const [row] = await this.db.insert(testimonials).values(values).returning();
    return row;
  }

  /** Approved testimonials, newest first. */
  async listApproved(): Promise<TestimonialRow[]> {
    return this.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.approved, true))
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
  }

  /** Every testimonial, newest first. */
  /** A page of every testimonial, those awaiting approval first, each group newest first (the staff list). */
  async listPage(page: { offset: number; limit: number }): Promise<TestimonialRow[]> {
    return this.db
      .select()
      .from(testimonials)
      .orderBy(asc(testimonials.approved), desc(testimonials.createdAt), desc(testimonials.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** The oldest testimonials awaiting approval, first come first served (the moderation queue). */
  async listPending(limit: number): Promise<TestimonialRow[]> {
    return this.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.approved, false))
      .orderBy(asc(testimonials.createdAt), asc(testimonials.id))
      .limit(limit);
  }

  /** The newest testimonials, approved or not (the staff Overview's list). */
  async listNewest(limit: number): Promise<TestimonialRow[]> {
    return this.db
      .select()
      .from(testimonials)
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id))
      .limit(limit);
  }

  async count(approved?: boolean): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(testimonials)
      .where(approved === undefined ? undefined : eq(testimonials.approved, approved));
    return Number(row?.n ?? 0);
  }

  async update(id: number, values: Partial<NewTestimonialRow>): Promise<TestimonialRow | null> {
    const [row] = await this.db.update(testimonials).set(values).where(eq(testimonials.id, id)).returning();
    return row ?? null;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(testimonials)
      .where(eq(testimonials.id, id))
      .returning({ id: testimonials.id });
    return deleted.length > 0;
  }
}
