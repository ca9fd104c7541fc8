import type { Job } from "pg-boss";
import type { Transaction } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { instalmentFailedEmail, instalmentPaidEmail } from "../instalments/emails.ts";
import {
  addMonths,
  DEFAULT_INSTALMENT_RETRY,
  nextInstalmentStatus,
  planSchedule,
  retryDelayMs,
  type InstalmentStatus,
  type RetryPolicy,
} from "../instalments/rules.ts";
import { customPaymentSchema, singleAmountOrderFields } from "../instalments/schema.ts";
import type { InstalmentRow, OrderItemRow, OrderRow } from "../orders/repo.server.ts";
import type { InstalmentView } from "../orders/schema.ts";
import { orderNotFound, toInstalmentView, type Settlement } from "../orders/service.server.ts";
import type { PaymentRow } from "../payments/repo.server.ts";
import { WORKFLOWS, type CheckoutDeps, type PaymentIntentAnswer } from "./deps.ts";
import { OrderWorkflow, receiptLink } from "./order-workflow.server.ts";
import type { ChargePlan, PayableOrders } from "./payable-orders.server.ts";

export const INSTALMENT_QUEUE = "order-instalment-charge";

export const SCHEDULE_MESSAGES = {
  nothingToRetry: "payments:schedule.nothingToRetry",
  nothingToCancel: "payments:schedule.nothingToCancel",
  firstNotPaid: "payments:schedule.firstNotPaid",
} as const;

/** The custom service's id on an order line. */
export const CUSTOM_PAYMENT_SERVICE_ID = "custom_payment";

interface ChargeJob {
  instalmentId: number;
  attempt: number;
}

/** What POST /api/create-custom-payment answers (specification 001, section 7). */
export interface CustomPaymentAnswer extends PaymentIntentAnswer {
  paymentData: {
    orderId: string;
    amount: number;
    paymentPlan: string;
    serviceName: string;
    schedule: InstalmentView[];
  };
}

/**
 * Custom payments paid at once or in instalments (specification 001, sections 3, 5, 9): one order
 * carries its schedule, and each instalment is paid by charges whose `part` is the instalment. The
 * visitor pays the first (saving the method for later with a plan of several); each later one is
 * charged off-session by a job at its due date, claimed by one server only (a conditional UPDATE),
 * retried with back-off, and the customer is e-mailed for each paid or failed one. The order is paid
 * when its payments cover its total (a monthly plan: its first month), partly paid in between.
 */
export class CustomPayments extends OrderWorkflow {
  readonly name = WORKFLOWS.customPayment;
  private readonly payable: PayableOrders;
  private readonly retryPolicy: RetryPolicy;

