import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, lte, or, sql, sum } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { placeholdersOf, reusable, timePlaceholder } from "../../db/reusable-query.server.ts";
import { paymentEvents, payments } from "../../db/schema/payments.ts";

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
type Executor = Database | Transaction;

const p = (name: string) => sql.placeholder(name);
// Every column a payment has, in one fixed shape, so that writing one is a query built once
// (db/reusable-query.server.ts).
const COLUMNS = Object.keys(getTableColumns(payments)) as Array<keyof PaymentRow>;
const TIMES = new Set<string>(["nextAttemptAt", "periodStart", "periodEnd", "createdAt", "updatedAt", "settledAt"]);
const driverValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

const findPayment = reusable<PaymentRow[], { id: string }>("payments_find", (x) =>
  x
    .select()
    .from(payments)
    .where(eq(payments.id, p("id")))
    .limit(1),
);
const lockPayment = reusable<PaymentRow[], { id: string }>("payments_lock", (x) =>
  x
    .select()
    .from(payments)
    .where(eq(payments.id, p("id")))
    .for("update")
    .limit(1),
);
const paymentByProviderId = reusable<PaymentRow[], { providerPaymentId: string }>("payments_by_provider_id", (x) =>
  x
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, p("providerPaymentId")))
    .limit(1),
);
const lockByProviderId = reusable<PaymentRow[], { providerPaymentId: string }>("payments_lock_by_provider_id", (x) =>
  x
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, p("providerPaymentId")))
    .for("update")
    .limit(1),
);
const setIntent = reusable<
  PaymentRow[],
  { id: string; provider: string; providerPaymentId: string; clientSecret: string; updatedAt: string }
>("payments_set_intent", (x) =>
  x
    .update(payments)
    .set({
      provider: sql`${p("provider")}`,
      providerPaymentId: sql`${p("providerPaymentId")}`,
      clientSecret: sql`${p("clientSecret")}`,
      updatedAt: timePlaceholder("updatedAt"),
    })
    .where(eq(payments.id, p("id")))
    .returning(),
);
const paymentsOfSubject = reusable<PaymentRow[], { subjectId: string }>("payments_of_subject", (x) =>
  x
    .select()
    .from(payments)
    .where(eq(payments.subjectId, p("subjectId")))
    .orderBy(asc(payments.createdAt), asc(payments.id)),
);
const lockChargesOf = reusable<PaymentRow[], { subjectId: string }>("payments_lock_charges", (x) =>
  x
    .select()
    .from(payments)
    .where(and(eq(payments.subjectId, p("subjectId")), eq(payments.kind, "charge")))
    .orderBy(asc(payments.id))
    .for("update"),
);
const insertPayment = reusable<PaymentRow[], Record<string, unknown>>("payments_insert", (x) =>
  x
    .insert(payments)
    .values(placeholdersOf(COLUMNS, TIMES) as never)
    .onConflictDoNothing()
    .returning(),
);
const UPDATED = COLUMNS.filter((column) => column !== "id" && column !== "createdAt");
const updatePayment = reusable<PaymentRow[], Record<string, unknown>>("payments_update", (x) =>
  x
    .update(payments)
    .set(placeholdersOf(UPDATED, TIMES))
    .where(eq(payments.id, p("id")))
    .returning(),
);
const recordEventOnce = reusable<Array<{ id: string }>, { id: string; type: string; paymentId: string | null }>(
  "payment_events_record",
  (x) =>
    x
      .insert(paymentEvents)
      .values({ id: p("id"), type: p("type"), paymentId: p("paymentId") })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id }),
);

/** Database access for payments and the provider events already handled. Only the payments module uses it. */
export class PaymentRepo {
  readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Records a provider event by its id; false when it was recorded already (a redelivery). */
  async recordEvent(tx: Transaction, event: { id: string; type: string; paymentId: string | null }): Promise<boolean> {
    const inserted = await recordEventOnce(tx, event);
    return inserted.length > 0;
  }

