import { asc, avg, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { testimonials } from "../../db/schema/testimonials.ts";

export type TestimonialRow = typeof testimonials.$inferSelect;
export type NewTestimonialRow = typeof testimonials.$inferInsert;

const newestFirst = [desc(testimonials.createdAt), desc(testimonials.id)];

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

  /**
   * One page of approved testimonials, newest first (id as tie-break), as the blog's list does it
   * (docs/decisions/0036-lists-a-page-at-a-time.md): the page's ids from testimonials_approved_list_idx
   * alone, then only those rows.
   */
  async listApprovedPage(page: { offset: number; limit: number }): Promise<TestimonialRow[]> {
    const ids = (
      await this.db
        .select({ id: testimonials.id })
        .from(testimonials)
        .where(eq(testimonials.approved, true))
        .orderBy(...newestFirst)
        .limit(page.limit)
        .offset(page.offset)
    ).map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(testimonials)
      .where(inArray(testimonials.id, ids))
      .orderBy(...newestFirst);
  }

  /** How many testimonials are approved and their average rating (null for none), from the index alone. */
  async approvedSummary(): Promise<{ count: number; average: number | null }> {
    const [row] = await this.db
      .select({ n: count(), average: avg(testimonials.rating) })
      .from(testimonials)
      .where(eq(testimonials.approved, true));
    return { count: Number(row?.n ?? 0), average: row?.average == null ? null : Number(row.average) };
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
