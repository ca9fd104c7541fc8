import { z } from "zod";
import type { Transaction } from "../../db/client.server.ts";
import { HOT_DEAL_SERVICE_ID } from "../cart/rules.ts";
import type { CatalogueService } from "../catalogue/service.server.ts";
import type { DealService } from "../deals/service.server.ts";
import { DomainError, parseOrThrow } from "../errors.ts";
import type { Language } from "../i18n/language.ts";
import type { MailService } from "../mail/service.server.ts";
import type { CompanyDetails, Translate } from "../mail/rules.ts";
import { receiptEmail } from "../orders/emails.ts";
import type { ReceiptCompany } from "../orders/receipt-pdf.server.ts";
import type { OrderRow } from "../orders/repo.server.ts";
import { nextStatus, ORDER_MESSAGES, type OrderStatus } from "../orders/rules.ts";
import { idempotencyKeySchema, orderCreateSchema, type AdminOrderView, type OrderView } from "../orders/schema.ts";
import { orderNotFound, parseOrderId, type OrderService } from "../orders/service.server.ts";
import { checkCard } from "../payments/card.ts";
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from "../payments/provider.ts";
import type { SandboxProvider } from "../payments/sandbox.server.ts";
import type { PromoService } from "../promotions/service.server.ts";
import { retryAfterMinutes, retryAfterSeconds, type RateLimitRule } from "../rate-limit/rules.ts";
import type { RateLimitService } from "../rate-limit/service.server.ts";
import { dealIdOfLine, priceOrder, PRICING_MESSAGES, type PricedDeal, type PricedService } from "./pricing.ts";
import type { Signing } from "./signing.server.ts";
import { PaymentSchedules } from "./instalments.server.ts";
import { BankTransfers } from "./bank-transfers.server.ts";
import { Subscriptions } from "./subscriptions.server.ts";
import { bankDebitFailedEmail } from "../instalments/emails.ts";
import type { JobQueue } from "../jobs/queue.server.ts";
import type { RetryPolicy } from "../instalments/rules.ts";
import type { ClassService } from "../classes/service.server.ts";
import type { EnrollmentService } from "../classes/enrollments.server.ts";
import type { CurrentUser } from "../auth/schema.ts";
import { ClassEnrollments, type ClassPaymentAnswer } from "./class-enrollments.server.ts";

export const CHECKOUT_MESSAGES = {
  webhookSignature: "orders:errors.webhookSignature",
  sandboxOff: "orders:errors.sandboxOff",
  paymentUnknown: "orders:errors.paymentUnknown",
  providerUnavailable: "orders:errors.providerUnavailable",
} as const;

const sandboxConfirmSchema = z.strictObject({
  clientSecret: z.string({ message: CHECKOUT_MESSAGES.paymentUnknown }).min(1, CHECKOUT_MESSAGES.paymentUnknown).max(200, CHECKOUT_MESSAGES.paymentUnknown),
  cardNumber: z.string({ message: "orders:card.numberInvalid" }).max(40, "orders:card.numberInvalid"),
  expiry: z.string({ message: "orders:card.expiryInvalid" }).max(20, "orders:card.expiryInvalid"),
  cvc: z.string({ message: "orders:card.cvcInvalid" }).max(8, "orders:card.cvcInvalid"),
});

export interface CheckoutDeps {
  orders: OrderService;
  catalogue: CatalogueService;
  promotions: PromoService;
  deals: DealService;
  provider: PaymentProvider;
  /** The sandbox, when it is the provider: it decides cards offline. */
  sandbox: SandboxProvider | null;
  signing: Signing;
  mail: MailService;
  translate: Translate;
  company: CompanyDetails & { address: string };
  publicUrl: string;
  reservationMinutes: number;
  rateLimits: RateLimitService;
  /** Orders one client address may create per 10 minutes (several people's worth: an office shares one). */
  ordersPerAddress: number;
  /** Where failures that do not reach the client are reported (a provider call after a commit). */
  warn?: (message: string, details: Record<string, unknown>) => void;
  /** Background jobs: later instalments are charged by them (none in tests that do not start them). */
  jobs?: JobQueue | null;
  /** Attempts and back-off of a failed instalment's charge. */
  instalmentRetry?: RetryPolicy;
  /** Classes and their seats, for paid enrolments (decision 6). */
  classes?: ClassService;
  enrollments?: EnrollmentService;
}

