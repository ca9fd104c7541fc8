import { useRef, useState } from "react";
import { formatCents } from "../../../core/money/money.ts";
import { canCancel, type OrderStatus } from "../../../core/orders/rules.ts";
import type { AdminOrderView } from "../../../core/orders/schema.ts";
import { statusDetail, statusLabel, statusTone } from "../../../core/orders/status-text.ts";
import { summarise } from "../../../core/payments/rules.ts";
import type { StaffPaymentView } from "../../../core/payments/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { ScheduleTable } from "../../components/schedule-table.tsx";
import { DestructiveButton } from "./confirm-dialog.tsx";
import { OrderPayments } from "./order-payments.tsx";
import { RefundDialog, hasOpenSchedule } from "./refund-dialog.tsx";
import { staffDateTime } from "./staff-format.ts";
import { MoneySummary } from "../../components/money-summary.tsx";

/** The causes of an order's history entries that have words of their own (admin.json orders.causes). */
const HISTORY_CAUSES = new Set([
  "created",
  "payment_started",
  "payment_processing",
  "payment_succeeded",
  "payment_failed",
  "payment_cancelled",
  "refund_requested",
  "refund_succeeded",
  "refund_failed",
  "refund_retried",
  "refunded",
  "cancelled_by_staff",
  "deal_sold_out",
  "class_full",
  "claim_over_limit",
  "instalment_paid",
  "instalment_failed",
  "instalment_failed_final",
  "instalment_retried",
  "schedule_cancelled",
]);

/** What staff can do to a schedule or a bank transfer (POST /api/admin/orders/{id}/...). */
export type ScheduleAction = "instalments/retry" | "instalments/cancel" | "settle-bank-transfer";

/** Statuses in which money was received and may be refunded (a cancelled plan only when something was paid). */
const REFUNDABLE: readonly OrderStatus[] = ["partially_paid", "paid", "partially_refunded", "cancelled"];

/** Whether staff are offered a refund: money was received, and not all of it is refunded or being refunded. */
export function canRefund(order: Pick<AdminOrderView, "status" | "paidCents" | "payments">): boolean {
  return REFUNDABLE.includes(order.status) && order.paidCents > 0 && summarise(order.payments).refundableCents > 0;
}

/**
 * One order as staff see it: its status and what it means now, its lines and totals, the money paid and
 * refunded with each payment and refund, its schedule, its history with the reasons given, and the
 * actions its status allows (cancel, refund, retry a refund, the schedule's). Dates are the agency's.
 */
