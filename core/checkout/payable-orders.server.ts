import type { Transaction } from "../../db/client.server.ts";
import { DomainError } from "../errors.ts";
import type { OrderItemRow, OrderRow } from "../orders/repo.server.ts";
import { canPay, ORDER_MESSAGES, type OrderStatus } from "../orders/rules.ts";
import { orderNotFound } from "../orders/service.server.ts";
import type { OpenChargeInput } from "../payments/service.server.ts";
import { spentBudget, type RateLimitRule } from "../rate-limit/rules.ts";
import type { CheckoutDeps, PaymentIntentAnswer, WorkflowName } from "./deps.ts";

/** What an order's next charge is: the part of it (an instalment) and its amount, and whether to save the card. */
export type ChargePlan = Pick<OpenChargeInput, "part" | "amountCents" | "saveForLater" | "bankAccount">;

/** A workflow whose orders the buyer pays in the browser: what it holds before a charge, and for how much. */
export interface PayableWorkflow {
  readonly name: WorkflowName;
  /** Inside the order's transaction, before a payment is tried (again): holds, and the charge to make. */
  prepare(
    tx: Transaction,
    order: OrderRow,
    items: OrderItemRow[],
    now: Date,
    given: Partial<ChargePlan>,
  ): Promise<ChargePlan>;
}

/**
 * Starting payments of orders, shared by the workflows that sell through one: the order checked and
 * its holds taken (its workflow's `prepare`) and its charge recorded in one transaction, then the
 * provider's intent made after the commit. Also the budget of orders per client address.
 */
export class PayableOrders {
  private readonly d: CheckoutDeps;
  private readonly orderBudget: RateLimitRule;
  private readonly holdBudget: RateLimitRule;

  constructor(deps: CheckoutDeps) {
    this.d = deps;
    this.orderBudget = { name: "orders:address", limit: deps.ordersPerAddress, windowMs: 10 * 60_000 };
    this.holdBudget = { name: "holds:address", limit: deps.holdsPerAddress, windowMs: 60 * 60_000 };
  }

  /**
   * Counts an order that will hold something while it is paid (a deal's claims, a class seat) against
   * the client address's budget of holds per hour (429 past it): holds cannot be hoarded from one place.
   */
  async countHold(address: string | undefined): Promise<void> {
    if (address === undefined) return;
    const decision = await this.d.rateLimits.hit(this.holdBudget, address);
    if (!decision.allowed) throw spentBudget("orders:errors.tooManyHolds", decision);
  }

  /** Counts an order creation against the client address's budget (429 past it). */
  async countOrder(address: string | undefined): Promise<void> {
    if (address === undefined) return;
    const decision = await this.d.rateLimits.hit(this.orderBudget, address);
    if (!decision.allowed) throw spentBudget("orders:errors.tooManyOrders", decision);
  }

  /**
   * Starts (or resumes) paying an order: its holds taken again, its charge prepared, its status
   * requires_payment; then the provider's client secret for the server's amount. 409 when a hold cannot
   * be had (a deal sold out, a class full) or the order cannot be paid any more; nothing is charged then.
   */
  async startPayment(
    workflow: PayableWorkflow | ((order: OrderRow) => PayableWorkflow),
    orderId: string,
    now: Date = new Date(),
    given: Partial<ChargePlan> = {},
  ): Promise<PaymentIntentAnswer> {
    const { charge, plan } = await this.d.orders.transaction(async (tx) => {
      // Payments before their order: the lock order every writer of an order keeps.
      const charges = await this.d.payments.lockCharges(tx, orderId);
      const order = await this.d.orders.lock(tx, orderId);
      if (!order) throw orderNotFound();
      if (!canPay(order.status as OrderStatus)) throw new DomainError("conflict", ORDER_MESSAGES.cannotPay);
      const owner = typeof workflow === "function" ? workflow(order) : workflow;
      const plan = await owner.prepare(tx, order, await this.d.orders.items(order.id, tx), now, given);
      const charge = await this.d.payments.prepareCharge(
        tx,
        { workflow: owner.name, subjectId: order.id, ...plan },
        charges,
      );
      await this.d.orders.settle(tx, order, "payment_started");
      return { charge, plan };
    });
    const intent = await this.d.payments.ensureIntent(charge, plan);
    return {
      clientSecret: intent.clientSecret,
      provider: this.d.payments.provider.name,
      publishableKey: this.d.payments.provider.publishableKey,
      amountCents: charge.amountCents,
    };
  }
}
