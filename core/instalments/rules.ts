/**
 * Custom payments paid at once or in instalments (specification 001, sections 3, 5 and 9): the plans,
 * the exact split of an amount in cents, the schedule's dates, an instalment's state machine and the
 * retry back-off. Pure and isomorphic: the /payment form shows the same schedule the server stores.
 */

export const PAYMENT_PLANS = ["1time", "2times", "3times", "monthly"] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

/** Custom amount bounds, in cents ($10 to $50,000, section 5). */
export const CUSTOM_AMOUNT_MIN_CENTS = 1_000;
export const CUSTOM_AMOUNT_MAX_CENTS = 5_000_000;

export const INSTALMENT_STATUSES = ["due", "processing", "paid", "failed", "cancelled"] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** How many instalments a plan charges in all; monthly goes on until cancelled (null). */
export function instalmentCount(plan: PaymentPlan): number | null {
  if (plan === "2times") return 2;
  if (plan === "3times") return 3;
  if (plan === "monthly") return null;
  return 1;
}

/**
 * Splits `totalCents` into `parts` positive whole cents that add up to it exactly. The cents left over
 * by the division go to the first instalments, one each, so that the parts differ by at most a cent
 * and the first is never smaller than a later one.
 */
export function splitCents(totalCents: number, parts: number): number[] {
  if (!Number.isInteger(totalCents) || !Number.isInteger(parts) || parts < 1 || totalCents < parts) {
    throw new RangeError(`cannot split ${totalCents} cents into ${parts} positive parts`);
  }
  const base = Math.floor(totalCents / parts);
  const remainder = totalCents - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}

/** The same day `months` later, clamped to the month's last day (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

export interface PlannedInstalment {
  position: number;
  amountCents: number;
  dueAt: Date;
}

/**
 * The schedule a plan starts with: 1time the full amount now; 2times half now and half in a month;
 * 3times a third now and in each of the next two months; monthly the full amount now (each payment
 * plans the next month's, until cancelled).
 */
export function planSchedule(plan: PaymentPlan, amountCents: number, start: Date): PlannedInstalment[] {
  const count = instalmentCount(plan) ?? 1;
  return splitCents(amountCents, count).map((part, index) => ({
    position: index + 1,
    amountCents: part,
    dueAt: addMonths(start, index),
  }));
}

/** What can happen to an instalment. */
export type InstalmentEvent = "charge_started" | "succeeded" | "failed" | "cancel" | "retry";

export type InstalmentTransition = { kind: "move"; to: InstalmentStatus } | { kind: "ignore" } | { kind: "refuse" };

/**
 * An instalment's next status. Paid is final (a late failure changes nothing); a success after a
 * cancellation still counts, since the provider took the money; only a due or failed instalment can be
 * charged, retried or cancelled; one being charged cannot be cancelled until its outcome is known.
 */
export function nextInstalmentStatus(from: InstalmentStatus, event: InstalmentEvent): InstalmentTransition {
  switch (event) {
    case "charge_started":
      return from === "due" || from === "failed" ? { kind: "move", to: "processing" } : { kind: "refuse" };
    case "succeeded":
      return from === "paid" ? { kind: "ignore" } : { kind: "move", to: "paid" };
    case "failed":
      return from === "due" || from === "processing" ? { kind: "move", to: "failed" } : { kind: "ignore" };
    case "cancel":
      return from === "due" || from === "failed"
        ? { kind: "move", to: "cancelled" }
        : from === "cancelled"
          ? { kind: "ignore" }
          : { kind: "refuse" };
    case "retry":
      return from === "failed" ? { kind: "move", to: "due" } : { kind: "refuse" };
  }
}

export interface RetryPolicy {
  /** Attempts in all, the first charge included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_INSTALMENT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 24 * 3600_000,
  maxDelayMs: 7 * 24 * 3600_000,
};

/** The delay before the attempt after `attempts` failed ones (doubling, capped), or null when none is left. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number | null {
  if (attempts >= policy.maxAttempts) return null;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}
