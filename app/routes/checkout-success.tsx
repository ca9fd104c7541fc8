import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { formatCents } from "../../core/money/money.ts";
import { Badge } from "../components/ui/badge.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { useCartDispatch } from "../features/cart/use-cart-dispatch.ts";
import { FROM_CART_PARAM, FROM_CART_VALUE } from "../features/cart/checkout-link.ts";
import { receiptPdfPath, SETTLED_STATUSES, type OrderView } from "../features/checkout/orders-api.ts";
import { STATUS_POLL, useOrderStatus } from "../features/checkout/use-order-status.ts";
import { formatPostDate } from "../features/blog/format-date.ts";
import { LocalizedLink } from "../features/i18n/localized-link.tsx";
import { metaTags } from "../features/layout/page-meta.ts";
import { pageMeta } from "../features/layout/page-meta.server.ts";
import { NextSteps } from "../features/checkout/next-steps.tsx";
import type { Route } from "./+types/checkout-success";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "checkout:success.metaTitle", description: "checkout:success.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

function Heading({ icon, tone, title, text }: { icon: "circle-check" | "loader-2" | "alert-circle" | "x"; tone: string; title: string; text: string }) {
  return (
    <header className="text-center">
      <span className={`mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full ${tone}`}>
        <Icon name={icon} size={34} aria-hidden="true" className={icon === "loader-2" ? "animate-spin" : undefined} />
      </span>
      <h1 className="mt-5 font-display text-4xl font-semibold tracking-tight" data-testid="success-title">
        {title}
      </h1>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{text}</p>
    </header>
  );
}

