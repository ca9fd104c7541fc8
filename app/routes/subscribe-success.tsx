import { useEffect, useState } from "react";
import { data } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { DomainError } from "../../core/errors.ts";
import { formatCents } from "../../core/money/money.ts";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { formatDueDate } from "../components/schedule-table.tsx";
import {
  cardText,
  fetchSubscription,
  invoicePdfPath,
  managePath,
  paidInvoice,
  type SubscriptionView,
} from "../features/payments/subscription-view.tsx";
import { PlanTitle, SubscriptionMissing } from "../features/checkout/subscription-parts.tsx";
import { useAgencyTimeZone } from "../lib/time-zone.ts";
import type { Route } from "./+types/subscribe-success";

/** The subscription the address's signed token names (its management link), read on the server. */
export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("subscription")?.trim() ?? "";
  const meta = pageMeta(args, {
    title: "payments:subscription.successTitle",
    description: "payments:subscription.successMetaDescription",
  });
  try {
    if (!token) throw new DomainError("not_found", "payments:subscription.notFound");
    return { token, subscription: await args.context.services.checkout.subscriptions.byToken(token), meta };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found")
      return data({ token, subscription: null, meta }, { status: 404 });
    throw error;
  }
}

// The address carries the subscription's management token: never indexed, never sent on to another site.
export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...metaTags(loaded?.meta),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/** How often and how long the page asks whether the first invoice's payment has been confirmed. */
export const SUBSCRIPTION_POLL = { intervalMs: 2_000, attempts: 15 } as const;

/** Its first payment is not confirmed yet, and has not failed either. */
const awaitingFirstPayment = (view: SubscriptionView | null) =>
  view !== null && view.status === "incomplete" && view.invoices[0]?.status !== "failed";

/**
 * The subscription as the server sees it, asked again while its first payment is not confirmed (the
 * provider's event has not arrived): every 2 seconds, at most 15 times, until it is active or the
 * first payment failed.
 */