/** What POST /api/create-custom-payment answers (specification 001, section 7). */
export interface CustomPaymentAnswer extends PaymentIntentAnswer {
  paymentData: { orderId: string; amount: number; paymentPlan: string; serviceName: string; schedule: OrderView["schedule"] };
}

export interface PaymentIntentAnswer {
  clientSecret: string;
  provider: "sandbox" | "stripe";
  publishableKey: string | null;
  amountCents: number;
}

/**
 * The one place where money moves: it prices orders from the catalogue, deals and promotions, starts
 * payments with the provider, and applies what the provider says (webhook or retrieval) through the
 * order's state machine, counting deal claims and queueing the receipt in the same transaction.
 */
export class CheckoutService {
  private readonly d: CheckoutDeps;

  private readonly orderBudget: RateLimitRule;

  /** Custom payments' schedules: instalments charged later by jobs, staff retry and cancel. */
  readonly schedules: PaymentSchedules;

  /** Bank transfers (ACH): verified accounts and their debits. */
  readonly bank: BankTransfers;

  /** Subscriptions to plans, moved by the provider's invoice and subscription events. */
  readonly subscriptions: Subscriptions;

  /** Paid class enrolments: a seat held while paying, taken when the provider confirms. */
  readonly classEnrollments: ClassEnrollments;

  /** Class orders paid after their class filled up, to refund once the event's transaction commits. */
  private readonly overbooked = new Set<string>();

  private readonly receiptBudget: RateLimitRule = { name: "orders:receipt", limit: 3, windowMs: 60 * 60_000 };

  constructor(deps: CheckoutDeps) {
    this.d = deps;
    this.orderBudget = { name: "orders:address", limit: deps.ordersPerAddress, windowMs: 10 * 60_000 };
    this.schedules = new PaymentSchedules(deps, this, { jobs: deps.jobs ?? null, retry: deps.instalmentRetry });
    this.bank = new BankTransfers(deps, deps.orders.repo.db, async (orderId) => {
      await this.reserve(orderId, new Date());
    });
    this.classEnrollments = new ClassEnrollments(deps, { countOrder: (address) => this.countOrder(address), startPayment: (id, now) => this.startPayment(id, now) });
    this.subscriptions = new Subscriptions(deps, deps.orders.repo.db, (rawBody, signature) => this.handleWebhook(rawBody, signature));
  }

  /**
   * Sends an order's receipt again (POST /api/send-receipt): only a paid order's, only the order's own
   * content to its own customer, at most 3 times an hour. The caller checks the browser owns the order.
   */
  async resendReceipt(rawId: string): Promise<void> {
    const view = await this.d.orders.get(rawId);
    if (view.status !== "paid") throw new DomainError("conflict", "payments:receipt.notPaid");
    const decision = await this.d.rateLimits.hit(this.receiptBudget, view.id);
    if (!decision.allowed) throw new DomainError("rate_limited", "payments:receipt.limit", { params: { retryAfterSeconds: retryAfterSeconds(decision.retryAfterMs) } });
    await this.d.mail.enqueue(receiptEmail(view, await this.receiptLink(view), this.d.translate, this.d.company));
  }

  /**
   * The sandbox's bank answering a processing bank transfer (days later in real life): staff settle it,
   * and the outcome goes through the webhook path as Stripe's event would.
   */
  async settleBankTransfer(rawId: string): Promise<AdminOrderView> {
    const sandbox = this.d.sandbox;
    if (!sandbox) throw new DomainError("not_found", CHECKOUT_MESSAGES.sandboxOff);
    const row = await this.d.orders.findRow((await this.d.orders.get(rawId)).id);
    if (!row) throw orderNotFound();
    const event = row.stripePaymentIntentId ? await sandbox.settleBankDebit(row.stripePaymentIntentId) : null;
    if (!event) throw new DomainError("conflict", "payments:bank.notProcessing");
    await this.handleWebhook(event.rawBody, event.signature);
    return this.d.orders.getForStaff(row.id);
  }

