import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  lt,
  ne,
  or,
  sql,
  sum,
  type SQL,
} from "drizzle-orm";
import { escapeLike, type StaffSearch } from "../paging/search.ts";
import type { Database, Transaction } from "../../db/client.server.ts";
import { placeholdersOf, reusable } from "../../db/reusable-query.server.ts";
import { countUpTo, staffSearchCondition } from "../../db/staff-search.server.ts";
import { orderInstalments } from "../../db/schema/instalments.ts";
import { dealReservations, orderHistory, orderItems, orders } from "../../db/schema/orders.ts";
import type { OrderStatus } from "./rules.ts";

/**
 * An order by what staff type: any part of its folded name, e-mail, company or phone digits, or the
 * start of its number (the id's first characters, as receipts print them); one or two characters match
 * the start of the e-mail or of the number.
 */
function searchOf(search: StaffSearch): SQL {
  const byNumber = /^[0-9a-f-]{1,36}$/i.test(search.text)
    ? sql`(${orders.id}::text) like ${`${escapeLike(search.text.toLowerCase())}%`}`
    : undefined;
  const byText = staffSearchCondition(search, orders.searchText, [sql`lower(${orders.customerEmail})`]);
  return byNumber ? (or(byText, byNumber) ?? byText) : byText;
}

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = Omit<typeof orderItems.$inferInsert, "orderId">;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;
export type InstalmentRow = typeof orderInstalments.$inferSelect;
export type NewInstalmentRow = Omit<typeof orderInstalments.$inferInsert, "orderId">;
type Executor = Database | Transaction;

const p = (name: string) => sql.placeholder(name);

// The queries of the checkout path, built once (db/reusable-query.server.ts).
const findOrder = reusable<OrderRow[], { id: string }>("orders_find", (x) =>
  x
    .select()
    .from(orders)
    .where(eq(orders.id, p("id")))
    .limit(1),
);
const lockOrder = reusable<OrderRow[], { id: string }>("orders_lock", (x) =>
  x
    .select()
    .from(orders)
    .where(eq(orders.id, p("id")))
    .for("update")
    .limit(1),
);
const orderByKey = reusable<OrderRow[], { key: string }>("orders_by_key", (x) =>
  x
    .select()
    .from(orders)
    .where(eq(orders.idempotencyKey, p("key")))
    .limit(1),
);
const itemsOfOrder = reusable<OrderItemRow[], { orderId: string }>("order_items_of", (x) =>
  x
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, p("orderId")))
    .orderBy(asc(orderItems.position)),
);
type HistoryEntry = {
  fromStatus: string | null;
  toStatus: string;
  cause: string;
  eventId: string | null;
  actor: string | null;
  detail: string | null;
};
/** A history entry's values as placeholders, its order's id under the placeholder `orderId`. */
const historyValues = (orderId: string) => ({
  orderId: p(orderId),
  fromStatus: p("fromStatus"),
  toStatus: p("toStatus"),
  cause: p("cause"),
  eventId: p("eventId"),
  actor: p("actor"),
  detail: p("detail"),
});
const addHistory = reusable<unknown, { orderId: string } & HistoryEntry>("order_history_add", (x) =>
  x.insert(orderHistory).values(historyValues("orderId")),
);
/** Every column an order's life changes, set at once: one shape of update, built once. */
const MUTABLE = ["status", "paymentPlan", "paidCents", "refundedCents", "paidAt", "cancelledAt", "updatedAt"] as const;
const mutableSet = () => placeholdersOf(MUTABLE, new Set(["paidAt", "cancelledAt", "updatedAt"]));
const updateOrder = reusable<OrderRow[], Record<(typeof MUTABLE)[number] | "id", unknown>>("orders_update", (x) =>
  x
    .update(orders)
    .set(mutableSet())
    .where(eq(orders.id, p("id")))
    .returning(),
);
/** The same update with its history entry, in one statement: a move of status costs one round trip. */
const updateOrderLogged = reusable<OrderRow[], Record<(typeof MUTABLE)[number] | "id", unknown> & HistoryEntry>(
  "orders_update_logged",
  (x) =>
    x
      .with(x.$with("entry").as(x.insert(orderHistory).values(historyValues("id")).returning({ id: orderHistory.id })))
      .update(orders)
      .set(mutableSet())
      .where(eq(orders.id, p("id")))
      .returning(),
);
const INSERTED = [
  "id",
  "workflow",
  "userId",
  "status",
  "currency",
  "language",
  "customerFirstName",
  "customerLastName",
  "customerEmail",
  "customerPhone",
  "customerCompany",
  "subtotalCents",
  "discountCents",
  "taxCents",
  "totalCents",
  "promoCode",
  "idempotencyKey",
  "paymentPlan",
] as const;
/**
 * A new order, its lines (a JSON array) and its first history entry in one statement: one round trip
 * instead of a transaction of four. Nothing is stored when the idempotency key was used already (no row
 * then). The lines come back as JSON (snake_case, times as text): see storedLine. The history entry's
 * insert runs though nothing reads it: PostgreSQL runs every data-modifying part of a WITH once.
 */