function useActivation(token: string, initial: SubscriptionView | null) {
  const [subscription, setSubscription] = useState(initial);
  const [gaveUp, setGaveUp] = useState(false);
  const initiallyWaiting = awaitingFirstPayment(initial);

  useEffect(() => {
    if (!initiallyWaiting) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const ask = async () => {
      attempts += 1;
      let next: SubscriptionView | null = null;
      try {
        next = await fetchSubscription(token, controller.signal);
        setSubscription(next);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error("Could not read the subscription", error);
      }
      if (next && !awaitingFirstPayment(next)) return;
      if (attempts < SUBSCRIPTION_POLL.attempts) timer = setTimeout(() => void ask(), SUBSCRIPTION_POLL.intervalMs);
      else setGaveUp(true);
    };
    timer = setTimeout(() => void ask(), SUBSCRIPTION_POLL.intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token, initiallyWaiting]);

  return { subscription, waiting: awaitingFirstPayment(subscription) && !gaveUp, gaveUp };
}

/**
 * /subscribe/success, "Subscription Activated" (specification 001, section 2): it waits for the server
 * to say the subscription is active (the provider's event), then shows the amount charged with its
 * receipt (PDF), the next charge's date, the benefits (onboarding within 2 hours, monthly renewal) and
 * "Manage your subscription", the page where the subscriber cancels it without contacting anyone.
 */
export default function SubscribeSuccess({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("payments");
  const timeZone = useAgencyTimeZone();
  const { token } = loaderData;
  const { subscription, waiting, gaveUp } = useActivation(token, loaderData.subscription);
  const day = (iso: string) => formatDueDate(iso, i18n.language, timeZone);

  if (!subscription) return <SubscriptionMissing />;

  const active = subscription.status === "active" || subscription.status === "past_due";
  const failed = !active && subscription.status === "incomplete" && subscription.invoices[0]?.status === "failed";
  const invoice = paidInvoice(subscription);
  const heading = active
    ? {
        icon: "circle-check" as const,
        tone: "bg-green-100 text-green-700",
        title: t("subscription.successTitle"),
        text: t("subscription.successIntro"),
      }
    : failed
      ? {
          icon: "alert-circle" as const,
          tone: "bg-red-100 text-destructive",
          title: t("subscription.failedTitle"),
          text: subscription.invoices[0]?.failureMessage || t("subscription.failedText"),
        }
      : subscription.status === "cancelled"
        ? { icon: "x" as const, tone: "bg-muted text-muted-foreground", title: t("manage.ended"), text: null }
        : {
            icon: "loader-2" as const,
            tone: "bg-amber-100 text-amber-800",
            title: t("subscription.successWaiting"),
            text: gaveUp ? t("subscription.successStillWaiting") : null,
          };

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div role="status" aria-live="polite" aria-busy={waiting} className="text-center">
        <span className={`mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full ${heading.tone}`}>
          <Icon name={heading.icon} size={34} aria-hidden="true" className={waiting ? "animate-spin" : undefined} />
        </span>
        <h1
          className="mt-5 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          data-testid="subscribe-success-title"
        >
          {heading.title}
        </h1>
        {heading.text ? <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{heading.text}</p> : null}
      </div>

      {active ? (
        <section
          aria-labelledby="subscription-summary-title"
          className="mt-8 rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6"
          data-testid="subscription-summary"
        >
          <PlanTitle id="subscription-summary-title" subscription={subscription} />
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            {invoice ? (
              <div>
                <dt className="text-muted-foreground">{t("subscription.successCharged")}</dt>
                <dd className="mt-0.5">
                  <span
                    className="font-display text-xl font-semibold whitespace-nowrap tabular-nums"
                    data-testid="subscription-charged"
                  >
                    {formatCents(invoice.amountCents)}
                  </span>
                  {invoice.paidAt ? (
                    <span className="block text-muted-foreground">
                      <time dateTime={invoice.paidAt}>{day(invoice.paidAt)}</time>
                      {cardText(invoice) ? ` · ${cardText(invoice)}` : ""}
                    </span>
                  ) : null}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-muted-foreground">{t("subscription.successNextCharge")}</dt>
              <dd className="mt-0.5 font-medium" data-testid="subscription-next-charge">
                {subscription.nextCharge ? (
                  <>
                    <span className="font-display text-xl font-semibold whitespace-nowrap tabular-nums">
                      {formatCents(subscription.nextCharge.amountCents)}
                    </span>
                    <span className="block font-normal text-muted-foreground">
                      <time dateTime={subscription.nextCharge.date}>{day(subscription.nextCharge.date)}</time>
                    </span>
                  </>
                ) : subscription.currentPeriodEnd ? (
                  t("manage.endsOn", { date: day(subscription.currentPeriodEnd) })
                ) : (
                  "—"
                )}
              </dd>
            </div>
          </dl>
          <p className="mt-5 flex flex-wrap gap-3">
            {invoice ? (
              <a
                href={invoicePdfPath(token, invoice.id)}
                className={buttonClasses("outline")}
                data-testid="subscription-receipt"
              >
                <Icon name="receipt" size={18} aria-hidden="true" />
                {t("subscription.successReceipt")}
              </a>
            ) : null}
            <LocalizedLink
              to={managePath(token)}
              className={buttonClasses("primary")}
              data-testid="manage-subscription"
            >
              {t("subscription.manageLink")}
            </LocalizedLink>
          </p>
        </section>
      ) : failed ? (
        <p className="mt-8 text-center">
          <LocalizedLink
            to={`/subscribe?plan=${encodeURIComponent(subscription.plan)}`}
            className={buttonClasses("primary", "lg")}
            data-testid="subscribe-retry"
          >
            <Icon name="rotate-ccw" size={18} aria-hidden="true" />
            {t("subscription.tryAgain")}
          </LocalizedLink>
        </p>
      ) : null}

      {active ? (
        <section aria-labelledby="benefits-title" className="mt-8 rounded-xl border border-border bg-muted/40 p-6">
          <h2 id="benefits-title" className="font-display text-xl font-semibold">
            {t("subscription.successBenefitsTitle")}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {(["successOnboarding", "successRenews", "successManage"] as const).map((key) => (
              <li key={key} className="flex items-start gap-2.5">
                <Icon name="check" size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-primary" />
                {t(`subscription.${key}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-8 text-center">
        <LocalizedLink to="/" className={buttonClasses(active ? "outline" : "primary", "lg")}>
          {t("subscription.backHome")}
        </LocalizedLink>
      </p>
    </main>
  );
}
