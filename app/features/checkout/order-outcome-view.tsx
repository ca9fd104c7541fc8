import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { formatCents } from "../../../core/money/money.ts";
import { refundNotice, statusDetail, statusLabel, statusTone } from "../../../core/orders/status-text.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Icon, type IconName } from "../../components/ui/icon.tsx";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { useAgencyTimeZone } from "../../lib/time-zone.ts";
import { cn } from "../../lib/cn.ts";
import { automaticRefundOf, moneyReceived, nextStepKeys, orderOutcome, type OrderOutcome } from "./order-outcome.ts";
import type { OrderView } from "../../lib/orders-api.ts";
import { NextSteps } from "./next-steps.tsx";

/**
 * The success pages' shared parts (/checkout/success, /payment-success): the heading that says what is
 * true now, the order's facts with its status in the one vocabulary (orders:statuses and its sentence),
 * the money received and given back, what happens next, and the receipt. The pages add their own
 * details around them, in the frame of outcome-page.tsx.
 */

/** The order's status as a badge; while the page waits for the provider, "Being confirmed" (never "Awaiting payment"). */
export function OrderStatusBadge({
  order,
  ...props
}: {
  order: Pick<OrderView, "status" | "payments" | "paymentMethodType">;
  "data-testid"?: string;
}) {
  const { t } = useTranslation("checkout");
  if (orderOutcome(order) === "confirming") {
    return (
      <Badge tone="warning" {...props}>
        {t("success.confirming")}
      </Badge>
    );
  }
  return (
    <Badge tone={statusTone(order.status)} {...props}>
      {statusLabel(order.status, t)}
    </Badge>
  );
}

/** One fact of the order under a success page's heading: its label, and its value (with the value's look). */
export interface OutcomeFact {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  className?: string;
  valueClassName?: string;
}

/**
 * The order's facts in a grid: the page's reference to it (order number, transaction id), its status
 * (always second, as a badge in the one vocabulary), then the page's own last fact (date, total).
 */
export function OutcomeFacts({
  order,
  reference,
  last,
  className,
}: {
  order: OrderView;
  reference: OutcomeFact;
  last: OutcomeFact;
  className?: string;
}) {
  const { t } = useTranslation("checkout");
  return (
    <dl className={cn("grid gap-4 text-sm sm:grid-cols-3", className)}>
      <Fact {...reference} />
      <div>
        <dt className="text-muted-foreground">{t("success.status")}</dt>
        <dd className="mt-1">
          <OrderStatusBadge order={order} data-testid="success-status" />
        </dd>
      </div>
      <Fact {...last} />
    </dl>
  );
}

