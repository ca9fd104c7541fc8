import { adminSectionPath } from "../admin/sections.ts";
import type { Database, Transaction } from "../../db/client.server.ts";
import type { CurrentUser } from "../auth/schema.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import { receiptEmail } from "../orders/emails.ts";
import type { ReceiptCompany } from "../orders/receipt-pdf.server.ts";
import { canCancel, MONEY_RECEIVED, ORDER_MESSAGES, orderNumber, type OrderStatus } from "../orders/rules.ts";
import { paymentExportQuerySchema, type AdminOrderView, type OrderView } from "../orders/schema.ts";
import { orderNotFound, parseOrderId } from "../orders/service.server.ts";
import type { PaymentRow } from "../payments/repo.server.ts";
import { REFUND_MESSAGES, refundRequestSchema } from "../payments/schema.ts";
import { retryAfterSeconds, type RateLimitRule } from "../rate-limit/rules.ts";
import { BankTransfers } from "./bank-transfers.server.ts";
import { CartOrders } from "./cart-order.server.ts";
import { ClassSeats, type ClassPaymentAnswer } from "./class-seats.server.ts";
import { CustomPayments, SCHEDULE_MESSAGES, type CustomPaymentAnswer } from "./custom-payments.server.ts";
import { WORKFLOWS, type CheckoutDeps, type PaymentIntentAnswer } from "./deps.ts";
import { receiptLink, type OrderWorkflow } from "./order-workflow.server.ts";
import { PayableOrders, type PayableWorkflow } from "./payable-orders.server.ts";
import { refusedEventStaffEmail } from "./refused-event-email.ts";
import { Subscriptions } from "./subscriptions.server.ts";

/** The queue of the periodic sweep behind the queued jobs: instalments due and refunds to call again. */
export const PAYMENTS_SWEEP_QUEUE = "payments-sweep";
const SWEEP_EVERY_MS = 5 * 60_000;

/** One line of the payments export (the staff's CSV). */
export interface PaymentExportRow {
  date: string;
  reference: string;
  customer: string;
  method: string;
  amountCents: number;
  refundedCents: number;
  netCents: number;
  status: string;
}

/**
 * Checkout: the workflows of each kind of purchase (a cart order, a custom amount and its
 * instalments, a class seat, a bank transfer, a subscription), registered with the payments module
 * that tells them when their money moves, and the staff's actions on orders (cancel, refund, retry).
 * No workflow imports this module back.
 */
export class CheckoutService {
  private readonly d: CheckoutDeps;
  private readonly payable: PayableOrders;
  readonly cart: CartOrders;
  /** Custom payments' schedules: instalments charged later by jobs, staff retry and cancel. */
  readonly schedules: CustomPayments;
  /** Bank transfers (ACH): verified accounts and their debits. */
  readonly bank: BankTransfers;
  /** Paid class enrolments: a seat held while paying, taken when the provider confirms. */
  readonly classSeats: ClassSeats;
  /** Subscriptions to plans, moved by the provider's invoice and subscription events. */
  readonly subscriptions: Subscriptions;
  private readonly byName: Map<string, OrderWorkflow & PayableWorkflow>;
  private readonly receiptBudget: RateLimitRule = { name: "orders:receipt", limit: 3, windowMs: 60 * 60_000 };

  constructor(deps: CheckoutDeps, db: Database) {
    this.d = deps;
    this.payable = new PayableOrders(deps);
    this.cart = new CartOrders(deps, this.payable);
    this.schedules = new CustomPayments(deps, this.payable);
    this.bank = new BankTransfers(deps, db, this.payable);
    this.classSeats = new ClassSeats(deps, this.payable);
    this.subscriptions = new Subscriptions(deps, db);
    this.byName = new Map<string, OrderWorkflow & PayableWorkflow>([
      [WORKFLOWS.cartOrder, this.cart],
      [WORKFLOWS.customPayment, this.schedules],
      [WORKFLOWS.bankTransfer, this.bank],
      [WORKFLOWS.classSeat, this.classSeats],
    ]);
    for (const [name, workflow] of this.byName) deps.payments.register(name, workflow);
    deps.payments.register(WORKFLOWS.subscription, this.subscriptions);
    deps.payments.registerSubscriptions(this.subscriptions);
    deps.payments.onRefusedEvent((tx, refused) => this.eventRefused(tx, refused));
    deps.jobs
      ?.define(PAYMENTS_SWEEP_QUEUE, { policy: "stately", retryLimit: 0, expireInSeconds: 300 })
      .work(PAYMENTS_SWEEP_QUEUE, async () => {
        // The next run is queued first, so that a failing sweep never stops the ones after it.
        await this.scheduleSweep(SWEEP_EVERY_MS);
        try {
          await this.sweep();
        } catch (error) {
          this.d.warn?.("payments sweep failed", { error: String(error) });
        }
      });
  }

