import { MONEY_RECEIVED } from "../../../core/orders/rules.ts";
import type { OrderView } from "../../lib/orders-api.ts";

/**
 * What a success page tells the buyer about an order, from the server's status: only what is true at
 * that moment. "confirming" is the page waiting for the provider (the order still reads pending or
 * awaiting payment, which someone who has just paid must never be told); the others are final for the
 * page, which stops asking.
 */
export type OrderOutcome = "confirming" | "paid" | "partlyPaid" | "processing" | "failed" | "refunded" | "cancelled";

type Subject = Pick<OrderView, "status" | "payments" | "paymentMethodType">;

/** A refund Atelier made by itself because a deal sold out or a class filled while the buyer paid. */
export function automaticRefundOf(order: Pick<OrderView, "payments">) {
  return (
    order.payments.find(
      (payment) =>
        payment.kind === "refund" && (payment.automatic === "deal_sold_out" || payment.automatic === "class_full"),
    ) ?? null
  );
}

export function orderOutcome(order: Subject): OrderOutcome {
  // Refunded at once, even while the refund is still on its way (the order then still reads paid).
  if (automaticRefundOf(order) && order.status !== "cancelled") return "refunded";
  switch (order.status) {
    case "paid":
      return "paid";
    case "partially_paid":
      return "partlyPaid";
    // A bank transfer waits days for the bank; a card payment being processed is confirmed in seconds.
    case "processing":
      return order.paymentMethodType === "us_bank_account" ? "processing" : "confirming";
    case "failed":
      return "failed";
    case "refunded":
    case "partially_refunded":
      return "refunded";
    case "cancelled":
      return "cancelled";
    case "pending":
    case "requires_payment":
      return "confirming";
  }
}

/** Whether the page may stop asking the server: the outcome is known. */
export const outcomeKnown = (order: Subject): boolean => orderOutcome(order) !== "confirming";

/** Whether money was received (whatever happened to it afterwards): the receipt is worth a link. */
export const moneyReceived = (order: Pick<OrderView, "status">): boolean => MONEY_RECEIVED.includes(order.status);

/**
 * What happens next, as keys of checkout:success, promising only what will happen for this outcome:
 * the receipt is e-mailed when an order is paid in full, an instalment and a bank transfer's start have
 * e-mails of their own, a refund is e-mailed once made.
 */
export function nextStepKeys(order: Subject & Pick<OrderView, "paymentPlan">): string[] {
  switch (orderOutcome(order)) {
    case "paid":
      return [
        "nextReceipt",
        "nextConfirmation",
        "nextContact",
        "nextSchedule",
        ...(order.paymentPlan === "monthly" ? ["nextMonthly"] : []),
      ];
    case "partlyPaid":
      return ["nextInstalmentPaid", "nextInstalments", "nextReceiptWhenPaid", "nextContact"];
    case "processing":
      return ["nextBankEmail", "nextBankReceipt", "nextContact"];
    case "refunded": {
      const pending = order.payments.some((payment) => payment.kind === "refund" && payment.status === "pending");
      return [pending ? "nextRefundPending" : "nextRefundEmailed"];
    }
    case "confirming":
    case "failed":
    case "cancelled":
      return [];
  }
}
