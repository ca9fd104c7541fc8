/**
 * An order's status (specification 001, section 4, and docs/decisions/0028): derived from what its
 * payments did and what its schedule still expects, never set by hand, so that it cannot disagree with
 * the money. Pure and isomorphic: the pages that explain a status use the same rules.
 */
import type { MoneySummary } from "../payments/rules.ts";

export const ORDER_STATUSES = [
  "pending",
  "requires_payment",
  "processing",
  "partially_paid",
  "paid",
  "failed",
  "partially_refunded",
  "refunded",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_MESSAGES = {
  cannotCancel: "orders:errors.cannotCancel",
  cannotRefund: "orders:errors.cannotRefund",
  cannotPay: "orders:errors.cannotPay",
} as const;

/** What the derivation reads of an order besides its money. */
export interface OrderFacts {
  totalCents: number;
  /** Set when staff cancelled it, or what remained of its schedule. */
  cancelled: boolean;
}

/**
 * The status an order's facts and money give, in this order of precedence:
 * - refunded: everything paid was given back; partially_refunded: some was;
 * - paid: its payments cover its total (a monthly plan: its first month);
 * - cancelled: staff stopped it before it was paid in full (what was paid stays listed);
 * - partially_paid: some instalments are paid and others are still expected;
 * - processing: a bank transfer waits for the bank; failed: its last payment was refused;
 * - requires_payment: a payment was started and waits for the buyer; pending: none was.
 * A payment that succeeds after a cancellation still shows (paid), so that staff see it and refund it.
 */
export function deriveOrderStatus(
  order: OrderFacts,
  money: Pick<MoneySummary, "chargedCents" | "refundedCents" | "processingCents" | "started" | "lastFailure">,
): OrderStatus {
  if (money.chargedCents > 0 && money.refundedCents >= money.chargedCents) return "refunded";
  if (money.refundedCents > 0) return "partially_refunded";
  if (money.chargedCents > 0 && money.chargedCents >= order.totalCents) return "paid";
  if (order.cancelled) return "cancelled";
  if (money.chargedCents > 0) return "partially_paid";
  if (money.processingCents > 0) return "processing";
  if (money.lastFailure) return "failed";
  if (money.started) return "requires_payment";
  return "pending";
}

/** Whether an order may still be paid (a payment started or tried again). */
export function canPay(status: OrderStatus): boolean {
  return status === "pending" || status === "requires_payment" || status === "failed";
}

/** Whether staff may cancel an order: only while no money was taken and none is on its way. */
export function canCancel(status: OrderStatus): boolean {
  return status === "pending" || status === "requires_payment" || status === "failed";
}

/** The statuses in which money was received, whatever happened to it afterwards. */
export const MONEY_RECEIVED: readonly OrderStatus[] = ["partially_paid", "paid", "partially_refunded", "refunded"];

/** Statuses after which nothing more happens without staff: a success page stops asking. */
export const SETTLED_STATUSES: readonly OrderStatus[] = [
  "paid",
  "failed",
  "cancelled",
  "refunded",
  "partially_refunded",
];

/** The public order number: the first 8 characters of the id, uppercased (specification 001, section 9). */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