  /**
   * A verified event that did not match the payment it named changed nothing: an order keeps it in its
   * history (staff see it in the Orders tab), and staff get an e-mail, in the transaction that recorded it.
   */
  private async eventRefused(
    tx: Transaction,
    { payment, eventId, problem }: { payment: PaymentRow; eventId: string | null; problem: string },
  ): Promise<void> {
    const order = this.byName.has(payment.workflow) ? await this.d.orders.lock(tx, payment.subjectId) : null;
    if (order) await this.d.orders.note(tx, order, "payment_event_refused", { eventId, detail: problem });
    const facts = {
      orderNumber: order ? orderNumber(order.id) : null,
      paymentId: payment.id,
      subjectId: payment.subjectId,
      eventId,
      problem,
    };
    await this.d.mail.enqueue(
      refusedEventStaffEmail(
        facts,
        `${this.d.publicUrl}${adminSectionPath("orders")}`,
        this.d.translate,
        this.d.company,
      ),
      tx,
    );
  }

  private workflowOf(workflow: string): OrderWorkflow & PayableWorkflow {
    const found = this.byName.get(workflow);
    if (!found) throw new Error(`no workflow for orders of "${workflow}"`);
    return found;
  }

  /** Creates a cart's order, priced by the server (POST /api/orders/guest). */
  createOrder(
    input: unknown,
    context: {
      language: Language;
      idempotencyKey?: string | null;
      userId?: string | null;
      address?: string;
      now?: Date;
    },
  ): Promise<OrderView> {
    return this.cart.create(input, context);
  }

  /** A custom payment (POST /api/create-custom-payment). */
  createCustomPayment(
    input: unknown,
    context: { language: Language; userId?: string | null; address?: string; now?: Date },
  ): Promise<CustomPaymentAnswer> {
    return this.schedules.create(input, context);
  }

  /** A class enrolment (POST /api/create-class-payment-intent): 'Class is Full' (409) before paying. */
  createClassPayment(
    input: unknown,
    context: {
      language: Language;
      user: CurrentUser | null;
      address?: string;
      browserOrders?: readonly string[];
      now?: Date;
    },
  ): Promise<ClassPaymentAnswer> {
    return this.classSeats.create(input, context);
  }

  /** Starts (or resumes, after a refused card) paying an order: the provider's client secret for the server's amount. */
  async startPayment(rawId: string, now: Date = new Date()): Promise<PaymentIntentAnswer> {
    const id = parseOrderId(rawId);
    if (!id) throw orderNotFound();
    return this.payable.startPayment((order) => this.workflowOf(order.workflow), id, now);
  }

  private async orderRow(rawId: string) {
    const id = parseOrderId(rawId);
    const row = id ? await this.d.orders.findRow(id) : null;
    if (!row) throw orderNotFound();
    return row;
  }

  get providerName(): "sandbox" | "stripe" {
    return this.d.payments.provider.name;
  }

  /**
   * The order as the provider sees it now (decision 7): when the webhook has not arrived yet, each
   * charge still waiting is asked of the provider and its state applied.
   */
  async refresh(rawId: string): Promise<OrderView> {
    const row = await this.orderRow(rawId);
    if (
      row.status === "requires_payment" ||
      row.status === "processing" ||
      row.status === "partially_paid" ||
      row.status === "failed"
    ) {
      for (const payment of await this.d.payments.ofSubject(row.id)) {
        if (
          payment.kind === "charge" &&
          (payment.status === "requires_payment" || payment.status === "processing" || payment.status === "failed")
        )
          await this.d.payments.refresh(payment.id);
      }
    }
    return this.d.orders.get(row.id);
  }

  /** Staff cancel an order nobody paid: its intents cancelled with the provider, its holds given back. */
  async cancel(rawId: string, actor: string): Promise<AdminOrderView> {
    const row = await this.orderRow(rawId);
    if (!canCancel(row.status as OrderStatus)) throw new DomainError("conflict", ORDER_MESSAGES.cannotCancel);
    await this.d.payments.cancelIntents(row.id);
    await this.d.orders.transaction(async (tx) => {
      const charges = await this.d.payments.lockCharges(tx, row.id);
      const order = await this.d.orders.lock(tx, row.id);
      // A payment may have succeeded since: the order is then refunded, not cancelled.
      if (!order || !canCancel(order.status as OrderStatus))
        throw new DomainError("conflict", ORDER_MESSAGES.cannotCancel);
      await this.d.payments.cancelCharges(tx, charges);
      await this.workflowOf(order.workflow).cancelled(tx, order);
      const marked = await this.d.orders.markCancelled(tx, order);
      await this.d.orders.settle(tx, marked.id, "cancelled_by_staff", { actor });
    });
    return this.d.orders.getForStaff(row.id);
  }

