import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import type { CartTexts } from "../../core/cart/rules.ts";
import { formatCents } from "../../core/money/money.ts";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { toast } from "../components/ui/toast.ts";
import { ApiError } from "../lib/api.ts";
import { useCart } from "../components/cart/cart-context.tsx";
import { FROM_CART_PARAM, FROM_CART_VALUE } from "../components/cart/checkout-link.ts";
import { CheckoutSteps } from "../features/checkout/checkout-steps.tsx";
import { CheckoutSummary } from "../features/checkout/checkout-summary.tsx";
import {
  CHECKOUT_SERVICE_ID,
  checkoutSource,
  draftFromCart,
  type CheckoutDraft,
} from "../features/checkout/checkout-source.ts";
import { CustomerForm } from "../features/checkout/customer-form.tsx";
import { customerInput } from "../features/checkout/customer-rules.ts";
import type { OrderCustomer } from "../../core/orders/customer-schema.ts";
import { newIdempotencyKey } from "../features/checkout/idempotency-key.ts";
import {
  createOrder,
  fetchPaymentIntent,
  type OrderView,
  type PaymentIntentView,
  type PaymentOutcome,
} from "../lib/orders-api.ts";
import type { PaymentFailure } from "../features/checkout/payment-step.tsx";
import { DeferredPaymentStep, loadPaymentStep } from "../features/checkout/deferred-payment-step.tsx";
import { draftFigures, draftLines, orderFigures, orderLines } from "../features/checkout/summary-lines.ts";
import { LocalizedLink, useLocalizedPath } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/checkout";