  /** Counts an order creation against the client address's budget (429 past it). */
  private async countOrder(address: string | undefined): Promise<void> {
    if (address === undefined) return;
    const decision = await this.d.rateLimits.hit(this.orderBudget, address);
    if (!decision.allowed) {
      const minutes = retryAfterMinutes(decision.retryAfterMs);
      throw new DomainError("rate_limited", "orders:errors.tooManyOrders", { params: { count: minutes, minutes, retryAfterSeconds: retryAfterSeconds(decision.retryAfterMs) } });
    }
  }

  /**
   * A custom payment (POST /api/create-custom-payment): the order with its schedule, and the intent of
   * the first instalment (the full amount for 1time), whose client secret the payment step confirms.
   */
  async createCustomPayment(input: unknown, context: { language: Language; userId?: string | null; address?: string; now?: Date }): Promise<CustomPaymentAnswer> {
    await this.countOrder(context.address);
    const row = await this.schedules.createOrder(input, context);
    const intent = await this.startPayment(row.id, context.now);
    const view = await this.d.orders.view((await this.d.orders.findRow(row.id)) ?? row);
    return {
      ...intent,
      paymentData: { orderId: view.id, amount: view.totalCents / 100, paymentPlan: row.paymentPlan ?? "1time", serviceName: view.items[0]?.name ?? "", schedule: view.schedule },
    };
  }

  /**
   * A class enrolment (POST /api/create-class-payment-intent): a seat held for the signed-in user or the
   * named guest, the order of the class's price, and its intent. 'Class is Full' (409) before paying.
   */
  async createClassPayment(input: unknown, context: { language: Language; user: CurrentUser | null; address?: string; now?: Date }): Promise<ClassPaymentAnswer> {
    return this.classEnrollments.create(input, context);
  }

  /** The offline sandbox, when it is the provider (its test tools: settle a bank debit, make a saved card decline). */
  get sandbox(): SandboxProvider | null {
    return this.d.sandbox;
  }

  get providerName(): "sandbox" | "stripe" {
    return this.d.provider.name;
  }

  /**
   * Creates a guest order from the order-creation payload (specification 001, sections 3 and 5), priced
   * by the server. A retried request with the same Idempotency-Key answers the order it created.
   */
  async createOrder(input: unknown, context: { language: Language; idempotencyKey?: string | null; userId?: string | null; address?: string; now?: Date }): Promise<OrderView> {
    const idempotencyKey = context.idempotencyKey ? parseOrThrow(idempotencyKeySchema, context.idempotencyKey) : null;
    if (idempotencyKey) {
      const existing = await this.d.orders.repo.findByIdempotencyKey(idempotencyKey);
      if (existing) return this.d.orders.view(existing);
    }
    // A retry with its key is free (above); every other attempt counts against the address.
    await this.countOrder(context.address);
    const request = parseOrThrow(orderCreateSchema, input);
    const language = request.language ?? context.language;
    const now = context.now ?? new Date();
    const services = new Map<string, PricedService>();
    const deals = new Map<string, PricedDeal>();
    for (const item of request.items.slice(0, 60)) {
      if (item.serviceId === HOT_DEAL_SERVICE_ID) {
        const key = dealIdOfLine(item);
        if (key === null || deals.has(key)) continue;
        const deal = await this.d.deals.findVisible(key, now, language);
        if (deal) deals.set(key, { id: deal.id, title: deal.title, description: deal.description, discountedPrice: deal.discountedPrice, claimLimit: deal.claimLimit, claimCount: deal.claimCount });
      } else if (!services.has(item.serviceId)) {
        const service = await this.d.catalogue.findOrderable(item.serviceId);
        if (service) {
          services.set(service.id, {
            ...service,
            name: language === "fr" ? service.nameFr : service.nameEn,
            description: language === "fr" ? service.descriptionFr : service.descriptionEn,
          });
        }
      }
    }
    const promo = request.promoCode ? await this.d.promotions.findActive(request.promoCode) : null;
    const priced = priceOrder(request, { services, deals, promo });
    if (!priced.ok) {
      throw new DomainError(priced.conflict ? "conflict" : "validation", priced.messageKey, { fields: { [priced.field]: priced.messageKey }, params: priced.params });
    }
    const row = await this.d.orders.insert(
      {
        userId: context.userId ?? null,
        language,
        customerFirstName: request.customerFirstName,
        customerLastName: request.customerLastName,
        customerEmail: request.customerEmail,
        customerPhone: request.customerPhone,
        customerCompany: request.customerCompany,
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        taxCents: priced.taxCents,
        totalCents: priced.totalCents,
        promoCode: priced.promoCode,
        idempotencyKey,
      },
      priced.lines.map((line, position) => ({ ...line, position })),
    );
    if (row) return this.d.orders.view(row);
    // Another request with the same key won the race: answer its order.
    const existing = idempotencyKey ? await this.d.orders.repo.findByIdempotencyKey(idempotencyKey) : null;
    if (!existing) throw new Error("order insert returned nothing without an idempotency key");
    return this.d.orders.view(existing);
  }

