import type { Transaction } from "../../db/client.server.ts";
import { bankDebitFailedEmail, bankProcessingEmail, receiptEmail, refundEmail } from "../orders/emails.ts";
import type { OrderItemRow, OrderRow } from "../orders/repo.server.ts";
import type { OrderView } from "../orders/schema.ts";
import type { Settlement } from "../orders/service.server.ts";
import type { PaymentRow } from "../payments/repo.server.ts";
import type { ChargeStatus, RefundStatus } from "../payments/rules.ts";
import type { PaymentWorkflow, WorkflowEffects } from "../payments/service.server.ts";
import { toPaymentView } from "../payments/service.server.ts";
import type { CheckoutDeps, WorkflowName } from "./deps.ts";

/** The history cause of a charge's move. */
const CHARGE_CAUSES: Record<ChargeStatus, string> = {
  requires_payment: "payment_started",
  processing: "payment_processing",
  succeeded: "payment_succeeded",
  failed: "payment_failed",
  cancelled: "payment_cancelled",
};

/** The receipt page's absolute address, in the order's language. */
export function receiptLink(publicUrl: string, view: Pick<OrderView, "language" | "receiptUrl">): string {
  return `${publicUrl}${view.language === "fr" ? "/fr" : ""}${view.receiptUrl}`;
}

/**
 * What every workflow that sells through an order shares (a cart, a custom amount, a class seat, a
 * bank transfer): when one of the order's payments moves, the purchase's own effects (a deal's claims,
 * a seat, an instalment), then the order's status derived again from its money, then what the buyer
 * should hear (the receipt when it becomes paid, a refund, a bank transfer started or returned).
 * Everything happens in the transaction that recorded the move.
 */
export abstract class OrderWorkflow implements PaymentWorkflow {
  abstract readonly name: WorkflowName;
  protected readonly d: CheckoutDeps;

  constructor(deps: CheckoutDeps) {
    this.d = deps;
  }

  /**
   * A charge succeeded: the purchase's own effects. False when it could not be fulfilled (a deal sold
   * out, a class full): the workflow has asked for the refund and no receipt is sent.
   */
  protected async paid(
    _tx: Transaction,
    _order: OrderRow,
    _items: OrderItemRow[],
    _charge: PaymentRow,
    _effects: WorkflowEffects,
  ): Promise<boolean> {
    return true;
  }

  /** A charge failed, or the order was cancelled (no charge then): what the purchase held for it goes back. */
  protected async released(
    _tx: Transaction,
    _order: OrderRow,
    _items: OrderItemRow[],
    _charge: PaymentRow | null,
    _paymentFailed: boolean,
  ): Promise<void> {}

  /** Staff cancelled the order (inside their transaction, its charges cancelled): its holds go back. */
  async cancelled(tx: Transaction, order: OrderRow): Promise<void> {
    await this.released(tx, order, await this.d.orders.items(order.id, tx), null, false);
  }

  /** Everything paid was given back: what the purchase took goes back (a deal's claims, a seat). */
  protected async refundedInFull(_tx: Transaction, _order: OrderRow, _items: OrderItemRow[]): Promise<void> {}

  /** The order's view after a move, from what the move read already. */
  protected viewAfter(tx: Transaction, settlement: Settlement, items: OrderItemRow[]) {
    return this.d.orders.view(settlement.after, tx, { items, payments: settlement.payments });
  }

  /** What the buyer hears when a charge moved and the order's status changed (the receipt by default). */
  protected async notify(
    tx: Transaction,
    settlement: Settlement,
    charge: PaymentRow,
    fulfilled: boolean,
    items: OrderItemRow[],
  ): Promise<void> {
    const { before, after } = settlement;
    if (fulfilled && after.status === "paid" && before.status !== "paid" && before.paidAt === null) {
      const view = await this.viewAfter(tx, settlement, items);
      await this.d.mail.enqueue(
        receiptEmail(view, receiptLink(this.d.publicUrl, view), this.d.translate, this.d.company, this.d.timeZone),
        tx,
      );
    } else if (
      charge.method === "us_bank_account" &&
      charge.status === "processing" &&
      after.status === "processing" &&
      before.status !== "processing"
    ) {
      const view = await this.viewAfter(tx, settlement, items);
      await this.d.mail.enqueue(
        bankProcessingEmail(view, receiptLink(this.d.publicUrl, view), this.d.translate, this.d.company),
        tx,
      );
    } else if (charge.method === "us_bank_account" && charge.status === "failed" && after.status === "failed") {
      // A bank transfer fails days after the visitor left: the customer hears it by e-mail.
      const view = await this.viewAfter(tx, settlement, items);
      await this.d.mail.enqueue(
        bankDebitFailedEmail(view, receiptLink(this.d.publicUrl, view), this.d.translate, this.d.company),
        tx,
      );
    }
  }

  async chargeMoved(tx: Transaction, charge: PaymentRow, _from: ChargeStatus, effects: WorkflowEffects): Promise<void> {
    const order = await this.d.orders.lock(tx, charge.subjectId);
    if (!order) return;
    const items = await this.d.orders.items(order.id, tx);
    let fulfilled = true;
    if (charge.status === "succeeded") fulfilled = await this.paid(tx, order, items, charge, effects);
    else if (charge.status === "failed") await this.released(tx, order, items, charge, true);
    else if (charge.status === "cancelled") await this.released(tx, order, items, charge, false);
    const settlement = await this.d.orders.settle(
      tx,
      order,
      CHARGE_CAUSES[charge.status as ChargeStatus] ?? charge.status,
      { eventId: effects.eventId },
    );
    await this.notify(tx, settlement, charge, fulfilled, items);
  }

  async refundMoved(
    tx: Transaction,
    refund: PaymentRow,
    _charge: PaymentRow,
    _from: RefundStatus,
    effects: WorkflowEffects,
  ): Promise<void> {
    const order = await this.d.orders.lock(tx, refund.subjectId);
    if (!order) return;
    if (refund.status === "failed") {
      await this.d.orders.note(tx, order, "refund_failed", { eventId: effects.eventId, detail: refund.failureMessage });
      return;
    }
    if (refund.status !== "succeeded") return;
    const settlement = await this.d.orders.settle(tx, order, "refund_succeeded", {
      eventId: effects.eventId,
      actor: refund.actor,
    });
    if (settlement.after.status === settlement.before.status)
      await this.d.orders.note(tx, settlement.after, "refund_succeeded", {
        eventId: effects.eventId,
        actor: refund.actor,
      });
    const items = await this.d.orders.items(order.id, tx);
    if (settlement.after.status === "refunded" && settlement.before.status !== "refunded")
      await this.refundedInFull(tx, settlement.after, items);
    const view = await this.viewAfter(tx, settlement, items);
    await this.d.mail.enqueue(
      refundEmail(
        view,
        toPaymentView(refund),
        receiptLink(this.d.publicUrl, view),
        this.d.translate,
        this.d.company,
        this.d.timeZone,
      ),
      tx,
    );
  }
}