function Fact({ label, value, testId, className, valueClassName }: OutcomeFact) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground break-words">{label}</dt>
      <dd className={cn("mt-0.5", valueClassName)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const LOOKS: Record<OrderOutcome, { icon: IconName; tone: string }> = {
  confirming: { icon: "loader-2", tone: "bg-amber-100 text-amber-800" },
  paid: { icon: "circle-check", tone: "bg-green-100 text-green-700" },
  partlyPaid: { icon: "circle-check", tone: "bg-green-100 text-green-700" },
  processing: { icon: "landmark", tone: "bg-amber-100 text-amber-800" },
  failed: { icon: "alert-circle", tone: "bg-red-100 text-destructive" },
  refunded: { icon: "rotate-ccw", tone: "bg-muted text-foreground" },
  cancelled: { icon: "x", tone: "bg-muted text-muted-foreground" },
};

/**
 * The page's heading and its sentence: "Payment Successful!" (or the page's own title) with what was
 * paid; Partly paid with the instalments; a bank transfer processing; Payment failed and what to do;
 * a refund and why Atelier made it. A live region: it changes as the provider answers.
 */
export function OutcomeHeading({
  order,
  waiting,
  gaveUp,
  paidTitle,
}: {
  order: OrderView;
  waiting: boolean;
  gaveUp: boolean;
  paidTitle: string;
}) {
  const { t, i18n } = useTranslation("checkout");
  const timeZone = useAgencyTimeZone();
  const outcome = orderOutcome(order);
  const detail = statusDetail(order, t, i18n.language, timeZone);
  const notice = refundNotice(order, t);
  let title: string;
  let text: ReactNode = detail;
  switch (outcome) {
    case "confirming":
      title = t("success.waitingTitle");
      text = gaveUp ? t("success.stillWaiting") : t("success.waitingText");
      break;
    case "paid":
    case "partlyPaid":
      title = paidTitle;
      break;
    case "processing":
      title = t("success.bankProcessingTitle");
      break;
    case "refunded":
      title = automaticRefundOf(order) ? t("success.notCompletedTitle") : statusLabel(order.status, t);
      text = notice ?? detail;
      break;
    case "failed":
    case "cancelled":
      title = statusLabel(order.status, t);
      break;
  }
  const look = LOOKS[outcome];
  return (
    <header className="text-center" role="status" aria-live="polite" aria-busy={waiting}>
      <span className={`mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full ${look.tone}`}>
        <Icon
          name={look.icon}
          size={34}
          aria-hidden="true"
          className={outcome === "confirming" && waiting ? "animate-spin" : undefined}
        />
      </span>
      <h1
        className="mt-5 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
        data-testid="success-title"
      >
        {title}
      </h1>
      {text ? (
        <p className="mx-auto mt-3 max-w-xl text-balance text-muted-foreground" data-testid="success-detail">
          {text}
        </p>
      ) : null}
    </header>
  );
}

/** "Paid to date" and "Refunded" under a total, when they are not simply the total. */
export function MoneyRows({
  order,
}: {
  order: Pick<OrderView, "status" | "totalCents" | "paidCents" | "refundedCents">;
}) {
  const { t } = useTranslation("checkout");
  const rows: Array<{ key: string; label: string; value: string }> = [];
  if (order.paidCents > 0 && (order.paidCents !== order.totalCents || order.refundedCents > 0))
    rows.push({ key: "paid", label: t("orders:receipt.paidToDate"), value: formatCents(order.paidCents) });
  if (order.refundedCents > 0)
    rows.push({ key: "refunded", label: t("orders:receipt.refunded"), value: `−${formatCents(order.refundedCents)}` });
  return rows.map((row) => (
    <div key={row.key} className="flex justify-between gap-4" data-testid={`success-${row.key}`}>
      <dt className="text-muted-foreground">{row.label}</dt>
      <dd className="font-medium whitespace-nowrap tabular-nums">{row.value}</dd>
    </div>
  ));
}

/** What happens next for this outcome (nothing for a failed, cancelled or unconfirmed payment). */
export function OutcomeNextSteps({ order }: { order: OrderView }) {
  const { t } = useTranslation("checkout");
  const keys = nextStepKeys(order);
  return keys.length > 0 ? (
    <NextSteps title={t("success.nextTitle")} steps={keys.map((key) => t(`success.${key}`))} />
  ) : null;
}

/** View Receipt, whenever money was received; Try Again (to `retryTo`) after a failed payment. */
export function OutcomeActions({
  order,
  retryTo,
  children,
}: {
  order: OrderView;
  retryTo: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("checkout");
  const receipt = moneyReceived(order);
  const retry = order.status === "failed";
  if (!receipt && !retry && !children) return null;
  return (
    <p className="flex flex-wrap justify-center gap-3">
      {retry ? (
        <LocalizedLink to={retryTo} className={buttonClasses("primary", "lg")} data-testid="try-again">
          <Icon name="rotate-ccw" size={18} aria-hidden="true" />
          {t("success.tryAgain")}
        </LocalizedLink>
      ) : null}
      {receipt ? (
        <LocalizedLink to={order.receiptUrl} className={buttonClasses("outline", "lg")} data-testid="view-receipt">
          <Icon name="receipt" size={18} aria-hidden="true" />
          {t("success.viewReceipt")}
        </LocalizedLink>
      ) : null}
      {children}
    </p>
  );
}
