import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { formatCents } from "../../core/money/money.ts";
import { formatDay } from "../../core/orders/status-text.ts";
import { useCartDispatch } from "../components/cart/use-cart-dispatch.ts";
import { FROM_CART_PARAM, FROM_CART_VALUE } from "../components/cart/checkout-link.ts";
import type { OrderView } from "../lib/orders-api.ts";
import { MoneyRows, OutcomeActions, OutcomeFacts, OutcomeNextSteps } from "../features/checkout/order-outcome-view.tsx";
import { OutcomePage } from "../features/checkout/outcome-page.tsx";
import { STATUS_POLL, useOrderStatus } from "../features/checkout/use-order-status.ts";
import { useAgencyTimeZone } from "../lib/time-zone.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/checkout-success";

export function loader(args: Route.LoaderArgs) {
  return {
    meta: pageMeta(args, { title: "checkout:success.metaTitle", description: "checkout:success.metaDescription" }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

function OrderDetails({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation("checkout");
  const timeZone = useAgencyTimeZone();
  const paidInFull = order.status === "paid";
  const date = order.paidAt ?? order.createdAt;
  return (
    <section
      aria-labelledby="order-details-title"
      className="rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6"
      data-testid="order-details"
    >
      <h2 id="order-details-title" className="sr-only">
        {t("success.orderNumber")}
      </h2>
      <OutcomeFacts
        order={order}
        className="grid-cols-2"
        reference={{
          label: t("success.orderNumber"),
          value: `#${order.number}`,
          valueClassName: "font-mono text-base font-semibold",
          testId: "success-order-number",
        }}
        last={{
          label: order.paidAt ? t("receipt.paidOn") : t("success.date"),
          value: <time dateTime={date}>{formatDay(date, i18n.language, timeZone)}</time>,
          className: "col-span-2 sm:col-span-1",
          valueClassName: "font-medium",
        }}
      />
      <h3 className="mt-6 border-t border-border pt-5 font-semibold">{t("success.items")}</h3>
      <ul className="mt-3 space-y-3" data-testid="success-items">
        {order.orderItems.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words">{item.serviceName}</p>
              <p className="text-muted-foreground">
                {t("success.quantity", { count: item.quantity })} ·{" "}
                {t("summary.unitPrice", { price: formatCents(item.unitPriceCents) })}
              </p>
            </div>
            <p className="shrink-0 font-medium whitespace-nowrap tabular-nums">{formatCents(item.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-5 space-y-2 border-t border-border pt-4 text-sm">
        {order.discountCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{t("success.discountApplied")}</dt>
            <dd className="font-medium whitespace-nowrap tabular-nums text-success" data-testid="success-discount">
              −{formatCents(order.discountCents)}
            </dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-4 text-base">
          <dt className="font-semibold">{paidInFull ? t("success.totalPaid") : t("success.total")}</dt>
          <dd
            className="font-display text-2xl font-semibold whitespace-nowrap tabular-nums"
            data-testid="success-total"
          >
            {formatCents(order.totalCents)}
          </dd>
        </div>
        <MoneyRows order={order} />
      </dl>
    </section>
  );
}

/** Where Try Again leads after a refused payment: the cart it came from, else the same purchase again. */
function retryPath(order: OrderView, fromCart: boolean): string {
  const [item] = order.orderItems;
  if (fromCart || order.orderItems.length !== 1 || !item) return "/cart";
  const query = `service=${encodeURIComponent(item.serviceName)}&amount=${order.totalCents / 100}`;
  return order.paymentMethodType === "us_bank_account" ? `/bank-checkout?${query}` : `/checkout?${query}`;
}

/**
 * /checkout/success (specification 001, section 2): says only what is true at the moment, and updates
 * as the provider answers (a short, bounded refresh): "Payment Successful!" once paid, a bank transfer
 * processing (the bank takes days: the page stops asking), Payment failed with what to do and Try
 * Again, a refund and why when a deal sold out while paying. Then the order number, status, items,
 * "Discount Applied", "Total Paid", what happens next for that status, View Receipt whenever money was
 * received, and the way home. An order that cannot be read gives "Unable to load order details.".
 */
export default function CheckoutSuccess() {
  const { t } = useTranslation("checkout");
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get("order_id");
  const state = useOrderStatus(orderId, STATUS_POLL);
  const dispatch = useCartDispatch();
  const fromCart = searchParams.get(FROM_CART_PARAM) === FROM_CART_VALUE;
  const paidCartCheckout = fromCart && state.kind === "ready" && state.order.status === "paid";

  // A cart checkout's cart is cleared once the payment is confirmed (specification 001, section 4), by
  // the server's word: the provider may bring the browser back here before its webhook.
  useEffect(() => {
    if (paidCartCheckout) dispatch({ type: "clear" });
  }, [paidCartCheckout, dispatch]);

  return (
    <OutcomePage
      orderId={orderId}
      state={state}
      paidTitle={t("success.title")}
      texts={{ loading: t("success.loading"), loadError: t("success.loadError"), home: t("success.returnHome") }}
      missingText={t("success.missingOrder")}
      homeVariant={state.kind === "ready" && state.order.status === "failed" ? "outline" : "primary"}
    >
      {(order) => (
        <>
          <OrderDetails order={order} />
          <OutcomeNextSteps order={order} />
          <OutcomeActions order={order} retryTo={retryPath(order, fromCart)} />
        </>
      )}
    </OutcomePage>
  );
}
