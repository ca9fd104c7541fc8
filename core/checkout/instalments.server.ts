import type { Job } from "pg-boss";
import type { Transaction } from "../../db/client.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { instalmentFailedEmail, instalmentPaidEmail } from "../instalments/emails.ts";
import { addMonths, DEFAULT_INSTALMENT_RETRY, nextInstalmentStatus, planSchedule, retryDelayMs, type InstalmentStatus, type RetryPolicy } from "../instalments/rules.ts";
import { customPaymentSchema, singleAmountOrderFields } from "../instalments/schema.ts";
import type { JobQueue } from "../jobs/queue.server.ts";
import type { InstalmentRow, OrderRow } from "../orders/repo.server.ts";
import { nextStatus } from "../orders/rules.ts";
import type { InstalmentView, OrderView } from "../orders/schema.ts";
import { orderNotFound, toInstalmentView } from "../orders/service.server.ts";
import type { CheckoutDeps } from "./service.server.ts";

export const INSTALMENT_QUEUE = "order-instalment-charge";

export const SCHEDULE_MESSAGES = {
  nothingToRetry: "payments:schedule.nothingToRetry",
  nothingToCancel: "payments:schedule.nothingToCancel",
} as const;

/** The custom service's id on an order line. */
export const CUSTOM_PAYMENT_SERVICE_ID = "custom_payment";

interface ChargeJob {
  instalmentId: number;
  attempt: number;
}

/** What an instalment's provider event says, reduced to what the schedule needs. */
export interface InstalmentOutcome {
  kind: "succeeded" | "failed";
  eventId: string | null;
  intentId: string | null;
  paymentMethodId: string | null;
  customerId: string | null;
  brand: string | null;
  last4: string | null;
  failureMessage: string | null;
}

/** The order-level moves the schedule asks of checkout (inside its transaction). */
export interface ScheduleHost {
  applySuccess(tx: Transaction, order: OrderRow, facts: { eventId: string | null; intentId: string | null; brand: string | null; last4: string | null }): Promise<OrderRow>;
  applyFailure(tx: Transaction, order: OrderRow, facts: { eventId: string | null; message: string | null }): Promise<OrderRow>;
  handleWebhook(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }>;
  receiptLink(view: Pick<OrderView, "language" | "receiptUrl">): Promise<string>;
}

export interface ScheduleOptions {
  jobs: JobQueue | null;
  retry?: RetryPolicy;
}

/**
 * Custom payments paid at once or in instalments (specification 001, sections 3, 5, 9): one order
 * carries its schedule. The visitor pays the first instalment (saving the method for later with a
 * plan of several); each later one is charged off-session by a job at its due date, claimed by one
 * server only (a conditional UPDATE), retried with back-off, and the customer is e-mailed for each
 * paid or failed one. The order is paid when its last instalment is (a monthly plan: at its first).
 */
export class PaymentSchedules {
  private readonly d: CheckoutDeps;
  private readonly host: ScheduleHost;
  private readonly jobs: JobQueue | null;
  private readonly retryPolicy: RetryPolicy;

