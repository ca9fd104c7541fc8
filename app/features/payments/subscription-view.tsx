import { useTranslation } from "../../i18n/react.tsx";
import type { InvoiceView, SubscriptionView } from "../../../core/checkout/subscriptions.server.ts";
import { formatCents } from "../../../core/money/money.ts";
import { api } from "../../lib/api.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { formatDueDate } from "../../components/schedule-table.tsx";

export type { InvoiceView, SubscriptionView };

/** The subscription a signed management link names (GET /api/subscriptions/manage/{token}). */
export async function fetchSubscription(token: string, signal?: AbortSignal): Promise<SubscriptionView> {
  return (await api<{ data: SubscriptionView }>(`/api/subscriptions/manage/${encodeURIComponent(token)}`, { signal }))
    .data;
}

/** An invoice's receipt (PDF), by the management link's token. */
export function invoicePdfPath(token: string, invoiceId: string): string {
  return `/api/subscriptions/manage/${encodeURIComponent(token)}/invoices/${encodeURIComponent(invoiceId)}.pdf`;
}

/** The subscription's page, where its subscriber cancels or keeps it (no account needed). */
export function managePath(token: string): string {
  return `/subscription/${encodeURIComponent(token)}`;
}

/** The invoice its first month was paid with (the latest paid one). */
export function paidInvoice(subscription: Pick<SubscriptionView, "invoices">): InvoiceView | null {
  return subscription.invoices.find((invoice) => invoice.status === "paid") ?? null;
}

/** The card an invoice was paid with, as receipts write it ("Visa •••• 4242"), or null. */
export function cardText(invoice: Pick<InvoiceView, "brand" | "last4">): string | null {
  return invoice.brand && invoice.last4
    ? `${invoice.brand.charAt(0).toUpperCase()}${invoice.brand.slice(1)} •••• ${invoice.last4}`
    : null;
}

const STATUS_TONES = { incomplete: "warning", active: "success", past_due: "danger", cancelled: "neutral" } as const;
const INVOICE_TONES = { paid: "success", failed: "danger", refunded: "neutral", pending: "warning" } as const;

/** The subscription's status in the subscriber's words (Active, Payment overdue...). */
export function SubscriptionStatusBadge({ subscription }: { subscription: Pick<SubscriptionView, "status"> }) {
  const { t } = useTranslation("payments");
  return (
    <Badge tone={STATUS_TONES[subscription.status]} data-testid="subscription-status">
      {t(`manage.statuses.${subscription.status}`)}
    </Badge>
  );
}

/**
 * What comes next, in one sentence: the next charge and its date, "Ends on {date}" once set to end,
 * an ended subscription, a renewal that failed, or a first payment not made.
 */
export function useRenewalText(
  subscription: SubscriptionView,
  timeZone: string,
): { title: string; text: string | null } {
  const { t, i18n } = useTranslation("payments");
  const day = (iso: string) => formatDueDate(iso, i18n.language, timeZone);
  if (subscription.status === "cancelled") return { title: t("manage.ended"), text: null };
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd)
    return { title: t("manage.endsOn", { date: day(subscription.currentPeriodEnd) }), text: t("manage.endsOnText") };
  if (subscription.status === "past_due")
    return { title: t("manage.statuses.past_due"), text: t("manage.pastDueText") };
  if (subscription.nextCharge)
    return {
      title: t("manage.nextCharge", {
        amount: formatCents(subscription.nextCharge.amountCents),
        date: day(subscription.nextCharge.date),
      }),
      text: null,
    };
  return { title: t("manage.statuses.incomplete"), text: t("manage.incompleteText") };
}

/** Each invoice, newest first: the month it pays for, when it was paid, its amount, status and receipt (PDF). */
export function InvoiceList({
  subscription,
  token,
  timeZone,
}: {
  subscription: SubscriptionView;
  token: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("payments");
  const day = (iso: string) => formatDueDate(iso, i18n.language, timeZone);
  if (subscription.invoices.length === 0)
    return <p className="text-sm text-muted-foreground">{t("manage.noInvoices")}</p>;
  return (
    <ul className="divide-y divide-border/60 border-y border-border/60 text-sm" data-testid="invoice-list">
      {subscription.invoices.map((invoice) => {
        const date = invoice.paidAt ?? invoice.periodStart;
        const receipt = invoice.status === "paid" || invoice.status === "refunded";
        return (
          <li
            key={invoice.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
            data-testid="invoice-row"
          >
            <div className="min-w-0">
              <p className="font-medium">
                {date ? (
                  <time dateTime={date}>{day(date)}</time>
                ) : (
                  t("manage.invoiceTitle", { number: invoice.id.slice(0, 8).toUpperCase() })
                )}
              </p>
              {invoice.periodStart && invoice.periodEnd ? (
                <p className="text-muted-foreground">
                  {t("manage.period", { start: day(invoice.periodStart), end: day(invoice.periodEnd) })}
                </p>
              ) : null}
            </div>
            <div className="ml-auto flex items-center gap-3">
              <Badge tone={INVOICE_TONES[invoice.status]}>{t(`manage.invoiceStatuses.${invoice.status}`)}</Badge>
              <span className="font-medium whitespace-nowrap tabular-nums">{formatCents(invoice.amountCents)}</span>
              {receipt ? (
                <a
                  href={invoicePdfPath(token, invoice.id)}
                  className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-primary underline underline-offset-2"
                  aria-label={date ? t("manage.receiptOf", { date: day(date) }) : undefined}
                  data-testid="invoice-receipt"
                >
                  <Icon name="download" size={16} aria-hidden="true" />
                  {t("manage.receipt")}
                </a>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
