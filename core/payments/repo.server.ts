import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql, sum } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.server.ts";
import { paymentEvents, payments } from "../../db/schema/payments.ts";

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
type Executor = Database | Transaction;

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
    const inserted = await tx.insert(paymentEvents).values(event).onConflictDoNothing({ target: paymentEvents.id }).returning({ id: paymentEvents.id });
    return inserted.length > 0;
  }

  async setEventPayment(tx: Transaction, eventId: string, paymentId: string): Promise<void> {
    await tx.update(paymentEvents).set({ paymentId }).where(eq(paymentEvents.id, eventId));
  }

  async insert(row: NewPaymentRow, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [inserted] = await executor.insert(payments).values(row).onConflictDoNothing().returning();
    return inserted ?? null;
  }

  async find(id: string, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await executor.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row ?? null;
  }

  /** The payment, its row locked until the transaction ends: moves of one payment happen one at a time. */
  async lock(tx: Transaction, id: string): Promise<PaymentRow | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for("update").limit(1);
    return row ?? null;
  }

  async findByProviderId(providerPaymentId: string, executor: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await executor.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
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
    const [row] = await executor.update(payments).set({ ...changes, updatedAt: new Date() }).where(eq(payments.id, id)).returning();
    return row;
  }

  /** Every payment of a record, oldest first. */
  async ofSubject(subjectId: string, executor: Executor = this.db): Promise<PaymentRow[]> {
    return executor.select().from(payments).where(eq(payments.subjectId, subjectId)).orderBy(asc(payments.createdAt), asc(payments.id));
  }

  async ofSubjects(subjectIds: readonly string[]): Promise<PaymentRow[]> {
    if (subjectIds.length === 0) return [];
    return this.db.select().from(payments).where(inArray(payments.subjectId, [...subjectIds])).orderBy(asc(payments.createdAt), asc(payments.id));
  }

  /** The charges of a record, locked in id order (the order every writer locks them in). */
  async lockCharges(tx: Transaction, subjectId: string): Promise<PaymentRow[]> {
    return tx.select().from(payments).where(and(eq(payments.subjectId, subjectId), eq(payments.kind, "charge"))).orderBy(asc(payments.id)).for("update");
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
      .where(and(eq(payments.subjectId, subjectId), eq(payments.kind, "charge"), eq(payments.status, "succeeded"), isNotNull(payments.savedMethodId)))
      .orderBy(desc(payments.settledAt))
      .limit(1);
    return row ?? null;
  }

  /** The refunds of a charge, oldest first. */
  async refundsOf(chargeId: string, executor: Executor = this.db): Promise<PaymentRow[]> {
    return executor.select().from(payments).where(eq(payments.refundOf, chargeId)).orderBy(asc(payments.createdAt), asc(payments.id));
  }

  /**
   * Claims a pending refund for one provider call: only while it is pending and its next attempt is
   * due (or none is set). The claim pushes the next attempt past the call's time-out, so that two
   * servers never call the provider for it at once.
   */
  async claimRefund(id: string, now: Date, leaseMs: number): Promise<PaymentRow | null> {
    const [row] = await this.db
      .update(payments)
      .set({ attempts: sql`${payments.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs), updatedAt: now })
      .where(and(eq(payments.id, id), eq(payments.kind, "refund"), eq(payments.status, "pending"), or(sql`${payments.nextAttemptAt} is null`, lte(payments.nextAttemptAt, now))))
      .returning();
    return row ?? null;
  }

  /** Pending refunds whose next provider call is due. */
  async dueRefunds(now: Date, limit = 100): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(and(eq(payments.kind, "refund"), eq(payments.status, "pending"), or(sql`${payments.nextAttemptAt} is null`, lte(payments.nextAttemptAt, now))))
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
      .where(and(eq(payments.kind, "charge"), eq(payments.status, "succeeded"), gte(payments.settledAt, start), lt(payments.settledAt, end)))
      .orderBy(asc(payments.settledAt), asc(payments.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.payment, refundedCents: Number(row.refundedCents ?? 0) }));
  }
}