  /**
   * Starts (or resumes) paying an order: reserves its deal claims, moves it to requires_payment and
   * answers the provider's client secret for the server's amount. 409 when a deal is sold out or the
   * order cannot be paid any more; nothing is charged then.
   */
  async startPayment(rawId: string, now: Date = new Date()): Promise<PaymentIntentAnswer> {
    const id = parseOrderId(rawId);
    if (!id) throw orderNotFound();
    const order = await this.reserve(id, now);
    // An order with a schedule: the visitor pays its first instalment (saving the method for the others).
    const scheduled = await this.schedules.visitorCharge(order);
    const amountCents = scheduled ? scheduled.instalment.amountCents : order.totalCents;
    let intent;
    try {
      intent = await this.d.provider.createIntent({
        orderId: order.id,
        amountCents,
        currency: "usd",
        idempotencyKey: `order-${order.id}`,
        instalmentId: scheduled?.instalment.id ?? null,
        saveForLater: scheduled?.saveForLater ? { customerEmail: order.customerEmail, customerName: `${order.customerFirstName} ${order.customerLastName}`.trim() } : null,
      });
      if (scheduled && scheduled.instalment.intentId !== intent.id) await this.d.orders.repo.updateInstalment(this.d.orders.repo.db, scheduled.instalment.id, { intentId: intent.id });
    } catch (error) {
      this.d.warn?.("payment intent creation failed", { orderId: order.id, error: String(error) });
      throw new DomainError("conflict", CHECKOUT_MESSAGES.providerUnavailable);
    }
    if (order.stripePaymentIntentId !== intent.id) {
      await this.d.orders.repo.transaction(async (tx) => {
        const current = await this.d.orders.repo.lock(tx, order.id);
        if (current && current.stripePaymentIntentId !== intent.id) {
          await this.d.orders.repo.update(tx, current, { stripePaymentIntentId: intent.id, paymentProvider: this.d.provider.name });
        }
      });
    }
    return { clientSecret: intent.clientSecret, provider: this.d.provider.name, publishableKey: this.d.provider.publishableKey, amountCents };
  }

  /**
   * Holds the order's deal claims until the reservation time passes, with each deal's row locked so
   * that concurrent buyers are decided one at a time against the claims counted and held by others.
   */
  private async reserve(id: string, now: Date): Promise<OrderRow> {
    return this.d.orders.repo.transaction(async (tx) => {
      const order = await this.d.orders.repo.lock(tx, id);
      if (!order) throw orderNotFound();
      const transition = nextStatus(order.status, "payment_started");
      if (transition.kind === "refuse") throw new DomainError("conflict", transition.messageKey);
      const items = await this.d.orders.repo.items(order.id, tx);
      await this.classEnrollments.renew(tx, items, now);
      const wanted = new Map<number, { quantity: number; name: string }>();
      for (const item of items) {
        if (item.dealId === null) continue;
        const entry = wanted.get(item.dealId) ?? { quantity: 0, name: item.serviceName };
        entry.quantity += item.quantity;
        wanted.set(item.dealId, entry);
      }
      const expiresAt = new Date(now.getTime() + this.d.reservationMinutes * 60_000);
      for (const [dealId, { quantity, name }] of [...wanted].sort(([a], [b]) => a - b)) {
        const deal = await this.d.deals.lockClaims(dealId, tx);
        if (!deal || !deal.active) throw new DomainError("conflict", PRICING_MESSAGES.dealUnavailable);
        const held = await this.d.orders.repo.heldClaims(tx, deal.id, order.id, now);
        if (deal.claimLimit !== null && deal.claimCount + held + quantity > deal.claimLimit) {
          throw new DomainError("conflict", PRICING_MESSAGES.dealSoldOut, { params: { name } });
        }
        await this.d.orders.repo.holdReservation(tx, { orderId: order.id, dealId: deal.id, quantity, expiresAt });
      }
      if (transition.kind === "move") {
        return this.d.orders.repo.update(tx, order, { failureMessage: null }, { to: transition.to, cause: "payment_started" });
      }
      return order;
    });
  }

