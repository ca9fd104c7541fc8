import { data } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { DomainError } from "../../core/errors.ts";
import { formatCents } from "../../core/money/money.ts";
import { methodText, paymentMethodText } from "../../core/orders/emails.ts";
import { formatDay, refundNotice, statusDetail, statusLabel, statusTone } from "../../core/orders/status-text.ts";
import { Badge } from "../components/ui/badge.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { receiptPdfPath, type OrderView } from "../lib/orders-api.ts";
import { ScheduleTable } from "../components/schedule-table.tsx";
import { useAgencyTimeZone } from "../lib/time-zone.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/receipt";
import { MoneySummary } from "../components/money-summary.tsx";
import { LineItemsTable } from "../components/line-items-table.tsx";
import { MissingPage } from "../components/missing-page.tsx";

/**
 * The receipt, read on the server by its signed token (a wrong or altered token is a 404 that reveals
 * nothing), with the company details from the configuration.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  const meta = pageMeta(args, { title: "checkout:receipt.metaTitle", description: "checkout:receipt.metaDescription" });
  try {
    return { receipt: await context.services.checkout.receiptByToken(params.token), meta };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found")
      return data({ receipt: null, meta }, { status: 404 });
    throw error;
  }
}

// A receipt's address is a bearer link: never indexed, never sent on to another site.
export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...metaTags(loaded?.meta),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/** Each charge and refund that moved (or is moving) money, oldest first: date, method, status and amount. */
function PaymentLines({ order, timeZone }: { order: OrderView; timeZone: string }) {
  const { t, i18n } = useTranslation("checkout");
  const lines = order.payments.filter(
    (payment) => payment.status !== "cancelled" && payment.status !== "requires_payment",
  );
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="receipt-payments-title" className="mt-8" data-testid="receipt-payments">
      <h2 id="receipt-payments-title" className="font-semibold">
        {t("orders:receipt.payments")}
      </h2>
      <ul className="mt-2 divide-y divide-border/60 border-y border-border/60 text-sm">
        {lines.map((payment) => {
          const method = methodText(payment, order.payment?.provider ?? null, t);
          const refund = payment.kind === "refund";
          return (
            <li key={payment.id} className="flex items-start justify-between gap-4 py-3" data-testid="receipt-payment">
              <div className="min-w-0">
                <p className="font-medium">
                  <time dateTime={payment.settledAt ?? payment.createdAt}>
                    {formatDay(payment.settledAt ?? payment.createdAt, i18n.language, timeZone)}
                  </time>
                </p>
                <p className="text-muted-foreground break-words">
                  {refund ? t("receipt.refundTo", { method }) : method} ·{" "}
                  {t(`orders:paymentStatuses.${payment.kind}.${payment.status}`)}
                </p>
              </div>
              <p className="shrink-0 font-medium whitespace-nowrap tabular-nums">
                {refund ? `−${formatCents(payment.amountCents)}` : formatCents(payment.amountCents)}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * /receipt/:token, the printable receipt: the company details, the order number, date, status and what
 * it means now, lines, discount, tax, total, what was paid to date and refunded, each payment and refund
 * (date, method, amount, status), the schedule still to come, with Print and a PDF download. The signed
 * token in the address is what opens it, on any device (the receipt e-mail's link). Laid out for a
 * 390 px phone: the quantity and unit price fold under the line's name, amounts never wrap.
 */
export default function Receipt({ params, loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("checkout");
  const timeZone = useAgencyTimeZone();
  const token = params.token;
  const receipt = loaderData.receipt;

  if (!receipt) {
    return <MissingPage testId="receipt-missing" title={t("receipt.notFoundTitle")} text={t("receipt.notFoundText")} />;
  }

  const company = receipt.company;
  const date = receipt.paidAt ?? receipt.createdAt;
  const customer = [receipt.customerFirstName, receipt.customerLastName].join(" ");
  const detail = statusDetail(receipt, t, i18n.language, timeZone);
  const notice = refundNotice(receipt, t);

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap justify-end gap-3 print:hidden">
        <Button variant="outline" onClick={() => window.print()} data-testid="receipt-print">
          <Icon name="printer" size={18} aria-hidden="true" />
          {t("receipt.print")}
        </Button>
        <a
          href={receiptPdfPath(receipt, token)}
          className={buttonClasses("primary")}
          download
          data-testid="receipt-pdf"
        >
          <Icon name="download" size={18} aria-hidden="true" />
          {t("receipt.downloadPdf")}
        </a>
      </div>
      <article
        className="rounded-xl border border-border bg-white p-5 shadow-sm sm:p-10 print:border-0 print:shadow-none"
        data-testid="receipt"
      >
        <header className="flex flex-wrap items-start justify-between gap-6 border-b border-border pb-6">
          <div>
            <h1 className="font-display text-4xl font-semibold">{t("receipt.title")}</h1>
            <p className="mt-1 font-mono text-lg" data-testid="receipt-number">
              {t("receipt.orderNumber", { number: receipt.number })}
            </p>
          </div>
          {company ? (
            <address className="text-sm not-italic text-muted-foreground sm:text-right" data-testid="receipt-company">
              <span className="block text-xs uppercase tracking-wide">{t("receipt.from")}</span>
              <span className="block font-semibold text-foreground">{company.name}</span>
              {company.address ? <span className="block">{company.address}</span> : null}
              {company.email ? <span className="block break-all">{company.email}</span> : null}
              {company.phone ? <span className="block">{company.phone}</span> : null}
            </address>
          ) : null}
        </header>
        <div className="grid gap-4 border-b border-border py-6 text-sm sm:grid-cols-2">
          <dl>
            <dt className="text-muted-foreground">{t("receipt.billedTo")}</dt>
            <dd className="mt-0.5">
              <span className="block font-medium">{customer}</span>
              {receipt.customerCompany ? <span className="block">{receipt.customerCompany}</span> : null}
              <span className="block break-all">{receipt.customerEmail}</span>
            </dd>
          </dl>
          {/* The status goes under the date when both do not fit side by side: a long French status ("Partiellement remboursée") stays on one line. */}
          <dl className="flex flex-wrap content-start gap-x-6 gap-y-4">
            <div>
              <dt className="text-muted-foreground">{receipt.paidAt ? t("receipt.paidOn") : t("receipt.date")}</dt>
              <dd className="mt-0.5 font-medium">
                <time dateTime={date}>{formatDay(date, i18n.language, timeZone)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("receipt.status")}</dt>
              <dd className="mt-1">
                <Badge tone={statusTone(receipt.status)} className="whitespace-nowrap" data-testid="receipt-status">
                  {statusLabel(receipt.status, t)}
                </Badge>
              </dd>
            </div>
            {receipt.payment ? (
              <div className="basis-full">
                <dt className="text-muted-foreground">{t("receipt.paymentMethod")}</dt>
                <dd className="mt-0.5 font-medium" data-testid="receipt-card">
                  {paymentMethodText(receipt, t)}
                </dd>
              </div>
            ) : null}
          </dl>
          {detail || notice ? (
            <div
              className="space-y-1 rounded-lg bg-muted/60 px-4 py-3 sm:col-span-2"
              data-testid="receipt-status-detail"
            >
              {detail ? <p>{detail}</p> : null}
              {notice ? <p>{notice}</p> : null}
            </div>
          ) : null}
        </div>
        <LineItemsTable
          className="mt-6"
          headings={[t("receipt.description"), t("receipt.quantity"), t("receipt.unitPrice"), t("receipt.amount")]}
          lines={receipt.orderItems.map((item) => ({
            key: item.id,
            name: item.serviceName,
            quantity: item.quantity,
            unitCents: item.unitPriceCents,
            amountCents: item.lineTotalCents,
          }))}
          folded={(line) =>
            t("receipt.quantityTimesPrice", { quantity: line.quantity, price: formatCents(line.unitCents) })
          }
        />
        <MoneySummary
          className="ml-auto mt-6 w-full max-w-xs"
          lines={[
            { label: t("receipt.subtotal"), amount: formatCents(receipt.subtotalCents) },
            receipt.discountCents > 0 && {
              label: receipt.promoCode
                ? t("receipt.discountWithCode", { code: receipt.promoCode })
                : t("receipt.discount"),
              amount: `−${formatCents(receipt.discountCents)}`,
              testId: "receipt-discount",
            },
            { label: t("receipt.tax"), amount: formatCents(receipt.taxCents) },
            {
              label: t("receipt.total"),
              amount: formatCents(receipt.totalCents),
              total: true,
              testId: "receipt-total",
            },
            { label: t("orders:receipt.paidToDate"), amount: formatCents(receipt.paidCents), testId: "receipt-paid" },
            receipt.refundedCents > 0 && {
              label: t("orders:receipt.refunded"),
              amount: `−${formatCents(receipt.refundedCents)}`,
              testId: "receipt-refunded",
            },
          ]}
        />
        <PaymentLines order={receipt} timeZone={timeZone} />
        {receipt.schedule.length > 1 || receipt.paymentPlan === "monthly" ? (
          <div className="mt-8">
            <ScheduleTable
              schedule={receipt.schedule}
              monthly={receipt.paymentPlan === "monthly"}
              timeZone={timeZone}
            />
          </div>
        ) : null}
        <p className="mt-10 text-center text-sm text-muted-foreground">{t("receipt.thanks")}</p>
      </article>
    </main>
  );
}
