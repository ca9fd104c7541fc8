import { useTranslation } from "../../i18n/react.tsx";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { MoneySummary } from "../../components/money-summary.tsx";

/** A line as the summary shows it, from the browser's draft or from the server's order. */
export interface SummaryLine {
  key: string;
  name: string;
  description: string;
  pricingType: "fixed" | "custom";
  hotDeal: boolean;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
}

export interface SummaryFigures {
  subtotalCents: number;
  discountCents: number;
  promoCode: string | null;
  totalCents: number;
}

/**
 * The order summary of /checkout (specification 001, section 2): each line with its name, description,
 * "Fixed Price" or "Custom Price" badge, quantity, unit price and line total; the subtotal, the discount
 * with its code when above 0, "Tax: Calculated at checkout" and the total. Once the order exists the
 * figures are the server's (`orderNumber` is then shown and `confirmed` says so).
 */
export function CheckoutSummary({
  lines,
  figures,
  orderNumber,
}: {
  lines: readonly SummaryLine[];
  figures: SummaryFigures;
  orderNumber?: string | null;
}) {
  const { t } = useTranslation("checkout");
  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="rounded-xl border border-border bg-white p-6 shadow-sm"
      data-testid="checkout-summary"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="checkout-summary-title" className="font-display text-2xl font-semibold">
          {t("summary.title")}
        </h2>
        {orderNumber ? (
          <p className="text-sm font-medium text-muted-foreground" data-testid="checkout-order-number">
            {t("summary.orderNumber", { number: orderNumber })}
          </p>
        ) : null}
      </div>
      <ul className="mt-5 divide-y divide-border" data-testid="checkout-lines">
        {lines.map((line) => (
          <li key={line.key} className="flex gap-4 py-3 first:pt-0" data-testid="checkout-line">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{line.name}</p>
              {line.description ? (
                <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{line.description}</p>
              ) : null}
              <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <Badge tone={line.pricingType === "fixed" ? "neutral" : "primary"}>
                  {line.pricingType === "fixed" ? t("summary.fixedPrice") : t("summary.customPrice")}
                </Badge>
                {line.hotDeal ? <Badge tone="warning">{t("summary.hotDeal")}</Badge> : null}
                <span>{t("summary.quantity", { count: line.quantity })}</span>
                <span>{t("summary.unitPrice", { price: formatCents(line.unitPriceCents) })}</span>
              </div>
            </div>
            <p className="shrink-0 font-medium tabular-nums" data-testid="checkout-line-total">
              <span className="sr-only">{t("summary.lineTotal")}: </span>
              {formatCents(line.totalCents)}
            </p>
          </li>
        ))}
      </ul>
      <MoneySummary
        size="large"
        className="mt-4 border-t border-border pt-4"
        lines={[
          { label: t("summary.subtotal"), amount: formatCents(figures.subtotalCents), testId: "checkout-subtotal" },
          figures.discountCents > 0 && {
            label: figures.promoCode
              ? t("summary.discountWithCode", { code: figures.promoCode })
              : t("summary.discount"),
            amount: `−${formatCents(figures.discountCents)}`,
            tone: "success",
            testId: "checkout-discount",
          },
          { label: t("summary.tax"), amount: t("summary.taxCalculated"), tone: "muted" },
          { label: t("summary.total"), amount: formatCents(figures.totalCents), total: true, testId: "checkout-total" },
        ]}
      />
      {orderNumber ? (
        <p className="mt-3 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Icon name="check" size={14} aria-hidden="true" className="shrink-0" />
          {t("summary.confirmed")}
        </p>
      ) : null}
    </section>
  );
}