  /**
   * Staff refund any amount up to what was paid and not yet refunded, with a reason kept in the
   * history; for an order paid in instalments, what remains of its schedule can be cancelled in the
   * same action. The provider is called once the refund is recorded; it shows pending until then.
   */
  async refund(rawId: string, input: unknown, actor: string): Promise<AdminOrderView> {
    const row = await this.orderRow(rawId);
    const request = parseOrThrow(refundRequestSchema, input);
    if (!MONEY_RECEIVED.includes(row.status as OrderStatus) && row.status !== "cancelled")
      throw new DomainError("conflict", ORDER_MESSAGES.cannotRefund);
    const ids = await this.d.orders.transaction(async (tx) => {
      const refunds = await this.d.payments.refund(
        row.id,
        { amountCents: request.amountCents, reason: request.reason, actor },
        tx,
      );
      const order = await this.d.orders.lock(tx, row.id);
      if (!order) throw orderNotFound();
      await this.d.orders.note(tx, order, "refund_requested", { actor, detail: request.reason });
      if (request.cancelRemaining && order.workflow === WORKFLOWS.customPayment)
        await this.schedules.cancelRemainingIn(tx, order, actor);
      return refunds;
    });
    await this.d.payments.afterRefunds(ids);
    return this.d.orders.getForStaff(row.id);
  }

  /** Staff try again a refund the provider refused or could not be reached for. */
  async retryRefund(rawId: string, refundId: string, actor: string): Promise<AdminOrderView> {
    const row = await this.orderRow(rawId);
    const refund = /^[0-9a-f-]{36}$/.test(refundId) ? await this.d.payments.find(refundId) : null;
    if (!refund || refund.subjectId !== row.id || refund.kind !== "refund")
      throw new DomainError("not_found", REFUND_MESSAGES.notFound);
    await this.d.orders.transaction(async (tx) => {
      const order = await this.d.orders.lock(tx, row.id);
      if (order) await this.d.orders.note(tx, order, "refund_retried", { actor });
    });
    await this.d.payments.retryRefund(refund.id, actor);
    return this.d.orders.getForStaff(row.id);
  }

  /**
   * Sends an order's receipt again (POST /api/send-receipt): only an order with money received, only
   * its own content to its own customer, at most 3 times an hour. The caller checks the browser owns it.
   */
  async resendReceipt(rawId: string): Promise<void> {
    const view = await this.d.orders.get(rawId);
    if (!MONEY_RECEIVED.includes(view.status)) throw new DomainError("conflict", "payments:receipt.notPaid");
    const decision = await this.d.rateLimits.hit(this.receiptBudget, view.id);
    if (!decision.allowed)
      throw new DomainError("rate_limited", "payments:receipt.limit", {
        params: { retryAfterSeconds: retryAfterSeconds(decision.retryAfterMs) },
      });
    await this.d.mail.enqueue(
      receiptEmail(view, receiptLink(this.d.publicUrl, view), this.d.translate, this.d.company, this.d.timeZone),
    );
  }

  /** The receipt an unguessable link names, with the company's details; 404 for any other token. */
  async receiptByToken(token: string): Promise<OrderView & { company: ReceiptCompany }> {
    const id = await this.d.signing.readReceiptToken(token);
    if (!id) throw orderNotFound();
    return { ...(await this.d.orders.get(id)), company: this.company };
  }

  /** The receipt page's absolute address, in the order's language. */
  receiptLink(view: Pick<OrderView, "language" | "receiptUrl">): string {
    return receiptLink(this.d.publicUrl, view);
  }

  /** The company details a receipt prints (never the staff's notification address). */
  get company(): ReceiptCompany {
    const { name, email, phone, website, address } = this.d.company;
    return { name, email, phone, website, address };
  }

  /** The intent of an order's bank debit still waiting for the bank (what the sandbox's test bank settles). */
  async processingDebitOf(rawId: string): Promise<string> {
    const row = await this.orderRow(rawId);
    const charge = await this.d.payments.openChargeOf(row.id);
    if (!charge || charge.status !== "processing" || !charge.providerPaymentId)
      throw new DomainError("conflict", "payments:bank.notProcessing");
    return charge.providerPaymentId;
  }

