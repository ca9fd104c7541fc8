import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { DomainError, statusOf } from "../../core/errors.ts";
import { buttonClasses } from "../components/ui/button.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { LocalizedLink, useLocalizedPath } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { formatDueDate } from "../components/schedule-table.tsx";
import {
  InvoiceList,
  managePath,
  SubscriptionStatusBadge,
  useRenewalText,
  type SubscriptionView,
} from "../features/payments/subscription-view.tsx";
import { PlanTitle, SubscriptionMissing } from "../features/checkout/subscription-parts.tsx";
import { SupportContact } from "../components/support-contact.tsx";
import { useAgencyTimeZone } from "../lib/time-zone.ts";
import type { Route } from "./+types/subscription";

/** The subscription the signed link names, read on the server; any other token is a 404 that reveals nothing. */
export async function loader(args: Route.LoaderArgs) {
  const meta = pageMeta(args, { title: "payments:manage.metaTitle", description: "payments:manage.metaDescription" });
  try {
    return { subscription: await args.context.services.checkout.subscriptions.byToken(args.params.token), meta };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found")
      return data({ subscription: null, meta }, { status: 404 });
    throw error;
  }
}

const INTENTS = { cancel: "cancelled", resume: "resumed" } as const;

/**
 * Cancel at the period's end, or keep the subscription (undo, before that end): a plain form post, so
 * that it works before the page's scripts have loaded. The provider's event then records the change
 * (and e-mails the subscriber); the page comes back with what was done, or with why it was not.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent !== "cancel" && intent !== "resume")
    return data({ error: "payments:manage.actionFailed" }, { status: 400 });
  const subscriptions = args.context.services.checkout.subscriptions;
  try {
    const subscription = await subscriptions.byToken(args.params.token);
    if (intent === "cancel") await subscriptions.cancel(subscription.id, true);
    else await subscriptions.resume(subscription.id);
  } catch (error) {
    // A refusal of ours says why (already set to end, nothing to undo); anything else, that it did not work.
    if (error instanceof DomainError)
      return data(
        { error: error.messageKey.startsWith("payments:") ? error.messageKey : "payments:manage.actionFailed" },
        { status: statusOf[error.code] },
      );
    throw error;
  }
  return redirect(`${new URL(args.request.url).pathname}?done=${INTENTS[intent]}`);
}

/*
 * Like the receipt, the address is a bearer link: never indexed, and never sent to another site. The
 * policy is same-origin rather than no-referrer: under no-referrer, browsers send "Origin: null" with a
 * form post, which the cross-site request guard rightly refuses.
 */
export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...metaTags(loaded?.meta),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