  /**
   * The sandbox's payment step: checks the card (Luhn, expiry in the future, CVC), decides it as
   * Stripe's test cards, and reports the result as a signed event through the webhook code path.
   */
  async confirmSandbox(input: unknown, now: Date = new Date()): Promise<{ status: "succeeded" | "failed"; message?: string }> {
    const sandbox = this.d.sandbox;
    if (!sandbox) throw new DomainError("not_found", CHECKOUT_MESSAGES.sandboxOff);
    const request = parseOrThrow(sandboxConfirmSchema, input);
    const problems = checkCard(request, now);
    if (Object.keys(problems).length > 0) throw new DomainError("validation", Object.values(problems)[0], { fields: problems });
    if (await sandbox.subscriptionOfSecret(request.clientSecret)) {
      // A subscription's first invoice: the card decided, the invoice event through the webhook path.
      const decision = await sandbox.confirm(request.clientSecret, request.cardNumber);
      if (decision.kind === "already") return { status: "succeeded" };
      if (decision.kind !== "decided") throw new DomainError("not_found", CHECKOUT_MESSAGES.paymentUnknown);
      await this.handleWebhook(decision.event.rawBody, decision.event.signature);
      return decision.status === "succeeded" ? { status: "succeeded" } : { status: "failed", message: decision.message ?? undefined };
    }
    const orderId = await sandbox.orderOfSecret(request.clientSecret);
    if (!orderId) throw new DomainError("not_found", CHECKOUT_MESSAGES.paymentUnknown);
    const order = await this.d.orders.findRow(orderId);
    if (!order) throw new DomainError("not_found", CHECKOUT_MESSAGES.paymentUnknown);
    if (order.status === "paid") return { status: "succeeded" };
    if (order.status === "requires_payment" && (await sandbox.retrieveIntent(order.stripePaymentIntentId ?? "").catch(() => null))?.state === "succeeded") {
      const refreshed = await this.refresh(order.id);
      // A schedule's first instalment paid leaves the order waiting for the others: still a success.
      if (refreshed.status === "paid" || order.paymentPlan) return { status: "succeeded" };
    }
    // A retry after a failed payment (or a late one) holds the deal claims again before charging.
    await this.reserve(order.id, now);
    const decision = await sandbox.confirm(request.clientSecret, request.cardNumber);
    if (decision.kind === "unknown") throw new DomainError("not_found", CHECKOUT_MESSAGES.paymentUnknown);
    if (decision.kind === "canceled") throw new DomainError("conflict", ORDER_MESSAGES.cannotPay);
    if (decision.kind === "already") {
      // Decided before, but its event may never have been applied (the server stopped in between):
      // apply what the sandbox says now, as the success page's refresh would.
      const refreshed = await this.refresh(order.id);
      return refreshed.status === "paid" || order.paymentPlan ? { status: "succeeded" } : { status: "failed", message: refreshed.failureMessage ?? undefined };
    }
    await this.handleWebhook(decision.event.rawBody, decision.event.signature);
    return decision.status === "succeeded" ? { status: "succeeded" } : { status: "failed", message: decision.message ?? undefined };
  }

