import { z } from "zod";
import type { ChargeStatus, PaymentKind, PaymentMethod, RefundStatus } from "./rules.ts";
import { REFUND_MESSAGES, REFUND_REASON_MAX } from "./rules.ts";

// The pages' forms read these without zod (rules.ts); the server reads them here as before.
export { REFUND_MESSAGES, REFUND_REASON_MAX };

/** A staff refund: an amount in cents up to what can be refunded, and a reason (kept for staff). */
export const refundRequestSchema = z.strictObject({
  amountCents: z
    .number({ message: REFUND_MESSAGES.amountInvalid })
    .int(REFUND_MESSAGES.amountInvalid)
    .min(1, REFUND_MESSAGES.amountInvalid)
    .max(10_000_000, REFUND_MESSAGES.amountTooHigh),
  reason: z
    .string({ message: REFUND_MESSAGES.reasonRequired })
    .trim()
    .min(1, REFUND_MESSAGES.reasonRequired)
    .max(REFUND_REASON_MAX, REFUND_MESSAGES.reasonTooLong),
  /** An order paid in instalments: cancel what remains of its schedule in the same action. */
  cancelRemaining: z.boolean().optional().default(false),
});
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** One movement of money as the buyer's receipt and staff's screens show it. */
export interface PaymentView {
  id: string;
  kind: PaymentKind;
  status: ChargeStatus | RefundStatus;
  method: PaymentMethod;
  amountCents: number;
  currency: "usd";
  brand: string | null;
  last4: string | null;
  failureMessage: string | null;
  /** The workflow's sub-division it pays (an instalment's id), if any. */
  part: number | null;
  /** The charge a refund gives money back from. */
  refundOf: string | null;
  /** A refund Atelier made by itself (a deal sold out, a class full), by its code; null for others. */
  automatic: string | null;
  createdAt: string;
  settledAt: string | null;
}

/** The same, for staff: who asked for a refund, and why. */
export interface StaffPaymentView extends PaymentView {
  reason: string | null;
  actor: string | null;
  attempts: number;
  nextAttemptAt: string | null;
}
