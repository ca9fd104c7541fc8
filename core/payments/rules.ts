/**
 * The rules of money movements (docs/decisions/0028), pure and isomorphic: the state machines of a
 * charge and of a refund, what a set of payments adds up to, how a refund is spread over the charges
 * it gives money back from, and the back-off of a refund the provider could not be reached for.
 */

export const CHARGE_STATUSES = ["requires_payment", "processing", "succeeded", "failed", "cancelled"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export type PaymentKind = "charge" | "refund";
export type PaymentMethod = "card" | "us_bank_account";

export type Move<S> = { kind: "move"; to: S } | { kind: "ignore" };

/**
 * A charge's next status when the provider reports `to`. Succeeded is final (money given back is a
 * refund of its own); a success after a cancellation or a failure still counts, since the provider
 * took the money; a late failure or processing report after an outcome changes nothing.
 */
export function nextChargeStatus(from: ChargeStatus, to: ChargeStatus): Move<ChargeStatus> {
  if (from === to || from === "succeeded") return { kind: "ignore" };
  switch (to) {
    case "succeeded":
      return { kind: "move", to };
    case "failed":
      return from === "requires_payment" || from === "processing" ? { kind: "move", to } : { kind: "ignore" };
    case "processing":
      return from === "requires_payment" ? { kind: "move", to } : { kind: "ignore" };
    case "cancelled":
      return from === "requires_payment" || from === "failed" || from === "processing"
        ? { kind: "move", to }
        : { kind: "ignore" };
    case "requires_payment":
      // A declined card tried again: the same intent waits for another confirmation.
      return from === "failed" ? { kind: "move", to } : { kind: "ignore" };
  }
}

/**
 * A refund's next status. Pending until the provider answers; succeeded is final; a refund that failed
 * becomes pending again only when staff retry it, or succeeded when the provider turns out to have made it.
 */
export function nextRefundStatus(from: RefundStatus, to: RefundStatus): Move<RefundStatus> {
  if (from === to || from === "succeeded") return { kind: "ignore" };
  if (from === "pending") return { kind: "move", to };
  // failed
  return to === "succeeded" ? { kind: "move", to } : { kind: "ignore" };
}

/** The part of a payment row these rules read. */
export interface MoneyRow {
  id: string;
  /** charge or refund (PaymentKind; a database row's text). */
  kind: string;
  status: string;
  amountCents: number;
  refundOf: string | null;
  settledAt: Date | string | null;
  createdAt: Date | string;
  failureMessage?: string | null;
  part?: number | null;
}

export interface MoneySummary {
  /** Money the charges brought in (succeeded charges). */
  chargedCents: number;
  /** Money given back (succeeded refunds). */
  refundedCents: number;
  /** Refunds asked for that the provider has not confirmed yet. */
  pendingRefundCents: number;
  /** Charges waiting for the provider's answer (a bank debit). */
  processingCents: number;
  /** What can still be refunded: charged, less refunded, less pending refunds. */
  refundableCents: number;
  /** Whether any charge was started and not cancelled. */
  started: boolean;
  /** The latest charge when it failed (its message), else null. */
  lastFailure: { message: string | null; part: number | null } | null;
}

const time = (value: Date | string | null) => (value === null ? 0 : new Date(value).getTime());

/** What a set of payments (the charges and refunds of one record) adds up to. */
export function summarise(rows: readonly MoneyRow[]): MoneySummary {
  let chargedCents = 0;
  let refundedCents = 0;
  let pendingRefundCents = 0;
  let processingCents = 0;
  let started = false;
  let latest: MoneyRow | null = null;
  for (const row of rows) {
    if (row.kind === "charge") {
      if (row.status === "succeeded") chargedCents += row.amountCents;
      if (row.status === "processing") processingCents += row.amountCents;
      if (row.status !== "cancelled") started = true;
      if (!latest || time(row.createdAt) >= time(latest.createdAt)) latest = row;
    } else if (row.status === "succeeded") refundedCents += row.amountCents;
    else if (row.status === "pending") pendingRefundCents += row.amountCents;
  }
  return {
    chargedCents,
    refundedCents,
    pendingRefundCents,
    processingCents,
    refundableCents: Math.max(0, chargedCents - refundedCents - pendingRefundCents),
    started,
    lastFailure:
      latest && latest.status === "failed"
        ? { message: latest.failureMessage ?? null, part: latest.part ?? null }
        : null,
  };
}

/** What each succeeded charge can still give back: its amount less its refunds succeeded or pending. */
export function refundableByCharge(
  rows: readonly MoneyRow[],
): Array<{ chargeId: string; refundableCents: number; settledAt: number }> {
  const taken = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === "refund" && row.refundOf && (row.status === "succeeded" || row.status === "pending"))
      taken.set(row.refundOf, (taken.get(row.refundOf) ?? 0) + row.amountCents);
  }
  return rows
    .filter((row) => row.kind === "charge" && row.status === "succeeded")
    .map((row) => ({
      chargeId: row.id,
      refundableCents: Math.max(0, row.amountCents - (taken.get(row.id) ?? 0)),
      settledAt: time(row.settledAt ?? row.createdAt),
    }))
    .filter((entry) => entry.refundableCents > 0);
}

/**
 * Spreads a refund of `amountCents` over the charges that can give it back, the most recent charge
 * first (as a customer would expect their last payment back first). Null when the amount is not a
 * whole number of cents above zero, or more than can be refunded.
 */
export function allocateRefund(
  rows: readonly MoneyRow[],
  amountCents: number,
): Array<{ chargeId: string; amountCents: number }> | null {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) return null;
  const charges = refundableByCharge(rows).sort((a, b) => b.settledAt - a.settledAt);
  const total = charges.reduce((sum, entry) => sum + entry.refundableCents, 0);
  if (amountCents > total) return null;
  const parts: Array<{ chargeId: string; amountCents: number }> = [];
  let left = amountCents;
  for (const entry of charges) {
    if (left === 0) break;
    const part = Math.min(left, entry.refundableCents);
    parts.push({ chargeId: entry.chargeId, amountCents: part });
    left -= part;
  }
  return parts;
}

export interface RefundRetryPolicy {
  /** Provider calls in all, the first included, before the refund is shown as failed. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** A minute, then 4, then 16: a provider outage of half an hour is ridden out before staff are asked. */
export const DEFAULT_REFUND_RETRY: RefundRetryPolicy = { maxAttempts: 4, baseDelayMs: 60_000, maxDelayMs: 30 * 60_000 };

/** The wait before the next provider call after `attempts` failed ones, or null when none is left. */
export function refundRetryDelayMs(attempts: number, policy: RefundRetryPolicy): number | null {
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 4 ** Math.max(0, attempts - 1));
}

/** The reason an automatic refund carries (the workflow's code), read back by the pages that explain it. */
export const AUTOMATIC_REFUND_PREFIX = "auto:";

/** What a staff refund can be refused for, as translation keys (the form and the API say the same). */
export const REFUND_MESSAGES = {
  amountInvalid: "payments:refund.amountInvalid",
  amountTooHigh: "payments:refund.amountTooHigh",
  reasonRequired: "payments:refund.reasonRequired",
  reasonTooLong: "payments:refund.reasonTooLong",
  nothingToRefund: "payments:refund.nothingToRefund",
  notRetryable: "payments:refund.notRetryable",
  notFound: "payments:refund.notFound",
} as const;

/** The longest reason a refund may carry, in characters. */
export const REFUND_REASON_MAX = 500;
