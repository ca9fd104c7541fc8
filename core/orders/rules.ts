/**
 * The order's status as a state machine (specification 001, section 4, plus docs/decisions/0019).
 * Pure: callers apply the answer inside their own transaction.
 */

export const ORDER_STATUSES = ["pending", "requires_payment", "paid", "failed", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What can happen to an order. */
export type OrderEvent =
  /** The browser asked for a payment intent. */
  | "payment_started"
  /** The provider says the payment succeeded (verified webhook or explicit retrieval). */
  | "payment_succeeded"
  /** The provider says the payment failed. */
  | "payment_failed"
  /** Staff cancel an unpaid order. */
  | "cancel"
  /** Staff refund a paid order in full, through the provider. */
  | "refund";

export type Transition =
  /** The order moves to `to`. */
  | { kind: "move"; to: OrderStatus }
  /** Nothing changes, and that is no error: a late or repeated event the machine has already passed. */
  | { kind: "ignore" }
  /** Refused: a staff action that the order's status does not allow. */
  | { kind: "refuse"; messageKey: string };

export const ORDER_MESSAGES = {
  cannotCancel: "orders:errors.cannotCancel",
  cannotRefund: "orders:errors.cannotRefund",
  cannotPay: "orders:errors.cannotPay",
} as const;

/** Statuses in which nothing more is expected from the provider for the current attempt. */
export const FINAL_STATUSES: readonly OrderStatus[] = ["paid", "cancelled", "refunded"];

/**
 * The next status after an event. A paid order never goes back to pending or failed; a late
 * `payment_failed` after a success changes nothing; cancel only from pending, requires_payment or failed;
 * refund only from paid. A success after a cancellation still marks the order paid: the provider took
 * the money (decision 7), so staff see it and can refund it, rather than the payment being lost.
 */
export function nextStatus(from: OrderStatus, event: OrderEvent): Transition {
  switch (event) {
    case "payment_started":
      if (from === "pending" || from === "failed") return { kind: "move", to: "requires_payment" };
      if (from === "requires_payment") return { kind: "ignore" };
      return { kind: "refuse", messageKey: ORDER_MESSAGES.cannotPay };
    case "payment_succeeded":
      if (from === "paid" || from === "refunded") return { kind: "ignore" };
      return { kind: "move", to: "paid" };
    case "payment_failed":
      if (from === "pending" || from === "requires_payment") return { kind: "move", to: "failed" };
      return { kind: "ignore" };
    case "cancel":
      if (from === "pending" || from === "requires_payment" || from === "failed") return { kind: "move", to: "cancelled" };
      return { kind: "refuse", messageKey: ORDER_MESSAGES.cannotCancel };
    case "refund":
      if (from === "paid") return { kind: "move", to: "refunded" };
      return { kind: "refuse", messageKey: ORDER_MESSAGES.cannotRefund };
  }
}

/** The public order number: the first 8 characters of the id, uppercased (specification 001, section 9). */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** "requires_payment" → "Requires payment": the status capitalised, as the success page shows it. */
export function capitaliseStatus(status: string): string {
  const words = status.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