  /** Queues the next sweep (one waits at a time, whichever server asks); called at start-up and by each sweep. */
  async scheduleSweep(afterMs = 0): Promise<void> {
    await this.d.jobs?.send(
      PAYMENTS_SWEEP_QUEUE,
      {},
      { singletonKey: "sweep", ...(afterMs > 0 ? { startAfterMs: afterMs } : {}) },
    );
  }

  /** Charges the instalments due and calls the provider again for the refunds due (what queued jobs may have missed). */
  async sweep(now: Date = new Date()): Promise<{ instalments: number; refunds: number }> {
    const instalments = await this.schedules.chargeDue(now);
    const refunds = await this.d.payments.processDueRefunds(now);
    return { instalments, refunds };
  }

  /**
   * The payments whose money moved in a range of days (the agency's time zone; `dayStart` turns a day
   * into its first instant there), for the staff's CSV: each charge with its order or subscription,
   * customer, method, amount, what was refunded of it, net and status. At most 50,000 rows.
   */
  async exportPayments(
    query: unknown,
    dayStart: (isoDate: string, offsetDays?: number) => Date,
    t: (key: string, params?: Record<string, unknown>) => string,
  ): Promise<PaymentExportRow[]> {
    const { from, to } = parseOrThrow(paymentExportQuerySchema, query);
    const charges = await this.d.payments.chargesBetween(dayStart(from), dayStart(to, 1), 50_000);
    const orderIds = charges
      .filter((charge) => charge.workflow !== WORKFLOWS.subscription)
      .map((charge) => charge.subjectId);
    const subscriptionIds = charges
      .filter((charge) => charge.workflow === WORKFLOWS.subscription)
      .map((charge) => charge.subjectId);
    const [orders, subscriptions] = await Promise.all([
      this.d.orders.rowsByIds([...new Set(orderIds)]),
      this.subscriptions.rowsByIds([...new Set(subscriptionIds)]),
    ]);
    const orderOf = new Map(orders.map((row) => [row.id, row]));
    const subscriptionOf = new Map(subscriptions.map((row) => [row.id, row]));
    return charges.map((charge) => {
      const order = orderOf.get(charge.subjectId);
      const subscription = subscriptionOf.get(charge.subjectId);
      const method =
        charge.method === "us_bank_account"
          ? t("orders:receipt.bankAccount", { last4: charge.last4 ?? "" })
          : charge.brand && charge.last4
            ? `${charge.brand.charAt(0).toUpperCase()}${charge.brand.slice(1)} •••• ${charge.last4}`
            : t(`orders:receipt.providers.${charge.provider}`);
      const refundedCents = Math.min(charge.refundedCents, charge.amountCents);
      return {
        date: (charge.settledAt ?? charge.createdAt).toISOString(),
        reference: order
          ? order.id.slice(0, 8).toUpperCase()
          : subscription
            ? `SUB-${subscription.id.slice(0, 8).toUpperCase()}`
            : charge.subjectId,
        customer: order
          ? `${order.customerFirstName} ${order.customerLastName} <${order.customerEmail}>`
          : subscription
            ? `${subscription.customerName} <${subscription.customerEmail}>`
            : "",
        method,
        amountCents: charge.amountCents,
        refundedCents,
        netCents: charge.amountCents - refundedCents,
        status: t(
          `orders:paymentExportStatus.${refundedCents === 0 ? "paid" : refundedCents >= charge.amountCents ? "refunded" : "partially_refunded"}`,
        ),
      };
    });
  }

  /** Staff cancel what remains of an order's schedule. */
  async cancelSchedule(rawId: string, actor: string): Promise<AdminOrderView> {
    const row = await this.orderRow(rawId);
    if (row.workflow !== WORKFLOWS.customPayment) throw new DomainError("conflict", SCHEDULE_MESSAGES.nothingToCancel);
    await this.schedules.cancelRemaining(row.id, actor);
    return this.d.orders.getForStaff(row.id);
  }

  /** Staff charge an order's failed instalment now. */
  async retryInstalment(rawId: string, actor: string): Promise<AdminOrderView> {
    const row = await this.orderRow(rawId);
    if (row.workflow !== WORKFLOWS.customPayment) throw new DomainError("conflict", SCHEDULE_MESSAGES.nothingToRetry);
    await this.schedules.retry(row.id, actor);
    return this.d.orders.getForStaff(row.id);
  }
}