function OrderDetails({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation("checkout");
  const paid = order.status === "paid" || order.status === "refunded";
  return (
    <section aria-labelledby="order-details-title" className="rounded-xl border border-border bg-white p-6 shadow-sm" data-testid="order-details">
      <h2 id="order-details-title" className="sr-only">
        {t("success.orderNumber")}
      </h2>
      <dl className="grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{t("success.orderNumber")}</dt>
          <dd className="mt-0.5 font-mono text-base font-semibold" data-testid="success-order-number">
            #{order.number}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("success.status")}</dt>
          <dd className="mt-1" data-testid="success-status">
            <Badge tone={order.status === "paid" ? "success" : order.status === "failed" || order.status === "cancelled" ? "danger" : "warning"}>{t(`status.${order.status}`)}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("success.date")}</dt>
          <dd className="mt-0.5 font-medium">
            <time dateTime={order.paidAt ?? order.createdAt}>{formatPostDate(order.paidAt ?? order.createdAt, i18n.language)}</time>
          </dd>
        </div>
      </dl>
      <h3 className="mt-6 border-t border-border pt-5 font-semibold">{t("success.items")}</h3>
      <ul className="mt-3 space-y-3" data-testid="success-items">
        {order.orderItems.map((item, index) => (
          <li key={`${index}-${item.serviceId}`} className="flex justify-between gap-4 text-sm">
            <div className="min-w-0">
              <p className="font-medium">{item.serviceName}</p>
              <p className="text-muted-foreground">
                {t("success.quantity", { count: item.quantity })} · {t("summary.unitPrice", { price: formatCents(item.unitPriceCents) })}
              </p>
            </div>
            <p className="shrink-0 font-medium tabular-nums">{formatCents(item.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-5 space-y-2 border-t border-border pt-4 text-sm">
        {order.discountCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t("success.discountApplied")}</dt>
            <dd className="font-medium tabular-nums text-success" data-testid="success-discount">
              −{formatCents(order.discountCents)}
            </dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-4 text-base">
          <dt className="font-semibold">{paid ? t("success.totalPaid") : t("success.total")}</dt>
          <dd className="font-display text-2xl font-semibold tabular-nums" data-testid="success-total">
            {formatCents(order.totalCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * /checkout/success (specification 001, section 2): "Payment Successful!", the order number, status,
 * items, "Discount Applied" and "Total Paid", the what-happens-next list and the way home. An order
 * whose payment is not confirmed yet says so and updates itself (a short, bounded refresh); an order
 * that cannot be read gives "Unable to load order details.".
 */
export default function CheckoutSuccess() {
  const { t } = useTranslation("checkout");
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get("order_id");
  // A bank transfer's answer takes days: its page stops asking once it shows the transfer processing.
  const state = useOrderStatus(orderId, STATUS_POLL, (order) => SETTLED_STATUSES.includes(order.status) || order.paymentMethodType === "us_bank_account");
  const dispatch = useCartDispatch();
  const paidCartCheckout = searchParams.get(FROM_CART_PARAM) === FROM_CART_VALUE && state.kind === "ready" && state.order.status === "paid";

  // A cart checkout's cart is cleared once the payment is confirmed (specification 001, section 4), by
  // the server's word: the provider may bring the browser back here before its webhook.
  useEffect(() => {
    if (paidCartCheckout) dispatch({ type: "clear" });
  }, [paidCartCheckout, dispatch]);

  let content;
  if (state.kind === "loading") {
    content = (
      <p role="status" className="flex items-center justify-center gap-3 rounded-xl border border-border bg-white px-6 py-20 text-muted-foreground">
        <Icon name="loader-2" size={20} aria-hidden="true" className="animate-spin" />
        {t("success.loading")}
      </p>
    );
  } else if (state.kind === "error") {
    content = (
      <div className="rounded-xl border border-border bg-white p-8 text-center" data-testid="success-error">
        <Icon name="alert-circle" size={40} aria-hidden="true" className="mx-auto text-destructive" />
        <h1 className="mt-4 font-display text-2xl font-semibold">{t("success.loadError")}</h1>
      </div>
    );
  } else {
    const { order, waiting, gaveUp } = state;
    const paid = order.status === "paid" || order.status === "refunded";
    const heading =
      order.status === "failed" ? (
        <Heading icon="alert-circle" tone="bg-red-100 text-destructive" title={t("success.failedTitle")} text={order.failureMessage || t("success.failedText")} />
      ) : order.status === "cancelled" ? (
        <Heading icon="x" tone="bg-muted text-muted-foreground" title={t("success.cancelledTitle")} text={t("success.cancelledText")} />
      ) : paid ? (
        <Heading icon="circle-check" tone="bg-green-100 text-green-700" title={t("success.title")} text={t("success.intro")} />
      ) : order.paymentMethodType === "us_bank_account" ? (
        // A bank transfer takes days: the page says so rather than waiting for it.
        <Heading icon="loader-2" tone="bg-amber-100 text-amber-800" title={t("success.bankProcessingTitle")} text={t("success.bankProcessingText")} />
      ) : (
        <Heading icon="loader-2" tone="bg-amber-100 text-amber-800" title={t("success.waitingTitle")} text={gaveUp ? t("success.stillWaiting") : t("success.waitingText")} />
      );
    content = (
      <div className="space-y-8">
        <div role="status" aria-live="polite" aria-busy={waiting}>
          {heading}
        </div>
        <OrderDetails order={order} />
        {order.status === "failed" || order.status === "cancelled" ? null : (
          <NextSteps title={t("success.nextTitle")} steps={(["nextReceipt", "nextConfirmation", "nextContact", "nextSchedule"] as const).map((key) => t(`success.${key}`))} />
        )}
        {paid ? (
          <p className="text-center">
            {order.receiptUrl ? (
              <LocalizedLink to={order.receiptUrl} className={buttonClasses("outline", "lg")} data-testid="view-receipt">
                <Icon name="receipt" size={18} aria-hidden="true" />
                {t("success.viewReceipt")}
              </LocalizedLink>
            ) : (
              <a href={receiptPdfPath(order)} className={buttonClasses("outline", "lg")} data-testid="view-receipt">
                <Icon name="receipt" size={18} aria-hidden="true" />
                {t("success.viewReceipt")}
              </a>
            )}
          </p>
        ) : null}
        {order.status === "failed" ? (
          <p className="text-center">
            <LocalizedLink to="/cart" className={buttonClasses("primary", "lg")}>
              <Icon name="rotate-ccw" size={18} aria-hidden="true" />
              {t("success.tryAgain")}
            </LocalizedLink>
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {orderId ? (
        content
      ) : (
        <div className="rounded-xl border border-border bg-white p-8 text-center" data-testid="success-error">
          <h1 className="font-display text-2xl font-semibold">{t("success.loadError")}</h1>
          <p className="mt-2 text-muted-foreground">{t("success.missingOrder")}</p>
        </div>
      )}
      <p className="mt-8 text-center">
        <LocalizedLink to="/" className={buttonClasses("primary", "lg")} data-testid="return-home">
          {t("success.returnHome")}
        </LocalizedLink>
      </p>
    </main>
  );
}