function SubmitButton({
  intent,
  variant,
  label,
  busyLabel,
  testId,
}: {
  intent: keyof typeof INTENTS;
  variant: "primary" | "destructive" | "outline";
  label: string;
  busyLabel: string;
  testId: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={buttonClasses(variant, "lg", "w-full sm:w-auto")}
      disabled={navigation.state === "submitting"}
      aria-busy={busy}
      data-testid={testId}
    >
      {busy ? <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * /subscription/:token, the subscriber's page (no account): the plan, its status, the next charge (or
 * "Ends on {date}"), the invoices with their receipts (PDF), "Cancel at the end of the period" (asked
 * to confirm, on the page itself so that it needs no script) and "Keep my subscription" until that end.
 * Every subscription e-mail links here; a wrong link gets a page that says so (404).
 */
export default function SubscriptionPage({ loaderData, actionData, params }: Route.ComponentProps) {
  if (!loaderData.subscription) return <SubscriptionMissing />;
  return (
    <ManageSubscription subscription={loaderData.subscription} token={params.token} error={actionData?.error ?? null} />
  );
}

function ManageSubscription({
  subscription,
  token,
  error,
}: {
  subscription: SubscriptionView;
  token: string;
  error: string | null;
}) {
  const { t, i18n } = useTranslation("payments");
  const timeZone = useAgencyTimeZone();
  const [searchParams] = useSearchParams();
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const confirming = searchParams.get("confirm") === "cancel";
  const done = searchParams.get("done");
  const renewal = useRenewalText(subscription, timeZone);
  const localize = useLocalizedPath();

  // After "Cancel at the end of the period", the question is where the reader is: read it out first.
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  const day = (iso: string) => formatDueDate(iso, i18n.language, timeZone);
  const ending = subscription.cancelAtPeriodEnd && subscription.status !== "cancelled";
  const cancellable =
    !subscription.cancelAtPeriodEnd && (subscription.status === "active" || subscription.status === "past_due");
  const here = managePath(token);
  const doneText =
    done === "cancelled" && ending && subscription.currentPeriodEnd
      ? t("manage.doneCancelled", { date: day(subscription.currentPeriodEnd) })
      : done === "resumed" && !subscription.cancelAtPeriodEnd && subscription.status !== "cancelled"
        ? t("manage.doneResumed")
        : null;

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-display text-4xl font-semibold tracking-tight">{t("manage.title")}</h1>
      <p className="mt-2 text-muted-foreground break-words">
        {t("manage.subscriber", { name: subscription.customerName, email: subscription.customerEmail })}
      </p>

      <div className="mt-6 space-y-4">
        {doneText ? (
          <p
            role="status"
            className="flex items-start gap-2.5 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
            data-testid="subscription-done"
          >
            <Icon name="circle-check" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
            {doneText}
          </p>
        ) : null}
        <FormAlert message={error ? t(error) : null} testId="subscription-error" />
      </div>

      <section
        aria-labelledby="plan-title"
        className="mt-6 rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6"
        data-testid="subscription-plan"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <PlanTitle id="plan-title" subscription={subscription} large stacked />
          <SubscriptionStatusBadge subscription={subscription} />
        </div>
        <div className="mt-4 rounded-lg bg-muted/60 px-4 py-3" data-testid="subscription-renewal">
          <p className="font-medium">{renewal.title}</p>
          {renewal.text ? <p className="mt-1 text-sm text-muted-foreground">{renewal.text}</p> : null}
        </div>
        <p className="mt-3 text-sm text-muted-foreground">{t("manage.since", { date: day(subscription.createdAt) })}</p>

        {confirming && cancellable ? (
          <div
            className="mt-6 rounded-lg border border-destructive/30 bg-red-50/60 p-4 sm:p-5"
            data-testid="cancel-confirm"
          >
            <h3 ref={confirmHeading} tabIndex={-1} className="font-display text-xl font-semibold focus:outline-none">
              {t("manage.confirmTitle")}
            </h3>
            <p className="mt-2 text-sm">
              {subscription.currentPeriodEnd
                ? t("manage.confirmText", { date: day(subscription.currentPeriodEnd) })
                : t("manage.confirmTextUndated")}
            </p>
            <Form method="post" action={localize(here)} replace className="mt-4 flex flex-col gap-3 sm:flex-row">
              <SubmitButton
                intent="cancel"
                variant="destructive"
                label={t("manage.confirmYes")}
                busyLabel={t("manage.saving")}
                testId="cancel-confirm-yes"
              />
              <LocalizedLink
                to={here}
                replace
                className={buttonClasses("outline", "lg", "w-full sm:w-auto")}
                data-testid="cancel-confirm-no"
              >
                {t("manage.keep")}
              </LocalizedLink>
            </Form>
          </div>
        ) : cancellable ? (
          <p className="mt-6">
            <LocalizedLink
              to={`${here}?confirm=cancel`}
              className={buttonClasses("outline", "lg", "w-full sm:w-auto")}
              data-testid="subscription-cancel"
            >
              {t("manage.cancel")}
            </LocalizedLink>
          </p>
        ) : subscription.status === "incomplete" ? (
          <div className="mt-6" data-testid="subscription-unpaid">
            <p className="text-sm text-muted-foreground">{t("manage.payText")}</p>
            <p className="mt-3">
              <LocalizedLink
                to={`/subscribe?plan=${encodeURIComponent(subscription.plan)}&resume=${encodeURIComponent(token)}`}
                className={buttonClasses("primary", "lg", "w-full sm:w-auto")}
                data-testid="subscription-pay"
              >
                {t("manage.pay")}
              </LocalizedLink>
            </p>
          </div>
        ) : ending ? (
          <Form method="post" action={localize(here)} replace className="mt-6">
            <SubmitButton
              intent="resume"
              variant="primary"
              label={t("manage.keep")}
              busyLabel={t("manage.saving")}
              testId="subscription-resume"
            />
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="invoices-title" className="mt-8">
        <h2 id="invoices-title" className="font-display text-xl font-semibold">
          {t("manage.invoicesTitle")}
        </h2>
        <div className="mt-3">
          <InvoiceList subscription={subscription} token={token} timeZone={timeZone} />
        </div>
      </section>

      <SupportContact className="mt-10" />
    </main>
  );
}
