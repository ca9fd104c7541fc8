/**
 * An order's status in words, the same on every page, e-mail, PDF and staff screen, in both languages
 * (docs/decisions/0028): its name ("Partly paid") and the sentence that says what it means now
 * ("1 of 3 instalments paid: $500.00 of $1,500.00; next $500.00 on December 27, 2026"). Pure and
 * isomorphic; `t` is the reader's translator.
 */
import { formatCents } from "../money/money.ts";
import type { OrderStatus } from "./rules.ts";
import type { OrderView } from "./schema.ts";

type T = (key: string, params?: Record<string, unknown>) => string;

/** What the sentences read of an order. */
export type StatusSubject = Pick<
  OrderView,
  | "status"
  | "totalCents"
  | "paidCents"
  | "refundedCents"
  | "paidAt"
  | "cancelledAt"
  | "failureMessage"
  | "paymentPlan"
  | "schedule"
  | "payments"
  | "paymentMethodType"
>;

// Making a formatter costs far more than using one: one per language and time zone is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A date as the reader's language writes it, in the agency's time zone ("December 27, 2026", "27 décembre 2026"). */
export function formatDay(iso: string, language: string, timeZone: string): string {
  const locale = language === "fr" ? "fr-FR" : "en-US";
  const key = `${locale} ${timeZone}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone });
    if (dayFormats.size < 64) dayFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** The status's name ("Paid", "Partly paid", "Processing"...). */
export function statusLabel(status: OrderStatus, t: T): string {
  return t(`orders:statuses.${status}`);
}

/** The badge's tone for a status. */
export function statusTone(status: OrderStatus): "success" | "warning" | "danger" | "neutral" {
  if (status === "paid") return "success";
  if (status === "failed") return "danger";
  if (status === "refunded" || status === "partially_refunded" || status === "cancelled") return "neutral";
  return "warning";
}

const latest = <T extends { settledAt: string | null; createdAt: string }>(rows: T[]): T | null =>
  rows.reduce<T | null>(
    (last, row) => (!last || (row.settledAt ?? row.createdAt) >= (last.settledAt ?? last.createdAt) ? row : last),
    null,
  );

/** The sentence that says what an order's status means now, or null when its name says it all. */
export function statusDetail(order: StatusSubject, t: T, language: string, timeZone: string): string | null {
  const day = (iso: string) => formatDay(iso, language, timeZone);
  const refunds = order.payments.filter((payment) => payment.kind === "refund" && payment.status === "succeeded");
  const lastRefund = latest(refunds);
  switch (order.status) {
    case "paid":
      return order.paidAt
        ? t("orders:statusDetail.paid", { amount: formatCents(order.paidCents), date: day(order.paidAt) })
        : null;
    case "processing":
      return t("orders:statusDetail.processing");
    case "partially_paid": {
      const paid = order.schedule.filter((entry) => entry.status === "paid").length;
      const failed = order.schedule.find((entry) => entry.status === "failed");
      const next = order.schedule.find((entry) => entry.status === "due" || entry.status === "processing");
      const progress = t("orders:statusDetail.partlyPaid", {
        count: paid,
        paid,
        instalments: order.schedule.length,
        paidAmount: formatCents(order.paidCents),
        total: formatCents(order.totalCents),
      });
      if (failed) {
        const retry = failed.nextAttemptAt
          ? t("orders:statusDetail.retryOn", { date: day(failed.nextAttemptAt) })
          : t("orders:statusDetail.noRetry");
        return t("orders:statusDetail.joined", {
          first: progress,
          second: `${t("orders:statusDetail.instalmentFailed", { position: failed.position, amount: formatCents(failed.amountCents) })} ${retry}`,
        });
      }
      return next
        ? t("orders:statusDetail.joined", {
            first: progress,
            second: t("orders:statusDetail.next", { amount: formatCents(next.amountCents), date: day(next.dueAt) }),
          })
        : progress;
    }
    case "failed":
      return `${order.failureMessage || t("orders:statusDetail.failedGeneric")} ${order.paymentMethodType === "us_bank_account" ? t("orders:statusDetail.failedBankNext") : t("orders:statusDetail.failedNext")}`;
    case "refunded":
      return lastRefund
        ? t("orders:statusDetail.refunded", {
            amount: formatCents(order.refundedCents),
            date: day(lastRefund.settledAt ?? lastRefund.createdAt),
          })
        : null;
    case "partially_refunded":
      return lastRefund
        ? t("orders:statusDetail.partlyRefunded", {
            amount: formatCents(order.refundedCents),
            date: day(lastRefund.settledAt ?? lastRefund.createdAt),
            paid: formatCents(order.paidCents),
          })
        : null;
    case "cancelled":
      if (order.paidCents > 0)
        return t("orders:statusDetail.cancelledPaid", {
          paid: formatCents(order.paidCents),
          total: formatCents(order.totalCents),
        });
      return order.cancelledAt ? t("orders:statusDetail.cancelled", { date: day(order.cancelledAt) }) : null;
    case "pending":
    case "requires_payment":
      return null;
  }
}

/** What the buyer is owed a word about besides the status: a refund pending or refused, an automatic one. */
export function refundNotice(order: Pick<OrderView, "payments">, t: T): string | null {
  const refunds = order.payments.filter((payment) => payment.kind === "refund");
  const automatic = refunds.find(
    (payment) => payment.automatic === "deal_sold_out" || payment.automatic === "class_full",
  );
  const pending = refunds
    .filter((payment) => payment.status === "pending")
    .reduce((total, payment) => total + payment.amountCents, 0);
  if (automatic) {
    const amount = formatCents(
      refunds
        .filter((payment) => payment.automatic === automatic.automatic)
        .reduce((total, payment) => total + payment.amountCents, 0),
    );
    return t(`orders:refundNotice.${automatic.automatic}${automatic.status === "succeeded" ? "" : "Pending"}`, {
      amount,
    });
  }
  return pending > 0 ? t("orders:refundNotice.pending", { amount: formatCents(pending) }) : null;
}
