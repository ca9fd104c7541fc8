import { and, asc, count, desc, eq, getTableColumns, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { countUpTo } from "../../db/staff-search.server.ts";
import { classEnrollments, classes } from "../../db/schema/classes.ts";
import type { Language } from "../i18n/language.ts";
import { matchesSearch } from "../search/text-search.server.ts";

/** A class's columns but its search vectors, which only the database reads (no need to send them). */
const { searchEn: _searchEn, searchFr: _searchFr, ...rowColumns } = getTableColumns(classes);

/** A class with the seats held now by people paying (waiting-list offers included), read with it. */
export type ClassRow = Omit<typeof classes.$inferSelect, "searchEn" | "searchFr"> & { seatsReserved: number };
export type NewClassRow = typeof classes.$inferInsert;
export type EnrollmentRow = typeof classEnrollments.$inferSelect;

/** Why a class was not deleted: it has paid students, or someone is paying for a seat right now. */
export type DeleteOutcome = "deleted" | "not_found" | "paid_enrollments" | "live_holds";

/** The class's columns and its live holds: a hold ends at its time (never renewed), so "now" decides. */
function withHolds() {
  return {
    ...rowColumns,
    // Written out: inside a one-table select the builder leaves columns unqualified, and "id" would be the enrolment's.
    seatsReserved:
      sql<number>`(select count(*) from class_enrollments e where e.class_id = "classes"."id" and e.enrollment_status = 'reserved' and e.reserved_until > now())`.mapWith(
        Number,
      ),
  };
}

/** What narrows the public list: the language searched in, a level, a full-text search. */
export interface ActiveClassFilter {
  language: Language;
  level?: string | null;
  q?: string;
}

function activeWhere(filter: ActiveClassFilter): SQL | undefined {
  // The texts of the language read (title, category, instructor), in that language's configuration.
  const searched = filter.language === "fr" ? classes.searchFr : classes.searchEn;
  return and(
    eq(classes.active, true),
    filter.level ? eq(classes.level, filter.level) : undefined,
    filter.q ? matchesSearch(searched, filter.language, filter.q) : undefined,
  );
}

/** The list's order: featured first, then by start date (undated last), the id as tie-break. */
const listOrder = [desc(classes.featured), sql`${classes.startDate} asc nulls last`, asc(classes.id)];

/** Database access for classes; only the classes module uses it. */
export class ClassRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * One page of active classes in the list's order, as the blog's and the tutorials' lists do it
   * (docs/decisions/0036-lists-a-page-at-a-time.md): the page's ids first, from the order index alone when
   * nothing is searched, then only those rows with their holds. `matchesFirst` has the full-text index find
   * a search's matches before they are sorted: the caller's choice, from the counts.
   */
  async listActivePage(
    filter: ActiveClassFilter,
    page: { offset: number; limit: number },
    matchesFirst = false,
  ): Promise<ClassRow[]> {
    const ids = matchesFirst
      ? await this.searchedIds(filter, page)
      : (
          await this.db
            .select({ id: classes.id })
            .from(classes)
            .where(activeWhere(filter))
            .orderBy(...listOrder)
            .limit(page.limit)
            .offset(page.offset)
        ).map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db
      .select(withHolds())
      .from(classes)
      .where(inArray(classes.id, ids))
      .orderBy(...listOrder);
  }

  /**
   * Ids of one page of a search. `offset 0` keeps the matching a query of its own, which the GIN index
   * answers, instead of a walk of the order index testing every class (the whole table for a rare word).
   */
  private async searchedIds(filter: ActiveClassFilter, page: { offset: number; limit: number }): Promise<number[]> {
    const result = await this.db.execute<{ id: number }>(
      sql`select id from (select ${classes.id} as id, ${classes.featured} as featured, ${classes.startDate} as start_date from ${classes} where ${activeWhere(filter)} offset 0) as matching
          order by featured desc, start_date asc nulls last, id asc limit ${page.limit} offset ${page.offset}`,
    );
    const rows =
      (result as unknown as { rows?: Array<{ id: number }> }).rows ?? (result as unknown as Array<{ id: number }>);
    return rows.map((row) => Number(row.id));
  }

  /** How many active classes a search keeps, counted up to `upTo` (a count over a LIMIT subquery). */
  async countActiveUpTo(filter: ActiveClassFilter, upTo: number): Promise<number> {
    return countUpTo(this.db, classes, activeWhere(filter), upTo);
  }

  /** How many active classes the filter keeps. */
  async countActive(filter: ActiveClassFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(classes).where(activeWhere(filter));
    return Number(row?.n ?? 0);
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
    const [row] = await this.db.insert(classes).values(values).returning(rowColumns);
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