/** The lines' names in the page's language (as on /cart), the default service's included. */
export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  const language = pageLanguage(params, context);
  const [services, deals, consultation] = await Promise.all([
    context.services.catalogue.list(language),
    context.services.deals.listVisible(language),
    context.services.catalogue.find(CHECKOUT_SERVICE_ID),
  ]);
  const names =
    (language === "fr"
      ? consultation && { name: consultation.nameFr, description: consultation.descriptionFr }
      : consultation && { name: consultation.nameEn, description: consultation.descriptionEn }) ?? null;
  const texts: CartTexts = {
    services: {
      ...Object.fromEntries(
        services.map((service) => [service.id, { name: service.name, description: service.description }]),
      ),
      ...(consultation && names ? { [consultation.id]: names } : {}),
    },
    deals: Object.fromEntries(
      deals.map((deal) => [String(deal.id), { name: deal.title, description: deal.description }]),
    ),
  };
  return {
    texts,
    language,
    meta: pageMeta(args, { title: "checkout:page.title", description: "checkout:page.metaDescription" }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

/**
 * The failure a toast and the form's alert tell (specification 001, section 8): the server's message
 * for a refusal, `serverFallback` ("Failed to create order", "Failed to create payment intent") for a
 * server that failed, `fallback` when it could not be reached at all.
 */
function failureText(error: unknown, fallback: string, serverFallback = fallback): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.status < 500 ? error.message : serverFallback;
}

/** A failure as the customer form shows it: a server failure in the page's words (`serverFallback`). */
function shownFailure(error: unknown, serverFallback: string): unknown {
  return error instanceof ApiError && error.status >= 500
    ? new ApiError(error.status, { message: serverFallback, code: error.body.code })
    : error;
}

/**
 * /checkout, "Secure Checkout" (specification 001, sections 2, 4 and 8). Step 1: the summary and the
 * customer form, "Create Order"; the server prices the order and answers with its figures, which the
 * summary then shows. Step 2: the payment step for that order. A confirmed payment goes to
 * /checkout/success?order_id=... (with from=cart for a cart checkout: that page clears the cart once the
 * server says the order is paid).
 */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const { cart, restored } = useCart();
  const source = useMemo(() => checkoutSource(searchParams), [searchParams]);

  const [order, setOrder] = useState<OrderView | null>(null);
  const [intent, setIntent] = useState<PaymentIntentView | null>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [retrying, setRetrying] = useState(false);
  // One key per attempt: a retried or double-clicked creation answers the same order.
  const idempotencyKey = useRef<string | null>(null);

  const draft: CheckoutDraft | null = useMemo(() => {
    if (source.kind === "draft") return source.draft;
    if (source.kind !== "stored-cart" || !restored || cart.items.length === 0) return null;
    return draftFromCart({
      items: cart.items,
      promoCode: cart.promoCode?.code ?? null,
      subtotalCents: cart.subtotalCents,
      discountCents: cart.discountCents,
      totalCents: cart.totalCents,
    });
  }, [source, restored, cart]);

  // A broken address says so once, in a toast (specification 001, section 8), as well as on the page.
  useEffect(() => {
    if (source.kind === "invalid-cart")
      toast.error(t("toast.invalidCartTitle"), { description: t("toast.invalidCartText") });
    else if (source.kind === "error")
      toast.error(t("toast.checkoutErrorTitle"), { description: t("toast.checkoutErrorText") });
  }, [source, t]);

  const backToCart =
    source.kind === "stored-cart" ||
    (source.kind === "draft" && source.draft.origin === "cart") ||
    source.kind === "invalid-cart";

  // A cart checkout says so to the success page, which clears the cart once the payment is confirmed.
  const successPath = (orderId: string, path = "/checkout/success") =>
    `${path}?order_id=${encodeURIComponent(orderId)}${draft?.origin === "cart" ? `&${FROM_CART_PARAM}=${FROM_CART_VALUE}` : ""}`;

  /**
   * Create Order: the order (once: a second click after a failed payment intent only asks for the intent
   * again), then its payment intent. A failure is toasted ("Order Creation Failed") and thrown for the
   * customer form to show, at its fields or as its error.
   */
  async function submitOrder(customer: OrderCustomer) {
    void loadPaymentStep();
    if (!draft || (order && intent)) return;
    idempotencyKey.current ??= newIdempotencyKey();
    let created = order;
    if (!created) {
      try {
        created = await createOrder(
          {
            ...customerInput(customer),
            items: draft.lines.map(({ key: _key, ...line }) => line),
            currency: "usd",
            promoCode: draft.promoCode,
            taxCents: 0,
            subtotalCents: draft.subtotalCents,
            discountCents: draft.discountCents,
            totalCents: draft.totalCents,
            language: loaderData.language,
          },
          idempotencyKey.current,
        );
      } catch (error) {
        // A refusal created nothing: the next attempt is a new one.
        if (error instanceof ApiError && error.status < 500) idempotencyKey.current = null;
        const message = failureText(error, t("toast.orderFailedText"), t("toast.createOrderFailed"));
        toast.error(t("toast.orderFailedTitle"), { description: message });
        throw shownFailure(error, t("toast.createOrderFailed"));
      }
      setOrder(created);
      toast.success(t("toast.orderCreatedTitle"), { description: t("toast.orderCreatedText") });
    }
    try {
      setIntent(await fetchPaymentIntent(created.id));
    } catch (error) {
      toast.error(t("toast.orderFailedTitle"), { description: failureText(error, t("toast.createIntentFailed")) });
      throw shownFailure(error, t("toast.createIntentFailed"));
    }
  }

  function onOutcome(outcome: PaymentOutcome) {
    if (!order) return;
    if (outcome.status === "failed") {
      setFailure({ message: outcome.message ?? null });
      toast.error(t("toast.paymentFailedTitle"), { description: outcome.message || t("toast.paymentFailedText") });
      return;
    }
    toast.success(t("toast.processingTitle"), { description: t("toast.processingText") });
    void navigate(localize(successPath(order.id)));
  }

  async function retry() {
    if (!order || retrying) return;
    setRetrying(true);
    try {
      setIntent(await fetchPaymentIntent(order.id));
      setFailure(null);
    } catch (error) {
      toast.error(t("toast.paymentFailedTitle"), { description: failureText(error, t("toast.createIntentFailed")) });
    } finally {
      setRetrying(false);
    }
  }

  const summary = order ? (
    <CheckoutSummary lines={orderLines(order)} figures={orderFigures(order)} orderNumber={order.number} />
  ) : draft ? (
    <CheckoutSummary lines={draftLines(draft, loaderData.texts)} figures={draftFigures(draft)} />
  ) : null;

  const submitLabel = order
    ? draft?.origin === "service"
      ? t("payment.pay", { amount: formatCents(order.totalCents) })
      : t("payment.completeOrder", { total: formatCents(order.totalCents) })
    : "";

  let body;
  if (source.kind === "invalid-cart" || source.kind === "error") {
    const invalid = source.kind === "invalid-cart";
    body = (
      <div className="rounded-xl border border-border bg-white p-8 text-center" data-testid="checkout-error">
        <Icon name="alert-circle" size={40} aria-hidden="true" className="mx-auto text-destructive" />
        <h2 className="mt-4 font-display text-2xl font-semibold">
          {invalid ? t("toast.invalidCartTitle") : t("toast.checkoutErrorTitle")}
        </h2>
        <p className="mt-2 text-muted-foreground">
          {invalid ? t("toast.invalidCartText") : t("toast.checkoutErrorText")}
        </p>
      </div>
    );
  } else if (!draft && source.kind === "stored-cart" && !restored) {
    body = (
      <div
        role="status"
        className="flex items-center justify-center gap-3 rounded-xl border border-border bg-white px-6 py-20 text-muted-foreground"
      >
        <Icon name="loader-2" size={20} aria-hidden="true" className="animate-spin" />
        {t("page.loading")}
      </div>
    );
  } else if (!draft && !order) {
    body = (
      <div
        className="rounded-xl border border-dashed border-border bg-white p-8 text-center"
        data-testid="checkout-empty"
      >
        <Icon name="shopping-cart" size={40} aria-hidden="true" className="mx-auto text-muted-foreground" />
        <h2 className="mt-4 font-display text-2xl font-semibold">{t("page.emptyTitle")}</h2>
        <p className="mt-2 text-muted-foreground">{t("page.emptyText")}</p>
      </div>
    );
  } else {
    body = (
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <CustomerForm onSubmit={submitOrder} locked={order !== null && intent !== null} />
          {order && intent ? (
            <DeferredPaymentStep
              intent={intent}
              language={loaderData.language}
              submitLabel={submitLabel}
              returnUrl={`${window.location.origin}${localize(successPath(order.id, "/checkout-success"))}`}
              failure={failure}
              retrying={retrying}
              onOutcome={onOutcome}
              onUnexpected={() => {
                setFailure({ message: null });
                toast.error(t("toast.paymentFailedTitle"), { description: t("toast.paymentFailedText") });
              }}
              onNotReady={() => toast.error(t("toast.paymentErrorTitle"), { description: t("toast.paymentErrorText") })}
              onRetry={() => void retry()}
            />
          ) : null}
        </div>
        <div className="lg:sticky lg:top-24">{summary}</div>
      </div>
    );
  }

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <LocalizedLink
        to={backToCart ? "/cart" : "/"}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        data-testid="checkout-back"
      >
        <Icon name="arrow-left" size={16} aria-hidden="true" />
        {backToCart ? t("page.backToCart") : t("page.backHome")}
      </LocalizedLink>
      <header className="mb-8 mt-4 flex flex-wrap items-end justify-between gap-4">
        <h1 className="flex items-center gap-3 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
          <Icon name="lock" size={32} aria-hidden="true" className="text-primary" />
          {t("page.title")}
        </h1>
        {draft || order ? <CheckoutSteps step={order && intent ? 2 : 1} /> : null}
      </header>
      {body}
      {source.kind === "invalid-cart" || source.kind === "error" || (!draft && !order && restored) ? (
        <p className="mt-6 text-center">
          <LocalizedLink to={backToCart ? "/cart" : "/"} className={buttonClasses("outline", "lg")}>
            {backToCart ? t("page.backToCart") : t("page.backHome")}
          </LocalizedLink>
        </p>
      ) : null}
    </main>
  );
}