  /** Notes why an event changed nothing though it named one of our payments. */
  async setEventProblem(tx: Transaction, eventId: string, paymentId: string, problem: string): Promise<void> {
    await tx
      .update(paymentEvents)
      .set({ paymentId, problem: problem.slice(0, 500) })
      .where(eq(paymentEvents.id, eventId));
  }

  async setEventPayment(tx: Transaction, eventId: string, paymentId: string): Promise<void> {
    await tx.update(paymentEvents).set({ paymentId }).where(eq(paymentEvents.id, eventId));
  }

  /** Inserts a payment (nothing when its key or its open part is taken: null then). */
  async insert(row: NewPaymentRow, executor: Executor = this.db): Promise<PaymentRow | null> {
    const now = new Date();
    const full: Record<string, unknown> = {
      method: "card",
      currency: "usd",
      attempts: 0,
      round: 0,
      createdAt: now,
      updatedAt: now,
      ...row,
      id: row.id ?? crypto.randomUUID(),
    };
    const [inserted] = await insertPayment(
      executor,
      Object.fromEntries(COLUMNS.map((column) => [column, driverValue(full[column])])),
    );
    return inserted ?? null;
  }

  async find(id: string, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await findPayment(executor, { id });
    return row ?? null;
  }

  /** The payment, its row locked until the transaction ends: moves of one payment happen one at a time. */
  async lock(tx: Transaction, id: string): Promise<PaymentRow | null> {
    const [row] = await lockPayment(tx, { id });
    return row ?? null;
  }

  /** The payment of a provider's intent, its row locked until the transaction ends. */
  async lockByProviderId(tx: Transaction, providerPaymentId: string): Promise<PaymentRow | null> {
    const [row] = await lockByProviderId(tx, { providerPaymentId });
    return row ?? null;
  }

  /** Records the provider's intent of a payment (only those columns: an event may have moved the rest meanwhile). */
  async setIntent(
    id: string,
    intent: { provider: string; providerPaymentId: string; clientSecret: string },
  ): Promise<PaymentRow> {
    const [row] = await setIntent(this.db, { id, ...intent, updatedAt: new Date().toISOString() });
    return row;
  }

  async findByProviderId(providerPaymentId: string, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await paymentByProviderId(executor, { providerPaymentId });
    return row ?? null;
  }

  async findByInvoice(invoiceId: string, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await executor.select().from(payments).where(eq(payments.providerInvoiceId, invoiceId)).limit(1);
    return row ?? null;
  }