export function OrderDetail({
  order,
  language,
  timeZone,
  sandbox,
  busy,
  onCancel,
  onRefunded,
  onRetryRefund,
  onSchedule,
}: {
  order: AdminOrderView;
  language: string;
  timeZone: string;
  /** The test provider: its test bank can settle a bank transfer on demand. */
  sandbox: boolean;
  busy: boolean;
  onCancel(): void;
  onRefunded(order: AdminOrderView, amountCents: number): void;
  onRetryRefund(refund: StaffPaymentView): void;
  onSchedule(action: ScheduleAction): void;
}) {
  const { t } = useTranslation("admin");
  const [refunding, setRefunding] = useState(false);
  const refunded = useRef(false);
  const paymentsHeading = useRef<HTMLHeadingElement>(null);
  const money = summarise(order.payments);
  const detail = statusDetail(order, t, language, timeZone);
  const when = (iso: string) => staffDateTime(iso, language, timeZone);
  return (
    <section
      aria-labelledby="order-detail-heading"
      className="rounded-xl border border-border bg-white p-5"
      data-testid="admin-order-detail"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="order-detail-heading" tabIndex={-1} className="font-display text-2xl font-semibold focus:outline-none">
          {t("orders.detailHeading", { number: order.number })}
        </h2>
        <Badge tone={statusTone(order.status)} data-testid="admin-order-status">
          {statusLabel(order.status, t)}
        </Badge>
      </div>
      {detail ? (
        <p className="mt-2 text-sm" data-testid="admin-order-status-detail">
          {detail}
        </p>
      ) : null}
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t("orders.customer")}</dt>
          <dd className="break-words">
            {order.customerFirstName} {order.customerLastName}
            <br />
            <a className="text-primary underline" href={`mailto:${order.customerEmail}`}>
              {order.customerEmail}
            </a>
            {order.customerPhone ? <span className="block">{order.customerPhone}</span> : null}
            {order.customerCompany ? <span className="block">{order.customerCompany}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("orders.placed")}</dt>
          <dd>
            <time dateTime={order.createdAt}>{when(order.createdAt)}</time> · {order.language.toUpperCase()}
          </dd>
        </div>
      </dl>

      <h3 className="mt-5 font-semibold">{t("orders.lines")}</h3>
      <ul className="mt-2 divide-y divide-border text-sm" data-testid="admin-order-lines">
        {order.orderItems.map((item, index) => (
          <li key={`${index}-${item.serviceId}`} className="flex justify-between gap-3 py-2">
            <span>
              {item.serviceName} <span className="text-muted-foreground">× {item.quantity}</span>
            </span>
            <span className="tabular-nums">{formatCents(item.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <MoneySummary
        size="compact"
        className="mt-2 border-t border-border pt-2"
        testId="admin-order-money"
        lines={[
          { label: t("orders.subtotal"), amount: formatCents(order.subtotalCents) },
          order.discountCents > 0 && {
            label: order.promoCode ? t("orders.discountWithCode", { code: order.promoCode }) : t("orders.discount"),
            amount: `−${formatCents(order.discountCents)}`,
          },
          { label: t("orders.total"), amount: formatCents(order.totalCents), total: true },
          {
            label: t("orders.paidToDate"),
            amount: formatCents(order.paidCents),
            ruled: true,
            testId: "admin-order-paid",
          },
          {
            label: t("orders.refundedToDate"),
            amount: order.refundedCents > 0 ? `−${formatCents(order.refundedCents)}` : formatCents(0),
            testId: "admin-order-refunded",
          },
          money.pendingRefundCents > 0 && {
            label: t("orders.refundPending"),
            amount: `−${formatCents(money.pendingRefundCents)}`,
          },
          order.paidCents > 0 && { label: t("orders.refundable"), amount: formatCents(money.refundableCents) },
        ]}
      />

      <OrderPayments
        ref={paymentsHeading}
        payments={order.payments}
        schedule={order.schedule}
        language={language}
        timeZone={timeZone}
        busy={busy}
        onRetry={onRetryRefund}
      />

      {order.schedule.length > 0 ? (
        <div className="mt-5 overflow-x-auto" data-testid="admin-order-schedule">
          <ScheduleTable schedule={order.schedule} monthly={order.paymentPlan === "monthly"} timeZone={timeZone} />
          <div className="mt-3 flex flex-wrap gap-2">
            {order.schedule.some((entry) => entry.status === "failed" && entry.position > 1) ? (
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => onSchedule("instalments/retry")}
                data-testid="admin-instalment-retry"
              >
                <Icon name="rotate-ccw" size={16} aria-hidden="true" />
                {t("orders.retryInstalment")}
              </Button>
            ) : null}
            {hasOpenSchedule(order) ? (
              <DestructiveButton
                text={t("orders.cancelSchedule")}
                icon="x"
                busy={busy}
                testId="admin-schedule-cancel"
                confirm={{
                  title: t("orders.cancelScheduleTitle"),
                  description: t("orders.cancelScheduleDescription", { number: order.number }),
                  confirm: t("orders.cancelScheduleConfirm"),
                  cancel: t("orders.keep"),
                }}
                onConfirm={() => onSchedule("instalments/cancel")}
              />
            ) : null}
          </div>
        </div>
      ) : null}
      {sandbox &&
      order.payments.some(
        (payment) =>
          payment.kind === "charge" && payment.status === "processing" && payment.method === "us_bank_account",
      ) ? (
        <p className="mt-4">
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onSchedule("settle-bank-transfer")}
            data-testid="admin-settle-bank"
          >
            {t("orders.settleBank")}
          </Button>
        </p>
      ) : null}

      <h3 className="mt-5 font-semibold">{t("orders.history")}</h3>
      <ol className="mt-2 space-y-2 text-sm" data-testid="admin-order-history">
        {order.history.map((entry, index) => (
          <li key={index} className="rounded-lg bg-muted/60 px-3 py-2">
            <p className="font-medium">
              {HISTORY_CAUSES.has(entry.cause) ? t(`orders.causes.${entry.cause}`) : entry.cause}
            </p>
            {entry.from && statusLabel(entry.from as OrderStatus, t) !== statusLabel(entry.to as OrderStatus, t) ? (
              <p>
                {t("orders.historyEntry", {
                  from: statusLabel(entry.from as OrderStatus, t),
                  to: statusLabel(entry.to as OrderStatus, t),
                })}
              </p>
            ) : null}
            {entry.detail ? (
              <p className="break-words">
                {entry.cause === "refund_requested" ? t("orders.refundReason", { reason: entry.detail }) : entry.detail}
              </p>
            ) : null}
            <p className="text-muted-foreground">
              <time dateTime={entry.at}>{when(entry.at)}</time>
              {entry.actor ? ` · ${t("orders.by", { actor: entry.actor })}` : ""}
              {entry.eventId ? ` · ${t("orders.event", { id: entry.eventId })}` : ""}
            </p>
          </li>
        ))}
      </ol>

      <div className="mt-5 flex flex-wrap gap-2">
        {canCancel(order.status) ? (
          <DestructiveButton
            text={t("orders.cancel")}
            icon="x"
            busy={busy}
            testId="admin-order-cancel"
            confirm={{
              title: t("orders.cancelTitle"),
              description: t("orders.cancelDescription", { number: order.number }),
              confirm: t("orders.cancelConfirm"),
              cancel: t("orders.keep"),
            }}
            onConfirm={onCancel}
          />
        ) : null}
        {canRefund(order) ? (
          <Button
            size="sm"
            variant="outline"
            className="text-destructive"
            disabled={busy}
            onClick={() => {
              refunded.current = false;
              setRefunding(true);
            }}
            data-testid="admin-order-refund"
          >
            <Icon name="rotate-ccw" size={16} aria-hidden="true" />
            {t("orders.refund")}
          </Button>
        ) : null}
      </div>
      {refunding ? (
        <RefundDialog
          order={order}
          onClose={() => setRefunding(false)}
          onClosed={() => {
            if (!refunded.current) return false;
            // After a refund, the reader goes where it is now listed.
            requestAnimationFrame(() => paymentsHeading.current?.focus());
            return true;
          }}
          onRefunded={(view, amountCents) => {
            refunded.current = true;
            setRefunding(false);
            onRefunded(view, amountCents);
          }}
        />
      ) : null}
    </section>
  );
}
