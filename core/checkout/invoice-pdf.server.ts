import { formatCents } from "../money/money.ts";
import { methodText } from "../orders/emails.ts";
import { renderReceiptDocument, type ReceiptCompany } from "../orders/receipt-pdf.server.ts";
import { formatDay } from "../orders/status-text.ts";
import type { InvoiceView, SubscriptionView } from "./subscriptions.server.ts";

/** A subscription invoice's receipt as a PDF, in the subscriber's language: the plan, the month it paid, the card. */
export function renderInvoicePdf(
  subscription: SubscriptionView,
  invoice: InvoiceView,
  company: ReceiptCompany,
  timeZone: string,
  t: (key: string, params?: Record<string, unknown>) => string,
): Promise<Buffer> {
  const language = subscription.language;
  const day = (iso: string | null) => (iso ? formatDay(iso, language, timeZone) : "");
  const period =
    invoice.periodStart && invoice.periodEnd
      ? t("payments:manage.period", { start: day(invoice.periodStart), end: day(invoice.periodEnd) })
      : "";
  const amount = formatCents(invoice.amountCents);
  return renderReceiptDocument(
    {
      language,
      title: t("payments:manage.invoiceTitle", { number: invoice.id.slice(0, 8).toUpperCase() }),
      facts: [
        [t("orders:receipt.date"), day(invoice.paidAt)],
        [t("orders:receipt.status"), t(`payments:manage.invoiceStatuses.${invoice.status}`)],
        [t("orders:receipt.customer"), `${subscription.customerName} <${subscription.customerEmail}>`],
        [
          t("orders:receipt.paymentMethod"),
          methodText({ brand: invoice.brand, last4: invoice.last4, method: "card" }, null, t),
        ],
      ],
      columns: [
        t("orders:receipt.item"),
        t("orders:receipt.quantity"),
        t("orders:receipt.unitPrice"),
        t("orders:receipt.lineTotal"),
      ],
      lines: [[period ? `${subscription.plan}\n${period}` : subscription.plan, "1", amount, amount]],
      totals: [[t("orders:receipt.total"), amount]],
      sections: [],
      closing: t("orders:receipt.thanks", { company: company.name }),
    },
    company,
  );
}