  constructor(deps: CheckoutDeps, payable: PayableOrders) {
    super(deps);
    this.payable = payable;
    this.retryPolicy = deps.instalmentRetry ?? DEFAULT_INSTALMENT_RETRY;
    deps.jobs
      ?.define(INSTALMENT_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 })
      .work<ChargeJob>(INSTALMENT_QUEUE, async (job: Job<ChargeJob>) => {
        await this.charge(job.data);
      });
  }

  /**
   * A custom payment (POST /api/create-custom-payment): the order with its schedule, and the intent of
   * the first instalment (the full amount for 1time), whose client secret the payment step confirms.
   */
  async create(
    input: unknown,
    context: { language: Language; userId?: string | null; address?: string; now?: Date },
  ): Promise<CustomPaymentAnswer> {
    const request = parseOrThrow(customPaymentSchema, input);
    await this.payable.countOrder(context.address);
    const amountCents = Math.round(request.amount * 100);
    const now = context.now ?? new Date();
    const row = await this.d.orders.insert(
      {
        ...singleAmountOrderFields(request, context, amountCents),
        workflow: this.name,
        paymentPlan: request.paymentPlan,
      },
      [
        {
          position: 0,
          serviceId: CUSTOM_PAYMENT_SERVICE_ID,
          serviceName: request.serviceName,
          description: "",
          pricingType: "custom",
          unitPriceCents: amountCents,
          quantity: 1,
          lineTotalCents: amountCents,
          serviceData: { paymentPlan: request.paymentPlan },
        },
      ],
      planSchedule(request.paymentPlan, amountCents, now).map((entry) => ({ ...entry, status: "due" })),
    );
    if (!row) throw new Error("custom payment order insert returned nothing");
    const intent = await this.payable.startPayment(this, row.id, now);
    const schedule = await this.d.orders.instalments(row.id);
    return {
      ...intent,
      paymentData: {
        orderId: row.id,
        amount: amountCents / 100,
        paymentPlan: request.paymentPlan,
        serviceName: request.serviceName,
        schedule: schedule.map(toInstalmentView),
      },
    };
  }

  /** The visitor pays the first instalment, saving the method when others follow. */
  async prepare(tx: Transaction, order: OrderRow): Promise<ChargePlan> {
    const schedule = await this.d.orders.instalments(order.id, tx);
    const first = schedule.find((entry) => entry.position === 1);
    if (!first || first.status === "paid" || first.status === "cancelled")
      throw new DomainError("conflict", "orders:errors.cannotPay");
    if (first.status === "failed") await this.d.orders.updateInstalment(tx, first.id, { status: "due" });
    const saveForLater =
      order.paymentPlan !== "1time"
        ? {
            customerEmail: order.customerEmail,
            customerName: `${order.customerFirstName} ${order.customerLastName}`.trim(),
          }
        : null;
    return { part: first.id, amountCents: first.amountCents, saveForLater };
  }

  protected async paid(tx: Transaction, order: OrderRow, _items: OrderItemRow[], charge: PaymentRow): Promise<boolean> {
    const instalment = charge.part === null ? null : await this.d.orders.lockInstalment(tx, charge.part);
    if (!instalment || instalment.orderId !== order.id) return true;
    if (nextInstalmentStatus(instalment.status as InstalmentStatus, "succeeded").kind !== "move") return true;
    const now = new Date();
    const paid = await this.d.orders.updateInstalment(tx, instalment.id, {
      status: "paid",
      paidAt: now,
      failureMessage: null,
      nextAttemptAt: null,
    });
    if (order.paymentPlan === "monthly" && order.cancelledAt === null) {
      // Monthly goes on until cancelled: each payment plans the next month's.
      const next = await this.d.orders.addInstalment(tx, order.id, {
        position: paid.position + 1,
        amountCents: order.totalCents,
        dueAt: addMonths(paid.dueAt, 1),
        status: "due",
      });
      if (next) await this.queue(tx, next, now);
    } else if (order.paymentPlan !== "monthly") {
      const next = (await this.d.orders.instalments(order.id, tx)).find(
        (entry) => entry.status === "due" && entry.position > paid.position,
      );
      if (next) await this.queue(tx, next, now);
    }
    return true;
  }

  protected async released(
    tx: Transaction,
    order: OrderRow,
    _items: OrderItemRow[],
    charge: PaymentRow | null,
    paymentFailed: boolean,
  ): Promise<void> {
    if (!paymentFailed || !charge || charge.part === null) return;
    const instalment = await this.d.orders.lockInstalment(tx, charge.part);
    if (!instalment || instalment.orderId !== order.id) return;
    if (nextInstalmentStatus(instalment.status as InstalmentStatus, "failed").kind !== "move") return;
    if (instalment.position === 1) {
      // The visitor's own payment: the page says it failed and offers to try again, as at checkout.
      await this.d.orders.updateInstalment(tx, instalment.id, {
        status: "failed",
        failureMessage: charge.failureMessage,
      });
      return;
    }
    const delay = retryDelayMs(instalment.attempts, this.retryPolicy);
    const failed = await this.d.orders.updateInstalment(tx, instalment.id, {
      status: "failed",
      failureMessage: charge.failureMessage,
      nextAttemptAt: delay === null ? null : new Date(Date.now() + delay),
    });
    if (delay !== null && this.d.jobs?.isStarted)
      await this.d.jobs.send(
        INSTALMENT_QUEUE,
        { instalmentId: failed.id, attempt: failed.attempts } satisfies ChargeJob,
        { tx, startAfterMs: delay },
      );
  }

  /** An instalment paid before the last: its own e-mail; the last (or a monthly plan's first): the receipt. */
  protected async notify(
    tx: Transaction,
    settlement: Settlement,
    charge: PaymentRow,
    fulfilled: boolean,
    items: OrderItemRow[],
  ): Promise<void> {
    const { after } = settlement;
    const instalment = charge.part === null ? null : await this.d.orders.findInstalment(charge.part, tx);
    if (
      charge.status === "succeeded" &&
      instalment &&
      !(after.status === "paid" && settlement.before.paidAt === null)
    ) {
      await this.d.orders.note(tx, after, "instalment_paid");
      const view = await this.viewAfter(tx, settlement, items);
      await this.d.mail.enqueue(
        instalmentPaidEmail(
          view,
          toInstalmentView(instalment),
          receiptLink(this.d.publicUrl, view),
          this.d.translate,
          this.d.company,
          this.d.timeZone,
        ),
        tx,
      );
      return;
    }
    if (charge.status === "failed" && instalment && instalment.position > 1) {
      await this.d.orders.note(tx, after, instalment.nextAttemptAt ? "instalment_failed" : "instalment_failed_final");
      const view = await this.viewAfter(tx, settlement, items);
      await this.d.mail.enqueue(
        instalmentFailedEmail(
          view,
          toInstalmentView(instalment),
          receiptLink(this.d.publicUrl, view),
          this.d.translate,
          this.d.company,
          this.d.timeZone,
        ),
        tx,
      );
      return;
    }
    await super.notify(tx, settlement, charge, fulfilled, items);
  }

  /** Queues the charge of an instalment at its due date (the sweep catches any that a queue missed). */
  private async queue(tx: Transaction, instalment: InstalmentRow, now: Date) {
    if (!this.d.jobs?.isStarted) return;
    const delay = Math.max(0, instalment.dueAt.getTime() - now.getTime());
    await this.d.jobs.send(
      INSTALMENT_QUEUE,
      { instalmentId: instalment.id, attempt: instalment.attempts } satisfies ChargeJob,
      { tx, ...(delay > 0 ? { startAfterMs: delay } : {}) },
    );
  }

  /**
   * Charges one instalment off-session, once: the conditional UPDATE lets one caller through for a
   * given attempt, however many servers run the job, and the charge's key (instalment and attempt)
   * makes the provider charge once. Its outcome moves the instalment as its event would.
   */
  async charge(job: ChargeJob, now: Date = new Date()): Promise<"charged" | "skipped"> {
    const claimed = await this.d.orders.claimInstalmentCharge(job.instalmentId, job.attempt, now);
    if (!claimed) return "skipped";
    await this.d.payments.chargeSaved({
      workflow: this.name,
      subjectId: claimed.orderId,
      part: claimed.id,
      amountCents: claimed.amountCents,
      idempotencyKey: `instalment-${claimed.id}-${claimed.attempts}`,
    });
    return "charged";
  }

  /** Charges every instalment due at `now` (and retries whose time has come): a safety net beside the queued jobs. */
  async chargeDue(now: Date = new Date()): Promise<number> {
    let charged = 0;
    for (const entry of await this.d.orders.dueInstalments(now)) {
      if ((await this.charge({ instalmentId: entry.id, attempt: entry.attempts }, now)) === "charged") charged++;
    }
    return charged;
  }

  /** Staff retry an order's failed instalment now (the earliest one). */
  async retry(orderId: string, actor: string, now: Date = new Date()): Promise<InstalmentView> {
    const target = await this.d.orders.transaction(async (tx) => {
      const order = await this.d.orders.lock(tx, orderId);
      if (!order) throw orderNotFound();
      const schedule = await this.d.orders.instalments(order.id, tx);
      const failed = schedule.find((entry) => entry.status === "failed" && entry.position > 1);
      if (!failed) throw new DomainError("conflict", SCHEDULE_MESSAGES.nothingToRetry);
      await this.d.orders.note(tx, order, "instalment_retried", { actor });
      return this.d.orders.updateInstalment(tx, failed.id, { nextAttemptAt: now });
    });
    await this.charge({ instalmentId: target.id, attempt: target.attempts }, now);
    const after = await this.d.orders.findInstalment(target.id);
    return toInstalmentView(after ?? target);
  }

  /**
   * Cancels what remains of a schedule, in the caller's transaction (the order locked): every due or
   * failed instalment. The order shows cancelled unless it was paid in full (a monthly plan simply
   * stops). False when nothing was left to cancel.
   */
  async cancelRemainingIn(tx: Transaction, order: OrderRow, actor: string): Promise<boolean> {
    const schedule = await this.d.orders.instalments(order.id, tx);
    const open = schedule.filter(
      (entry) => nextInstalmentStatus(entry.status as InstalmentStatus, "cancel").kind === "move",
    );
    if (open.length === 0) return false;
    for (const entry of open)
      await this.d.orders.updateInstalment(tx, entry.id, { status: "cancelled", nextAttemptAt: null });
    await this.d.payments.cancelCharges(tx, await this.d.payments.lockCharges(tx, order.id));
    const marked = await this.d.orders.markCancelled(tx, order);
    const { after, before } = await this.d.orders.settle(tx, marked, "schedule_cancelled", { actor });
    if (after.status === before.status) await this.d.orders.note(tx, after, "schedule_cancelled", { actor });
    return true;
  }

  /** Staff cancel what remains of an order's schedule. */
  async cancelRemaining(orderId: string, actor: string): Promise<void> {
    await this.d.payments.cancelIntents(orderId);
    await this.d.orders.transaction(async (tx) => {
      await this.d.payments.lockCharges(tx, orderId);
      const order = await this.d.orders.lock(tx, orderId);
      if (!order) throw orderNotFound();
      if (!(await this.cancelRemainingIn(tx, order, actor)))
        throw new DomainError("conflict", SCHEDULE_MESSAGES.nothingToCancel);
    });
  }
}