const createOrder = reusable<
  Array<OrderRow & { lines: StoredLineJson[] }>,
  Record<(typeof INSERTED)[number] | "lines", unknown>
>("orders_create", (x) => {
  const created = x.$with("created").as(
    x
      .insert(orders)
      .values(Object.fromEntries(INSERTED.map((column) => [column, p(column)])) as never)
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning(),
  );
  const logged = x
    .$with("logged")
    .as(
      x
        .insert(orderHistory)
        .select(
          sql`select nextval(pg_get_serial_sequence('order_history', 'id')), ${created.id}, null, ${created.status}, 'created', null, null, null, now() from ${created}`,
        )
        .returning({ id: orderHistory.id }),
    );
  const lines = x.$with("lines").as(
    x
      .insert(orderItems)
      .select(
        sql`select nextval(pg_get_serial_sequence('order_items', 'id')), ${created.id}, line.position, line.service_id, line.service_name, line.description, line.pricing_type,
            line.unit_price_cents, line.quantity, line.line_total_cents, line.service_data, line.deal_id, now()
            from ${created} cross join jsonb_to_recordset(${p("lines")}::jsonb) as line(position int, service_id text, service_name text, description text, pricing_type text,
            unit_price_cents int, quantity int, line_total_cents int, service_data jsonb, deal_id int)`,
      )
      .returning(),
  );
  const columns = Object.fromEntries(
    Object.keys(getTableColumns(orders)).map((key) => [key, created[key as keyof typeof created]]),
  );
  return x
    .with(created, logged, lines)
    .select({
      ...(columns as unknown as Record<string, ReturnType<typeof sql>>),
      lines: sql<
        StoredLineJson[]
      >`(select coalesce(json_agg(${lines} order by ${lines.position}), '[]') from ${lines})`,
    })
    .from(created) as never;
});

/** An order line as createOrder's JSON answers it. */
interface StoredLineJson {
  id: number;
  order_id: string;
  position: number;
  service_id: string;
  service_name: string;
  description: string;
  pricing_type: string;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
  service_data: Record<string, unknown>;
  deal_id: number | null;
  created_at: string;
}

function storedLine(line: StoredLineJson): OrderItemRow {
  return {
    id: line.id,
    orderId: line.order_id,
    position: line.position,
    serviceId: line.service_id,
    serviceName: line.service_name,
    description: line.description,
    pricingType: line.pricing_type,
    unitPriceCents: line.unit_price_cents,
    quantity: line.quantity,
    lineTotalCents: line.line_total_cents,
    serviceData: line.service_data,
    dealId: line.deal_id,
    createdAt: new Date(line.created_at),
  };
}

