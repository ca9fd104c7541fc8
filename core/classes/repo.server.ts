import { and, asc, count, desc, eq, getTableColumns, gt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { classEnrollments, classes } from "../../db/schema/classes.ts";

/** A class with the seats held now by people paying (waiting-list offers included), read with it. */
export type ClassRow = typeof classes.$inferSelect & { seatsReserved: number };
export type NewClassRow = typeof classes.$inferInsert;
export type EnrollmentRow = typeof classEnrollments.$inferSelect;

/** Why a class was not deleted: it has paid students, or someone is paying for a seat right now. */
export type DeleteOutcome = "deleted" | "not_found" | "paid_enrollments" | "live_holds";

/** The class's columns and its live holds: a hold ends at its time (never renewed), so "now" decides. */
function withHolds() {
  return {
    ...getTableColumns(classes),
    // Written out: inside a one-table select the builder leaves columns unqualified, and "id" would be the enrolment's.
    seatsReserved:
      sql<number>`(select count(*) from class_enrollments e where e.class_id = "classes"."id" and e.enrollment_status = 'reserved' and e.reserved_until > now())`.mapWith(
        Number,
      ),
  };
}

/** Database access for classes; only the classes module uses it. */
export class ClassRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Active classes, featured first, then by start date (undated last). */
  async listActive(): Promise<ClassRow[]> {
    return this.db
      .select(withHolds())
      .from(classes)
      .where(eq(classes.active, true))
      .orderBy(desc(classes.featured), sql`${classes.startDate} asc nulls last`, asc(classes.id));
  }

  /** A page of every class, newest first (the staff list), with the seats held by checkouts under way. */
  async listPage(page: { offset: number; limit: number }): Promise<ClassRow[]> {
    return this.db
      .select(withHolds())
      .from(classes)
      .orderBy(desc(classes.createdAt), desc(classes.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(classes);
    return Number(row?.n ?? 0);
  }

  async find(id: number): Promise<ClassRow | null> {
    const [row] = await this.db.select(withHolds()).from(classes).where(eq(classes.id, id)).limit(1);
    return row ?? null;
  }

  async insert(values: NewClassRow): Promise<ClassRow> {
    const [row] = await this.db.insert(classes).values(values).returning();
    return { ...row, seatsReserved: 0 };
  }

  async update(id: number, values: Partial<NewClassRow>): Promise<ClassRow | null> {
    const [row] = await this.db
      .update(classes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(classes.id, id))
      .returning({ id: classes.id });
    return row ? this.find(row.id) : null;
  }

  /**
   * Deletes a class with its unpaid enrolment records (cancelled, or holds that ran out), unless it has
   * a paid enrolment or a live hold. The class's row is locked first, as holds and payments lock it, so
   * that no seat can be held or paid between the check and the deletion.
   */
  async delete(id: number, now: Date): Promise<DeleteOutcome> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, id)).for("update").limit(1);
      if (!row) return "not_found";
      const [paid] = await tx
        .select({ n: count() })
        .from(classEnrollments)
        .where(
          and(
            eq(classEnrollments.classId, id),
            or(eq(classEnrollments.paymentStatus, "paid"), eq(classEnrollments.enrollmentStatus, "active")),
          ),
        );
      if (Number(paid?.n ?? 0) > 0) return "paid_enrollments";
      const [held] = await tx
        .select({ n: count() })
        .from(classEnrollments)
        .where(
          and(
            eq(classEnrollments.classId, id),
            eq(classEnrollments.enrollmentStatus, "reserved"),
            gt(classEnrollments.reservedUntil, now),
          ),
        );
      if (Number(held?.n ?? 0) > 0) return "live_holds";
      await tx.delete(classEnrollments).where(eq(classEnrollments.classId, id));
      await tx.delete(classes).where(eq(classes.id, id));
      return "deleted";
    });
  }

  /** A class's enrolments, newest first. */
  async enrollments(classId: number): Promise<EnrollmentRow[]> {
    return this.db
      .select()
      .from(classEnrollments)
      .where(eq(classEnrollments.classId, classId))
      .orderBy(desc(classEnrollments.createdAt), desc(classEnrollments.id));
  }
}