  constructor(deps: CheckoutDeps, host: ScheduleHost, options: ScheduleOptions) {
    this.d = deps;
    this.host = host;
    this.jobs = options.jobs;
    this.retryPolicy = options.retry ?? DEFAULT_INSTALMENT_RETRY;
    this.jobs
      ?.define(INSTALMENT_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 })
      .work<ChargeJob>(INSTALMENT_QUEUE, async (job: Job<ChargeJob>) => {
        await this.charge(job.data);
      });
  }

  /** Creates the order of a custom payment with its schedule (not yet paid). */
  async createOrder(input: unknown, context: { language: Language; userId?: string | null; now?: Date }): Promise<OrderRow> {
    const request = parseOrThrow(customPaymentSchema, input);
    const amountCents = Math.round(request.amount * 100);
    const now = context.now ?? new Date();
    const row = await this.d.orders.insert(
      {
        ...singleAmountOrderFields(request, context, amountCents),
        paymentPlan: request.paymentPlan,
      },
      [{ position: 0, serviceId: CUSTOM_PAYMENT_SERVICE_ID, serviceName: request.serviceName, description: "", pricingType: "custom", unitPriceCents: amountCents, quantity: 1, lineTotalCents: amountCents, serviceData: { paymentPlan: request.paymentPlan } }],
      planSchedule(request.paymentPlan, amountCents, now).map((entry) => ({ ...entry, status: "due" })),
    );
    if (!row) throw new Error("custom payment order insert returned nothing");
    return row;
  }

  /** The instalment the visitor pays now (the first one not paid yet), or null for an order without a schedule. */
  async visitorCharge(order: OrderRow): Promise<{ instalment: InstalmentRow; saveForLater: boolean } | null> {
    if (!order.paymentPlan) return null;
    const schedule = await this.d.orders.repo.instalments(order.id);
    const first = schedule.find((entry) => entry.position === 1);
    if (!first || first.status === "paid" || first.status === "cancelled") return null;
    return { instalment: first, saveForLater: order.paymentPlan !== "1time" };
  }

  /** Applies a provider outcome to its instalment, inside the event's transaction, with the order locked. */
  async apply(tx: Transaction, order: OrderRow, instalmentId: number, outcome: InstalmentOutcome, now: Date = new Date()): Promise<void> {
    const instalment = await this.d.orders.repo.lockInstalment(tx, instalmentId);
    if (!instalment || instalment.orderId !== order.id) return;
    if (outcome.kind === "succeeded") await this.applyPaid(tx, order, instalment, outcome, now);
    else await this.applyFailed(tx, order, instalment, outcome, now);
  }

  private async applyPaid(tx: Transaction, order: OrderRow, instalment: InstalmentRow, outcome: InstalmentOutcome, now: Date) {
    let current = order;
    // The saved method is kept whichever arrives first, the webhook or a retrieval that lacks it.
    if (outcome.paymentMethodId && !order.savedPaymentMethod) {
      current = await this.d.orders.repo.update(tx, order, { savedPaymentMethod: outcome.paymentMethodId, providerCustomerId: outcome.customerId ?? order.providerCustomerId });
    }
    const move = nextInstalmentStatus(instalment.status as InstalmentStatus, "succeeded");
    if (move.kind !== "move") return;
    const paid = await this.d.orders.repo.updateInstalment(tx, instalment.id, { status: "paid", paidAt: now, failureMessage: null, nextAttemptAt: null, intentId: outcome.intentId ?? instalment.intentId });
    if (order.paymentPlan === "monthly" && current.status !== "cancelled") {
      // Monthly goes on until cancelled: each payment plans the next month's.
      const next = await this.d.orders.repo.addInstalment(tx, order.id, { position: paid.position + 1, amountCents: current.totalCents, dueAt: addMonths(paid.dueAt, 1), status: "due" });
      if (next) await this.queue(tx, next, now);
    }
    const schedule = await this.d.orders.repo.instalments(order.id, tx);
    const open = schedule.filter((entry) => entry.status !== "paid" && entry.status !== "cancelled");
    const settles = order.paymentPlan === "monthly" ? current.status !== "paid" : open.length === 0;
    if (settles) {
      // Paid in full (or a monthly plan's first payment): the order's receipt, with the schedule.
      await this.host.applySuccess(tx, current, { eventId: outcome.eventId, intentId: outcome.intentId, brand: outcome.brand, last4: outcome.last4 });
      return;
    }
    if (outcome.brand || outcome.last4) current = await this.d.orders.repo.update(tx, current, { paymentBrand: outcome.brand ?? current.paymentBrand, paymentLast4: outcome.last4 ?? current.paymentLast4, paymentProvider: this.d.provider.name });
    await this.d.orders.repo.note(tx, current, "instalment_paid", outcome.eventId);
    if (order.paymentPlan !== "monthly") {
      const next = schedule.find((entry) => entry.status === "due" && entry.position > paid.position);
      if (next) await this.queue(tx, next, now);
    }
    const view = await this.d.orders.view(current, tx);
    await this.d.mail.enqueue(instalmentPaidEmail(view, toInstalmentView(paid), await this.host.receiptLink(view), this.d.translate, this.d.company), tx);
  }

  private async applyFailed(tx: Transaction, order: OrderRow, instalment: InstalmentRow, outcome: InstalmentOutcome, now: Date) {
    const move = nextInstalmentStatus(instalment.status as InstalmentStatus, "failed");
    if (move.kind !== "move") return;
    if (instalment.position === 1) {
      // The visitor's own payment: the page says it failed and offers to try again, as at checkout.
      await this.d.orders.repo.updateInstalment(tx, instalment.id, { status: "failed", failureMessage: outcome.failureMessage, intentId: outcome.intentId ?? instalment.intentId });
      await this.host.applyFailure(tx, order, { eventId: outcome.eventId, message: outcome.failureMessage });
      return;
    }
    const delay = retryDelayMs(instalment.attempts, this.retryPolicy);
    const failed = await this.d.orders.repo.updateInstalment(tx, instalment.id, {
      status: "failed",
      failureMessage: outcome.failureMessage,
      intentId: outcome.intentId ?? instalment.intentId,
      nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
    });
    await this.d.orders.repo.note(tx, order, delay === null ? "instalment_failed_final" : "instalment_failed", outcome.eventId);
    if (delay !== null && this.jobs?.isStarted) {
      await this.jobs.send(INSTALMENT_QUEUE, { instalmentId: failed.id, attempt: failed.attempts } satisfies ChargeJob, { tx, startAfterMs: delay });
    }
    const view = await this.d.orders.view(order, tx);
    await this.d.mail.enqueue(instalmentFailedEmail(view, toInstalmentView(failed), await this.host.receiptLink(view), this.d.translate, this.d.company), tx);
  }

  /** Queues the charge of an instalment at its due date (the sweep catches any that a queue missed). */
  private async queue(tx: Transaction, instalment: InstalmentRow, now: Date) {
    if (!this.jobs?.isStarted) return;
    const delay = Math.max(0, instalment.dueAt.getTime() - now.getTime());
    await this.jobs.send(INSTALMENT_QUEUE, { instalmentId: instalment.id, attempt: instalment.attempts } satisfies ChargeJob, { tx, ...(delay > 0 ? { startAfterMs: delay } : {}) });
  }

  /**
   * Charges one instalment off-session, once: the conditional UPDATE lets one caller through for a
   * given attempt, however many servers run the job. The outcome goes through the webhook path (the
   * sandbox's signed event) or is applied from the provider's answer (Stripe answers at once; its
   * webhook then finds the instalment settled).
   */
  async charge(job: ChargeJob, now: Date = new Date()): Promise<"charged" | "skipped"> {
    const claimed = await this.d.orders.repo.claimInstalmentCharge(job.instalmentId, job.attempt, now);
    if (!claimed) return "skipped";
    const order = await this.d.orders.findRow(claimed.orderId);
    if (!order) return "skipped";
    let result;
    try {
      if (!order.savedPaymentMethod) throw new Error("no saved payment method");
      result = await this.d.provider.chargeSaved({
        orderId: order.id,
        instalmentId: claimed.id,
        amountCents: claimed.amountCents,
        paymentMethodId: order.savedPaymentMethod,
        customerId: order.providerCustomerId,
        idempotencyKey: `instalment-${claimed.id}-${claimed.attempts}`,
      });
    } catch (error) {
      this.d.warn?.("instalment charge failed", { orderId: order.id, instalmentId: claimed.id, error: String(error) });
      result = { intentId: null, state: "failed" as const, failureMessage: null, event: null };
    }
    if (result.intentId) await this.d.orders.repo.updateInstalment(this.d.orders.repo.db, claimed.id, { intentId: result.intentId });
    if (result.event) {
      await this.host.handleWebhook(result.event.rawBody, result.event.signature);
      return "charged";
    }
    if (result.state !== "succeeded" && result.state !== "failed") return "charged";
    const state = result.state;
    await this.d.orders.repo.transaction(async (tx) => {
      const locked = await this.d.orders.repo.lock(tx, order.id);
      if (!locked) return;
      await this.apply(tx, locked, claimed.id, { kind: state, eventId: null, intentId: result.intentId, paymentMethodId: null, customerId: null, brand: null, last4: null, failureMessage: result.failureMessage }, now);
    });
    return "charged";
  }

  /** Charges every instalment due at `now` (and retries whose time has come): a safety net beside the queued jobs. */
  async chargeDue(now: Date = new Date()): Promise<number> {
    let charged = 0;
    for (const entry of await this.d.orders.repo.dueInstalments(now)) {
      if ((await this.charge({ instalmentId: entry.id, attempt: entry.attempts }, now)) === "charged") charged++;
    }
    return charged;
  }

  /** Staff retry an order's failed instalment now (the earliest one). */
  async retry(orderId: string, actor: string, now: Date = new Date()): Promise<InstalmentView> {
    const target = await this.d.orders.repo.transaction(async (tx) => {
      const order = await this.d.orders.repo.lock(tx, orderId);
      if (!order) throw orderNotFound();
      const schedule = await this.d.orders.repo.instalments(order.id, tx);
      const failed = schedule.find((entry) => entry.status === "failed" && entry.position > 1);
      if (!failed) throw new DomainError("conflict", SCHEDULE_MESSAGES.nothingToRetry);
      await this.d.orders.repo.note(tx, order, "instalment_retried", null, actor);
      return this.d.orders.repo.updateInstalment(tx, failed.id, { nextAttemptAt: now });
    });
    await this.charge({ instalmentId: target.id, attempt: target.attempts }, now);
    const after = await this.d.orders.repo.findInstalment(target.id);
    return toInstalmentView(after ?? target);
  }

  /**
   * Staff cancel what remains of a schedule: every due or failed instalment. An order not paid yet is
   * cancelled with it (what was paid stays listed); a monthly plan already paid simply stops.
   */
  async cancelRemaining(orderId: string, actor: string): Promise<void> {
    await this.d.orders.repo.transaction(async (tx) => {
      const order = await this.d.orders.repo.lock(tx, orderId);
      if (!order) throw orderNotFound();
      const schedule = await this.d.orders.repo.instalments(order.id, tx);
      const open = schedule.filter((entry) => nextInstalmentStatus(entry.status as InstalmentStatus, "cancel").kind === "move");
      if (open.length === 0) throw new DomainError("conflict", SCHEDULE_MESSAGES.nothingToCancel);
      for (const entry of open) await this.d.orders.repo.updateInstalment(tx, entry.id, { status: "cancelled", nextAttemptAt: null });
      const transition = nextStatus(order.status, "cancel");
      if (transition.kind === "move") await this.d.orders.repo.update(tx, order, {}, { to: transition.to, cause: "schedule_cancelled", actor });
      else await this.d.orders.repo.note(tx, order, "schedule_cancelled", null, actor);
    });
  }
}