  async findByKey(idempotencyKey: string, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await executor.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey)).limit(1);
    return row ?? null;
  }

  async update(executor: Executor, id: string, changes: Partial<NewPaymentRow>): Promise<PaymentRow> {
    const [row] = await executor
      .update(payments)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(payments.id, id))
      .returning();
    return row;
  }

  /**
   * The same, for a payment whose row the caller holds locked (so as it is now): every column written
   * at once, one shape of update built once. Never for a row read without its lock.
   */
  async updateRow(executor: Executor, current: PaymentRow, changes: Partial<NewPaymentRow>): Promise<PaymentRow> {
    const merged: Record<string, unknown> = { ...current, ...changes, updatedAt: new Date() };
    const [row] = await updatePayment(executor, {
      ...Object.fromEntries(UPDATED.map((column) => [column, driverValue(merged[column])])),
      id: current.id,
    });
    return row;
  }

  /** Every payment of a record, oldest first. */
  async ofSubject(subjectId: string, executor: Executor = this.db): Promise<PaymentRow[]> {
    return paymentsOfSubject(executor, { subjectId });
  }

  async ofSubjects(subjectIds: readonly string[]): Promise<PaymentRow[]> {
    if (subjectIds.length === 0) return [];
    return this.db
      .select()
      .from(payments)
      .where(inArray(payments.subjectId, [...subjectIds]))
      .orderBy(asc(payments.createdAt), asc(payments.id));
  }

  /** The charges of a record, locked in id order (the order every writer locks them in). */
  async lockCharges(tx: Transaction, subjectId: string): Promise<PaymentRow[]> {
    return lockChargesOf(tx, { subjectId });
  }

  /** The charge of a record's part that is still open (waiting for the browser or the bank), if any. */
  async openCharge(subjectId: string, part: number | null, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await executor
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.subjectId, subjectId),
          eq(payments.kind, "charge"),
          part === null ? sql`${payments.part} is null` : eq(payments.part, part),
          inArray(payments.status, ["requires_payment", "processing", "failed"]),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** The latest succeeded charge of a record that saved a payment method for later. */
  async savedMethodOf(subjectId: string, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await executor
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.subjectId, subjectId),
          eq(payments.kind, "charge"),
          eq(payments.status, "succeeded"),
          isNotNull(payments.savedMethodId),
        ),
      )
      .orderBy(desc(payments.settledAt))
      .limit(1);
    return row ?? null;
  }

  /** The refunds of a charge, oldest first. */
  async refundsOf(chargeId: string, executor: Executor = this.db): Promise<PaymentRow[]> {
    return executor
      .select()
      .from(payments)
      .where(eq(payments.refundOf, chargeId))
      .orderBy(asc(payments.createdAt), asc(payments.id));
  }

  /**
   * Claims a pending refund for one provider call: only while it is pending and its next attempt is
   * due (or none is set). The claim pushes the next attempt past the call's time-out, so that two
   * servers never call the provider for it at once.
   */
  async claimRefund(id: string, now: Date, leaseMs: number): Promise<PaymentRow | null> {
    const [row] = await this.db
      .update(payments)
      .set({
        attempts: sql`${payments.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
        updatedAt: now,
      })
      .where(
        and(
          eq(payments.id, id),
          eq(payments.kind, "refund"),
          eq(payments.status, "pending"),
          or(sql`${payments.nextAttemptAt} is null`, lte(payments.nextAttemptAt, now)),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Pending refunds whose next provider call is due. */
  async dueRefunds(now: Date, limit = 100): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.kind, "refund"),
          eq(payments.status, "pending"),
          or(sql`${payments.nextAttemptAt} is null`, lte(payments.nextAttemptAt, now)),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(limit);
  }

  /** Money received (succeeded charges) and given back (succeeded refunds) in [start, end), in cents. */
  async movedBetween(start: Date, end: Date): Promise<{ chargedCents: number; refundedCents: number }> {
    const rows = await this.db
      .select({ kind: payments.kind, cents: sum(payments.amountCents) })
      .from(payments)
      .where(and(eq(payments.status, "succeeded"), gte(payments.settledAt, start), lt(payments.settledAt, end)))
      .groupBy(payments.kind);
    const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.cents ?? 0);
    return { chargedCents: of("charge"), refundedCents: of("refund") };
  }

  /** The charges that succeeded in [start, end), oldest first, with what their refunds gave back so far. */
  async chargesBetween(start: Date, end: Date, limit: number): Promise<Array<PaymentRow & { refundedCents: number }>> {
    // The outer row named in full: a bare column here would be read as the subquery's own.
    const refunds = sql<string>`(select coalesce(sum(r.amount_cents), 0) from payments r where r.refund_of = "payments"."id" and r.status = 'succeeded')`;
    const rows = await this.db
      .select({ payment: payments, refundedCents: refunds })
      .from(payments)
      .where(
        and(
          eq(payments.kind, "charge"),
          eq(payments.status, "succeeded"),
          gte(payments.settledAt, start),
          lt(payments.settledAt, end),
        ),
      )
      .orderBy(asc(payments.settledAt), asc(payments.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.payment, refundedCents: Number(row.refundedCents ?? 0) }));
  }
}