/** Database access for orders, their lines, history, schedules and deal reservations. Only the orders module uses it. */
export class OrderRepo {
  readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The same as insert, in one statement, answering the stored lines too (a cart's order: its view is made from them). */
  async insertReturning(
    order: NewOrderRow,
    items: NewOrderItemRow[],
  ): Promise<{ row: OrderRow; items: OrderItemRow[] } | null> {
    const values = Object.fromEntries(INSERTED.map((column) => [column, order[column] ?? null])) as Record<
      (typeof INSERTED)[number],
      unknown
    >;
    const lines = items.map((item) => ({
      position: item.position,
      service_id: item.serviceId,
      service_name: item.serviceName,
      description: item.description ?? "",
      pricing_type: item.pricingType,
      unit_price_cents: item.unitPriceCents,
      quantity: item.quantity ?? 1,
      line_total_cents: item.lineTotalCents,
      service_data: item.serviceData ?? {},
      deal_id: item.dealId ?? null,
    }));
    const [stored] = await createOrder(this.db, {
      ...values,
      id: order.id ?? crypto.randomUUID(),
      workflow: order.workflow ?? "cart_order",
      status: order.status ?? "pending",
      currency: order.currency ?? "usd",
      language: order.language ?? "en",
      discountCents: order.discountCents ?? 0,
      taxCents: order.taxCents ?? 0,
      lines: JSON.stringify(lines),
    });
    if (!stored) return null;
    const { lines: storedLines, ...row } = stored;
    return { row: row as OrderRow, items: storedLines.map(storedLine) };
  }

  /**
   * Inserts an order with its lines and first history entry. With an idempotency key already used,
   * nothing is inserted and null comes back (the caller reads the existing order).
   */
  async insert(
    order: NewOrderRow,
    items: NewOrderItemRow[],
    schedule: NewInstalmentRow[] = [],
  ): Promise<OrderRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values(order)
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning();
      if (!row) return null;
      await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
      if (schedule.length > 0)
        await tx.insert(orderInstalments).values(schedule.map((entry) => ({ ...entry, orderId: row.id })));
      await tx
        .insert(orderHistory)
        .values({ orderId: row.id, fromStatus: null, toStatus: row.status, cause: "created" });
      return row;
    });
  }

  async find(id: string, executor: Executor = this.db): Promise<OrderRow | null> {
    const [row] = await findOrder(executor, { id });
    return row ?? null;
  }

  /** The order, its row locked until the transaction ends: transitions of one order run one at a time. */
  async lock(tx: Transaction, id: string): Promise<OrderRow | null> {
    const [row] = await lockOrder(tx, { id });
    return row ?? null;
  }

  async findMany(ids: readonly string[]): Promise<OrderRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids]));
  }

  async findByIdempotencyKey(key: string): Promise<OrderRow | null> {
    const [row] = await orderByKey(this.db, { key });
    return row ?? null;
  }

  async items(orderId: string, executor: Executor = this.db): Promise<OrderItemRow[]> {
    return itemsOfOrder(executor, { orderId });
  }

  async itemsOf(orderIds: string[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.position));
  }

  async history(orderId: string): Promise<OrderHistoryRow[]> {
    return this.db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
  }

  /** Sets fields of an order and appends a history entry when the status changes. */
  async update(
    tx: Transaction,
    current: OrderRow,
    changes: Partial<NewOrderRow>,
    entry?: { to: OrderStatus; cause: string; eventId?: string | null; actor?: string | null },
  ): Promise<OrderRow> {
    const unknown = Object.keys(changes).filter((column) => !(MUTABLE as readonly string[]).includes(column));
    if (unknown.length > 0) throw new Error(`an order's ${unknown.join(", ")} cannot change`);
    const merged = { ...current, ...changes, ...(entry ? { status: entry.to } : {}), updatedAt: new Date() };
    const values = Object.fromEntries(
      MUTABLE.map((column) => [
        column,
        merged[column] instanceof Date ? (merged[column] as Date).toISOString() : (merged[column] ?? null),
      ]),
    );
    const set = { ...(values as Record<(typeof MUTABLE)[number], unknown>), id: current.id };
    const [row] = entry
      ? await updateOrderLogged(tx, {
          ...set,
          fromStatus: current.status,
          toStatus: entry.to,
          cause: entry.cause,
          eventId: entry.eventId ?? null,
          actor: entry.actor ?? null,
          detail: null,
        })
      : await updateOrder(tx, set);
    return row;
  }

  /** Appends a history note that does not change the status (a claim that could not be counted...). */
  async note(
    tx: Transaction,
    order: OrderRow,
    cause: string,
    eventId: string | null = null,
    actor: string | null = null,
    detail: string | null = null,
  ): Promise<void> {
    await addHistory(tx, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      cause,
      eventId,
      actor,
      detail,
    });
  }

  /** Claims of a deal held by unpaid orders other than `exceptOrderId`, not yet expired at `now`. */
  async heldClaims(tx: Transaction, dealId: number, exceptOrderId: string, now: Date): Promise<number> {
    const [row] = await tx
      .select({ total: sum(dealReservations.quantity) })
      .from(dealReservations)
      .where(
        and(
          eq(dealReservations.dealId, dealId),
          eq(dealReservations.state, "held"),
          gt(dealReservations.expiresAt, now),
          ne(dealReservations.orderId, exceptOrderId),
        ),
      );
    return Number(row?.total ?? 0);
  }

  /** Which of `orderIds` pays for a class enrolment (its class line names the enrolment), or null. */
  async orderOfClassSeat(enrollmentId: string, orderIds: readonly string[]): Promise<string | null> {
    if (orderIds.length === 0) return null;
    const [row] = await this.db
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(
        and(
          inArray(orderItems.orderId, [...orderIds]),
          sql`${orderItems.serviceData}->>'enrollmentId' = ${enrollmentId}`,
        ),
      )
      .limit(1);
    return row?.orderId ?? null;
  }

  /**
   * A deal's claims beside one order, in one read: `held`, the claims other orders hold now (what is
   * left is checked against them), and `person`, those one person (an e-mail, in any case) has in their
   * other orders, counted or held now (what the deal's limit per person is checked against).
   */
  async claimsBeside(
    dealId: number,
    email: string,
    exceptOrderId: string | null,
    now: Date,
    executor: Database | Transaction = this.db,
  ): Promise<{ held: number; person: number }> {
    const live = and(eq(dealReservations.state, "held"), gt(dealReservations.expiresAt, now));
    const [row] = await executor
      .select({
        held: sql<number>`coalesce(sum(${dealReservations.quantity}) filter (where ${live}), 0)`.mapWith(Number),
        person:
          sql<number>`coalesce(sum(${dealReservations.quantity}) filter (where lower(${orders.customerEmail}) = lower(${email}) and (${dealReservations.state} = 'claimed' or ${live})), 0)`.mapWith(
            Number,
          ),
      })
      .from(dealReservations)
      .innerJoin(orders, eq(orders.id, dealReservations.orderId))
      .where(
        and(
          eq(dealReservations.dealId, dealId),
          inArray(dealReservations.state, ["held", "claimed"]),
          exceptOrderId === null ? undefined : ne(dealReservations.orderId, exceptOrderId),
        ),
      );
    return { held: row?.held ?? 0, person: row?.person ?? 0 };
  }

  /** Holds an order's reservation of a deal's claims until `expiresAt` (the end its first hold was given). */
  async holdReservation(
    tx: Transaction,
    reservation: { orderId: string; dealId: number; quantity: number; expiresAt: Date },
  ): Promise<void> {
    await tx
      .insert(dealReservations)
      .values({ ...reservation, state: "held" })
      .onConflictDoUpdate({
        target: [dealReservations.orderId, dealReservations.dealId],
        set: { state: "held", quantity: reservation.quantity, expiresAt: reservation.expiresAt },
      });
  }

  /** Moves an order's held reservations to `state` (released when its payment failed or it was cancelled). */
  async settleReservations(tx: Transaction, orderId: string, state: "released"): Promise<void> {
    await tx
      .update(dealReservations)
      .set({ state })
      .where(and(eq(dealReservations.orderId, orderId), eq(dealReservations.state, "held")));
  }

  /** An order's reservations in `states`, in deal order (the order their deals are locked in). */
  async reservations(
    tx: Transaction,
    orderId: string,
    states: readonly string[],
  ): Promise<Array<typeof dealReservations.$inferSelect>> {
    return tx
      .select()
      .from(dealReservations)
      .where(and(eq(dealReservations.orderId, orderId), inArray(dealReservations.state, [...states])))
      .orderBy(asc(dealReservations.dealId));
  }

  /** Records how one deal's claim of an order ended (claimed, over_limit, returned). */
  async setReservation(
    tx: Transaction,
    reservation: { orderId: string; dealId: number; quantity: number; state: string },
  ): Promise<void> {
    await tx
      .insert(dealReservations)
      .values({ ...reservation, expiresAt: new Date() })
      .onConflictDoUpdate({
        target: [dealReservations.orderId, dealReservations.dealId],
        set: { state: reservation.state },
      });
  }

  /** Orders placed in [start, end), and orders paid in it that are still paid, with their total in cents. */
  async figuresBetween(start: Date, end: Date): Promise<{ placed: number; paid: number; paidCents: number }> {
    const [placed] = await this.db
      .select({ n: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)));
    const [paid] = await this.db
      .select({ n: count(), cents: sum(orders.totalCents) })
      .from(orders)
      .where(
        and(inArray(orders.status, ["paid", "partially_refunded"]), gte(orders.paidAt, start), lt(orders.paidAt, end)),
      );
    return { placed: Number(placed?.n ?? 0), paid: Number(paid?.n ?? 0), paidCents: Number(paid?.cents ?? 0) };
  }

  /** Which of these lower-cased e-mails have a paid order, compared without case. */
  async emailsWithPaidOrders(emails: string[], executor: Executor = this.db): Promise<string[]> {
    if (emails.length === 0) return [];
    const rows = await executor
      .selectDistinct({ email: sql<string>`lower(${orders.customerEmail})` })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ["paid", "partially_paid", "partially_refunded"]),
          inArray(sql`lower(${orders.customerEmail})`, emails),
        ),
      );
    return rows.map((row) => row.email);
  }

  /**
   * Staff's list: newest first, by status, by a search (name, e-mail, company, phone or order number) and
   * by the days it was placed in; the matches are counted up to `countLimit` (a capped count).
   */
  async list(
    filter: { status?: OrderStatus; search?: StaffSearch | null; from?: Date; to?: Date },
    offset: number,
    limit: number,
    countLimit: number,
  ): Promise<{ rows: OrderRow[]; counted: number }> {
    const conditions = [];
    if (filter.status) conditions.push(eq(orders.status, filter.status));
    if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
    if (filter.to) conditions.push(lt(orders.createdAt, filter.to));
    if (filter.search) conditions.push(searchOf(filter.search));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, counted] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .offset(offset)
        .limit(limit),
      countUpTo(this.db, orders, where, countLimit),
    ]);
    return { rows, counted };
  }

  /** An order's payment schedule, in position order (empty for an order paid at once by cart). */
  async instalments(orderId: string, executor: Executor = this.db): Promise<InstalmentRow[]> {
    return executor
      .select()
      .from(orderInstalments)
      .where(eq(orderInstalments.orderId, orderId))
      .orderBy(asc(orderInstalments.position));
  }

  async instalmentsOf(orderIds: string[]): Promise<InstalmentRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .select()
      .from(orderInstalments)
      .where(inArray(orderInstalments.orderId, orderIds))
      .orderBy(asc(orderInstalments.position));
  }

  async findInstalment(id: number, executor: Executor = this.db): Promise<InstalmentRow | null> {
    const [row] = await executor.select().from(orderInstalments).where(eq(orderInstalments.id, id)).limit(1);
    return row ?? null;
  }

  /** The instalment, its row locked until the transaction ends. */
  async lockInstalment(tx: Transaction, id: number): Promise<InstalmentRow | null> {
    const [row] = await tx.select().from(orderInstalments).where(eq(orderInstalments.id, id)).for("update").limit(1);
    return row ?? null;
  }

  async updateInstalment(
    tx: Executor,
    id: number,
    changes: Partial<typeof orderInstalments.$inferInsert>,
  ): Promise<InstalmentRow> {
    const [row] = await tx
      .update(orderInstalments)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(orderInstalments.id, id))
      .returning();
    return row;
  }

  async addInstalment(tx: Transaction, orderId: string, entry: NewInstalmentRow): Promise<InstalmentRow | null> {
    const [row] = await tx
      .insert(orderInstalments)
      .values({ ...entry, orderId })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  /**
   * Claims an instalment for one charge: only when it is still at the attempt the caller saw, due (or
   * its retry is), and not being charged. Two servers running the same job: one gets the row, the
   * other nothing, so the card is charged once.
   */
  async claimInstalmentCharge(id: number, attempt: number, now: Date): Promise<InstalmentRow | null> {
    const [row] = await this.db
      .update(orderInstalments)
      .set({
        status: "processing",
        attempts: sql`${orderInstalments.attempts} + 1`,
        nextAttemptAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(orderInstalments.id, id),
          eq(orderInstalments.attempts, attempt),
          or(
            and(eq(orderInstalments.status, "due"), sql`${orderInstalments.dueAt} <= ${now}`),
            and(
              eq(orderInstalments.status, "failed"),
              sql`${orderInstalments.nextAttemptAt} is not null and ${orderInstalments.nextAttemptAt} <= ${now}`,
            ),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Instalments after the first whose charge (or retry) is due at `now`. */
  async dueInstalments(now: Date, limit = 100): Promise<InstalmentRow[]> {
    return this.db
      .select()
      .from(orderInstalments)
      .where(
        and(
          sql`${orderInstalments.position} > 1`,
          or(
            and(eq(orderInstalments.status, "due"), sql`${orderInstalments.dueAt} <= ${now}`),
            and(
              eq(orderInstalments.status, "failed"),
              sql`${orderInstalments.nextAttemptAt} is not null and ${orderInstalments.nextAttemptAt} <= ${now}`,
            ),
          ),
        ),
      )
      .orderBy(asc(orderInstalments.dueAt))
      .limit(limit);
  }

  /**
   * Instalments still to collect (due, processing or failed) and the failed ones, in cents and count:
   * only of plans whose buyer paid something, since a plan whose first payment was never made (left at
   * checkout, or declined there) is nothing anyone will collect.
   */
  async scheduleFigures(): Promise<{ toCollectCents: number; toCollect: number; failedCents: number; failed: number }> {
    const rows = await this.db
      .select({ status: orderInstalments.status, n: count(), cents: sum(orderInstalments.amountCents) })
      .from(orderInstalments)
      .innerJoin(orders, and(eq(orders.id, orderInstalments.orderId), gt(orders.paidCents, 0)))
      .where(inArray(orderInstalments.status, ["due", "processing", "failed"]))
      .groupBy(orderInstalments.status);
    const of = (status: string) => rows.find((row) => row.status === status);
    const cents = (status: string) => Number(of(status)?.cents ?? 0);
    const n = (status: string) => Number(of(status)?.n ?? 0);
    return {
      toCollectCents: cents("due") + cents("processing") + cents("failed"),
      toCollect: n("due") + n("processing") + n("failed"),
      failedCents: cents("failed"),
      failed: n("failed"),
    };
  }
}
