import { and, asc, eq, gte, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { appointments } from "../../db/schema/appointments.ts";
import { countUpTo } from "../../db/staff-search.server.ts";

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;

const UNIQUE_VIOLATION = "23505";

/**
 * True when a database error is a unique-constraint violation (SQLSTATE 23505). PGlite and
 * node-postgres both carry the code; drizzle may wrap the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Database access for appointments; only the appointments module uses it. */
export class AppointmentRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Inserts inside the caller's transaction; a taken slot raises a unique violation (see isUniqueViolation). */
  async insert(tx: Transaction, values: NewAppointmentRow): Promise<AppointmentRow> {
    const [row] = await tx.insert(appointments).values(values).returning();
    return row;
  }

  /** Start times already booked (not cancelled) on a date. */
  async takenTimes(date: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ time: appointments.appointmentTime })
      .from(appointments)
      .where(and(eq(appointments.appointmentDate, date), ne(appointments.status, "cancelled")));
    return new Set(rows.map((row) => row.time));
  }

  /** Appointments in date and time order, optionally from a date on and with one status. */
  /** One page of staff's list in date and time order, its matches counted up to `countLimit`. */
  async list(
    filters: { from?: string; status?: string },
    page: { limit: number; offset: number },
    countLimit: number,
  ): Promise<{ rows: AppointmentRow[]; counted: number }> {
    const conditions = [
      filters.from ? gte(appointments.appointmentDate, filters.from) : undefined,
      filters.status ? eq(appointments.status, filters.status) : undefined,
    ].filter((condition) => condition !== undefined);
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, counted] = await Promise.all([
      this.db
        .select()
        .from(appointments)
        .where(where)
        .orderBy(asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id))
        .limit(page.limit)
        .offset(page.offset),
      countUpTo(this.db, appointments, where, countLimit),
    ]);
    return { rows, counted };
  }

  /**
   * Which of these lower-cased e-mails booked a consultation that was not cancelled and took place:
   * its date before `today`, or `today` at or before `lastEndedStart`.
   */
  async emailsWithBookingsOver(
    emails: string[],
    over: { today: string; lastEndedStart: string | null },
  ): Promise<string[]> {
    if (emails.length === 0) return [];
    const earlierToday =
      over.lastEndedStart === null
        ? undefined
        : and(eq(appointments.appointmentDate, over.today), lte(appointments.appointmentTime, over.lastEndedStart));
    const rows = await this.db
      .selectDistinct({ email: sql<string>`lower(${appointments.customerEmail})` })
      .from(appointments)
      .where(
        and(
          ne(appointments.status, "cancelled"),
          inArray(sql`lower(${appointments.customerEmail})`, emails),
          or(lt(appointments.appointmentDate, over.today), earlierToday),
        ),
      );
    return rows.map((row) => row.email);
  }
}
