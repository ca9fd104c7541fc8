import { forwardRef } from "react";
import { formatCents } from "../../../core/money/money.ts";
import type { InstalmentView } from "../../../core/orders/schema.ts";
import type { StaffPaymentView } from "../../../core/payments/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { paymentMethodText, staffDateTime } from "./staff-format.ts";

const TONES = {
  charge: {
    requires_payment: "warning",
    processing: "warning",
    succeeded: "success",
    failed: "danger",
    cancelled: "neutral",
  },
  refund: { pending: "warning", succeeded: "neutral", failed: "danger" },
} as const;

/** The payments staff look at: every charge that moved or was refused, and every refund. */
export function visiblePayments(payments: readonly StaffPaymentView[]): StaffPaymentView[] {
  return payments.filter(
    (payment) => payment.kind === "refund" || (payment.status !== "cancelled" && payment.status !== "requires_payment"),
  );
}

/**
 * An order's payments and refunds, oldest first: date, method, amount and status; for a refund its
 * reason and who asked for it (or why Atelier made it by itself), its attempts, and Retry once it failed.
 */
export const OrderPayments = forwardRef<
  HTMLHeadingElement,
  {
    payments: readonly StaffPaymentView[];
    schedule: readonly InstalmentView[];
    language: string;
    timeZone: string;
    busy: boolean;
    onRetry(refund: StaffPaymentView): void;
  }
>(function OrderPayments({ payments, schedule, language, timeZone, busy, onRetry }, heading) {
  const { t } = useTranslation("admin");
  const shown = visiblePayments(payments);
  return (
    <section aria-labelledby="order-payments-heading" className="mt-5" data-testid="admin-order-payment">
      <h3 id="order-payments-heading" ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        {t("orders.payments")}
      </h3>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("orders.noPayment")}</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {shown.map((payment) => {
            const refund = payment.kind === "refund";
            const instalment = payment.part === null ? undefined : schedule.find((entry) => entry.id === payment.part);
            const tone = refund
              ? TONES.refund[payment.status as keyof typeof TONES.refund]
              : TONES.charge[payment.status as keyof typeof TONES.charge];
            const when = payment.settledAt ?? payment.createdAt;
            return (
              <li
                key={payment.id}
                className="rounded-lg border border-border px-3 py-2"
                data-testid={refund ? "admin-refund" : "admin-charge"}
              >
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <p className="font-medium">
                    {t(`orders.paymentKinds.${payment.kind}`)}
                    {instalment ? (
                      <span className="font-normal text-muted-foreground">
                        {" "}
                        · {t("orders.instalment", { position: instalment.position })}
                      </span>
                    ) : null}
                  </p>
                  <p className="flex items-center gap-2">
                    <span className="font-semibold tabular-nums">
                      {refund ? `−${formatCents(payment.amountCents)}` : formatCents(payment.amountCents)}
                    </span>
                    <Badge tone={tone ?? "neutral"} data-testid="admin-payment-status">
                      {t(`orders:paymentStatuses.${payment.kind}.${payment.status}`)}
                    </Badge>
                  </p>
                </div>
                <p className="text-muted-foreground">
                  <time dateTime={when}>{staffDateTime(when, language, timeZone)}</time> ·{" "}
                  {paymentMethodText(payment, t)}
                </p>
                {refund && payment.automatic ? (
                  <p className="text-muted-foreground">{t(`orders.automatic.${payment.automatic}`)}</p>
                ) : null}
                {refund && payment.reason ? (
                  <p data-testid="admin-refund-reason-text">{t("orders.refundReason", { reason: payment.reason })}</p>
                ) : null}
                {refund && payment.actor ? (
                  <p className="text-muted-foreground">{t("orders.askedBy", { actor: payment.actor })}</p>
                ) : null}
                {payment.failureMessage ? <p className="text-destructive">{payment.failureMessage}</p> : null}
                {refund && payment.status === "pending" && payment.nextAttemptAt ? (
                  <p className="text-muted-foreground">
                    {t("orders.nextAttempt", {
                      count: payment.attempts,
                      date: staffDateTime(payment.nextAttemptAt, language, timeZone),
                    })}
                  </p>
                ) : null}
                {refund && payment.status === "failed" ? (
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    {payment.attempts > 0 ? (
                      <span className="text-muted-foreground">{t("orders.attempts", { count: payment.attempts })}</span>
                    ) : null}
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() => onRetry(payment)}
                      aria-label={t("orders.retryRefundLabel", { amount: formatCents(payment.amountCents) })}
                      data-testid="admin-refund-retry"
                    >
                      <Icon name="rotate-cw" size={16} aria-hidden="true" />
                      {t("orders.retryRefund")}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
});
