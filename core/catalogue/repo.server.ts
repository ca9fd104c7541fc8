import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { reusable } from "../../db/reusable-query.server.ts";
import { services } from "../../db/schema/catalogue.ts";

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;

// Every order's lines are priced from it: a query built once (db/reusable-query.server.ts).
const findService = reusable<ServiceRow[], { id: string }>("services_find", (x) =>
  x
    .select()
    .from(services)
    .where(eq(services.id, sql.placeholder("id")))
    .limit(1),
);

/** Database access for the service catalogue; only the catalogue module uses it. */
export class CatalogueRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Services in display order, optionally only active ones and of one kind. */
  async list(filter: { activeOnly?: boolean; kind?: ServiceRow["kind"] } = {}): Promise<ServiceRow[]> {
    const conditions: SQL[] = [];
    if (filter.activeOnly) conditions.push(eq(services.active, true));
    if (filter.kind) conditions.push(eq(services.kind, filter.kind));
    return this.db
      .select()
      .from(services)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(asc(services.sortOrder), asc(services.id));
  }

  async find(id: string): Promise<ServiceRow | null> {
    const [row] = await findService(this.db, { id });
    return row ?? null;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(services);
    return Number(row?.n ?? 0);
  }

  /** Inserts the rows whose id is not stored yet and leaves the others (and their staff edits) alone. */
  async insertMissing(rows: NewServiceRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(services)
      .values(rows)
      .onConflictDoNothing({ target: services.id })
      .returning({ id: services.id });
    return inserted.length;
  }

  async update(id: string, values: Partial<NewServiceRow>): Promise<ServiceRow | null> {
    const [row] = await this.db
      .update(services)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(services.id, id))
      .returning();
    return row ?? null;
  }
}