  /**
   * A provider event, verified over its raw body (400 when the signature does not hold), recorded by its
   * id first so that a redelivery has no second effect, then applied through the state machine.
   */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
    let event: PaymentEvent;
    try {
      event = await this.d.provider.verifyEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new DomainError("validation", CHECKOUT_MESSAGES.webhookSignature);
      throw error;
    }
    return this.applyEvent(event);
  }

  private async applyEvent(event: PaymentEvent): Promise<{ duplicate: boolean }> {
    if (event.subscription) {
      // A subscription's invoice or end: recorded by id and applied to our record, in one transaction.
      return this.d.orders.repo.transaction(async (tx) => {
        const recorded = await this.d.orders.repo.recordEvent(tx, { id: event.id.slice(0, 255), type: event.type.slice(0, 100), orderId: null });
        if (!recorded) return { duplicate: true };
        await this.subscriptions.apply(tx, event);
        return { duplicate: false };
      });
    }
    const orderId = (event.orderId && parseOrderId(event.orderId)) || (event.intentId ? await this.d.orders.repo.findIdByIntent(event.intentId) : null);
    const applied = await this.d.orders.repo.transaction(async (tx) => {
      const recorded = await this.d.orders.repo.recordEvent(tx, { id: event.id.slice(0, 255), type: event.type.slice(0, 100), orderId: event.kind ? orderId : null });
      if (!recorded) return { duplicate: true };
      if (!event.kind || !orderId) return { duplicate: false };
      const order = await this.d.orders.repo.lock(tx, orderId);
      if (!order) return { duplicate: false };
      if (event.instalmentId !== null && order.paymentPlan && (event.kind === "succeeded" || event.kind === "failed")) {
        await this.schedules.apply(tx, order, event.instalmentId, { kind: event.kind, eventId: event.id, intentId: event.intentId, paymentMethodId: event.paymentMethodId, customerId: event.customerId, brand: event.brand, last4: event.last4, failureMessage: event.failureMessage });
        return { duplicate: false };
      }
      if (event.kind === "succeeded") await this.applySuccess(tx, order, { eventId: event.id, intentId: event.intentId, brand: event.brand, last4: event.last4 });
      else if (event.kind === "failed") await this.applyFailure(tx, order, { eventId: event.id, message: event.failureMessage });
      else {
        // A refund can only follow a payment: when its event overtakes the payment's, the payment is
        // applied first, so that the order ends refunded whatever the order of delivery.
        const paid = order.status === "pending" || order.status === "requires_payment" || order.status === "failed" ? await this.applySuccess(tx, order, { eventId: event.id, intentId: event.intentId, brand: null, last4: null }) : order;
        await this.applyRefund(tx, paid, { eventId: event.id, actor: null });
      }
      return { duplicate: false };
    });
    if (orderId) await this.refundOverbooked(orderId);
    return applied;
  }

  /** A class order paid when its class had no seat left: given back in full through the provider. */
  private async refundOverbooked(orderId: string): Promise<void> {
    if (!this.overbooked.delete(orderId)) return;
    try {
      await this.refund(orderId, null);
    } catch (error) {
      this.d.warn?.("refund of an enrolment over capacity failed", { orderId, error: String(error) });
    }
  }

  /** Paid: paidAt, the card's brand and last 4, the deal claims counted and the receipt queued, together. */
  async applySuccess(tx: Transaction, order: OrderRow, facts: { eventId: string | null; intentId: string | null; brand: string | null; last4: string | null }) {
    const transition = nextStatus(order.status, "payment_succeeded");
    if (transition.kind !== "move") return order;
    const paid = await this.d.orders.repo.update(
      tx,
      order,
      {
        paidAt: new Date(),
        paymentProvider: this.d.provider.name,
        paymentBrand: facts.brand ?? order.paymentBrand,
        paymentLast4: facts.last4 ?? order.paymentLast4,
        failureMessage: null,
        ...(order.stripePaymentIntentId === null && facts.intentId ? { stripePaymentIntentId: facts.intentId } : {}),
      },
      { to: transition.to, cause: "payment_succeeded", eventId: facts.eventId },
    );
    const items = await this.d.orders.repo.items(order.id, tx);
    const claims = new Map<number, number>();
    for (const item of items) if (item.dealId !== null) claims.set(item.dealId, (claims.get(item.dealId) ?? 0) + item.quantity);
    for (const [dealId, quantity] of [...claims].sort(([a], [b]) => a - b)) {
      // The conditional UPDATE keeps the count within the limit whatever happens; a claim that no
      // longer fits (its reservation expired and others took the rest) is noted for staff to refund.
      const counted = await this.d.deals.recordClaim(dealId, quantity, tx);
      if (!counted) await this.d.orders.repo.note(tx, paid, "claim_over_limit", facts.eventId);
    }
    await this.d.orders.repo.settleReservations(tx, order.id, "claimed");
    if (!(await this.classEnrollments.paid(tx, paid, items, facts.intentId))) {
      // The class filled up after this payment's hold ran out: noted, and refunded once committed.
      await this.d.orders.repo.note(tx, paid, "class_full", facts.eventId);
      this.overbooked.add(order.id);
    }
    const view = await this.d.orders.view(paid, tx);
    await this.d.mail.enqueue(receiptEmail(view, await this.receiptLink(view), this.d.translate, this.d.company), tx);
    return paid;
  }

  async applyFailure(tx: Transaction, order: OrderRow, facts: { eventId: string | null; message: string | null }) {
    const transition = nextStatus(order.status, "payment_failed");
    if (transition.kind !== "move") return order;
    await this.d.orders.repo.settleReservations(tx, order.id, "released");
    await this.classEnrollments.released(tx, await this.d.orders.repo.items(order.id, tx), true);
    const failed = await this.d.orders.repo.update(tx, order, { failureMessage: facts.message }, { to: transition.to, cause: "payment_failed", eventId: facts.eventId });
    if (order.paymentMethodType === "us_bank_account") {
      // A bank transfer fails days after the visitor left: the customer hears it by e-mail.
      const view = await this.d.orders.view(failed, tx);
      await this.d.mail.enqueue(bankDebitFailedEmail(view, await this.receiptLink(view), this.d.translate, this.d.company), tx);
    }
    return failed;
  }

  private async applyRefund(tx: Transaction, order: OrderRow, facts: { eventId: string | null; actor: string | null }) {
    const transition = nextStatus(order.status, "refund");
    if (transition.kind !== "move") return order;
    await this.classEnrollments.refunded(tx, await this.d.orders.repo.items(order.id, tx));
    return this.d.orders.repo.update(tx, order, { refundedAt: new Date() }, { to: transition.to, cause: "refunded", eventId: facts.eventId, actor: facts.actor });
  }

  /**
   * The order as the provider sees it now (decision 7): when the webhook has not arrived yet, the
   * intent's status is asked of the provider and the same transition applied.
   */
  async refresh(rawId: string): Promise<OrderView> {
    const view = await this.d.orders.get(rawId);
    const row = await this.d.orders.findRow(view.id);
    if (!row || !row.stripePaymentIntentId || (row.status !== "requires_payment" && row.status !== "failed")) return view;
    let status;
    try {
      status = await this.d.provider.retrieveIntent(row.stripePaymentIntentId);
    } catch (error) {
      this.d.warn?.("payment intent retrieval failed", { orderId: row.id, error: String(error) });
      return view;
    }
    if (status.state !== "succeeded" && !(status.state === "failed" && row.status === "requires_payment")) return view;
    const updated = await this.d.orders.repo.transaction(async (tx) => {
      const order = await this.d.orders.repo.lock(tx, row.id);
      if (!order) throw orderNotFound();
      if (status.instalmentId !== null && order.paymentPlan) {
        const kind = status.state === "succeeded" ? "succeeded" : "failed";
        await this.schedules.apply(tx, order, status.instalmentId, { kind, eventId: null, intentId: status.id, paymentMethodId: null, customerId: null, brand: status.brand, last4: status.last4, failureMessage: status.failureMessage });
        return (await this.d.orders.repo.lock(tx, order.id)) ?? order;
      }
      return status.state === "succeeded"
        ? this.applySuccess(tx, order, { eventId: null, intentId: status.id, brand: status.brand, last4: status.last4 })
        : this.applyFailure(tx, order, { eventId: null, message: status.failureMessage });
    });
    await this.refundOverbooked(row.id);
    return this.d.orders.view((await this.d.orders.findRow(row.id)) ?? updated);
  }

  /** Staff cancel an unpaid order: its intent is cancelled with the provider and its claims released. */
  async cancel(rawId: string, actor: string): Promise<AdminOrderView> {
    const view = await this.d.orders.get(rawId);
    const row = await this.d.orders.findRow(view.id);
    if (!row) throw orderNotFound();
    const check = nextStatus(row.status, "cancel");
    if (check.kind === "refuse") throw new DomainError("conflict", check.messageKey);
    if (row.stripePaymentIntentId) {
      try {
        await this.d.provider.cancelIntent(row.stripePaymentIntentId);
      } catch (error) {
        this.d.warn?.("payment intent cancellation failed", { orderId: row.id, error: String(error) });
      }
    }
    await this.d.orders.repo.transaction(async (tx) => {
      const order = await this.d.orders.repo.lock(tx, row.id);
      if (!order) throw orderNotFound();
      const transition = nextStatus(order.status, "cancel");
      if (transition.kind === "refuse") throw new DomainError("conflict", transition.messageKey);
      if (transition.kind !== "move") return;
      await this.d.orders.repo.settleReservations(tx, order.id, "released");
      await this.classEnrollments.released(tx, await this.d.orders.repo.items(order.id, tx), false);
      await this.d.orders.repo.update(tx, order, {}, { to: transition.to, cause: "cancelled_by_staff", actor });
    });
    return this.d.orders.getForStaff(row.id);
  }

  /** Staff refund a paid order in full through the provider; the provider's refund event then finds it refunded. */
  async refund(rawId: string, actor: string | null): Promise<AdminOrderView> {
    const view = await this.d.orders.get(rawId);
    const row = await this.d.orders.findRow(view.id);
    if (!row) throw orderNotFound();
    const check = nextStatus(row.status, "refund");
    if (check.kind === "refuse" || !row.stripePaymentIntentId) throw new DomainError("conflict", ORDER_MESSAGES.cannotRefund);
    // Paid in several intents: one full refund of the first would give back the wrong amount.
    if (row.paymentPlan && row.paymentPlan !== "1time") throw new DomainError("conflict", "payments:schedule.noRefund");
    try {
      await this.d.provider.refund({ intentId: row.stripePaymentIntentId, amountCents: row.totalCents, idempotencyKey: `refund-${row.id}` });
    } catch (error) {
      this.d.warn?.("refund failed", { orderId: row.id, error: String(error) });
      throw new DomainError("conflict", CHECKOUT_MESSAGES.providerUnavailable);
    }
    await this.d.orders.repo.transaction(async (tx) => {
      const order = await this.d.orders.repo.lock(tx, row.id);
      if (order) await this.applyRefund(tx, order, { eventId: null, actor });
    });
    if (this.d.sandbox) {
      const event = await this.d.sandbox.refundEvent(row.stripePaymentIntentId);
      await this.handleWebhook(event.rawBody, event.signature);
    }
    return this.d.orders.getForStaff(row.id);
  }

  /** The receipt an unguessable link names, with the company's details; 404 for any other token. */
  async receiptByToken(token: string): Promise<OrderView & { company: ReceiptCompany }> {
    const id = await this.d.signing.readReceiptToken(token);
    if (!id) throw orderNotFound();
    return { ...(await this.d.orders.get(id)), company: this.company };
  }

  /** The receipt page's absolute address, in the order's language. */
  async receiptLink(view: Pick<OrderView, "language" | "receiptUrl">): Promise<string> {
    return `${this.d.publicUrl}${view.language === "fr" ? "/fr" : ""}${view.receiptUrl}`;
  }

  /** The company details a receipt prints (never the staff's notification address). */
  get company(): ReceiptCompany {
    const { name, email, phone, website, address } = this.d.company;
    return { name, email, phone, website, address };
  }

  /** Whether a status is final for the success page's refresh. */
  static isSettled(status: OrderStatus): boolean {
    return status === "paid" || status === "failed" || status === "cancelled" || status === "refunded";
  }
}
