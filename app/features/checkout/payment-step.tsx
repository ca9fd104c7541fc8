import { lazy, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import type { PaymentIntentView, PaymentOutcome } from "../../lib/orders-api.ts";
import { SandboxCardForm } from "./sandbox-card-form.tsx";

// Stripe's libraries are fetched only when a payment step with Stripe is shown (never with another page).
const StripeCardForm = lazy(() => import("./stripe-card-form.tsx"));

/** What went wrong with the last attempt: the provider's message (or none: the generic text is shown). */
export interface PaymentFailure {
  message: string | null;
}

/**
 * The payment step of /checkout (specification 001, section 2): the sandbox card form or Stripe's Payment
 * Element, by the provider the server chose, with the pay button ("Complete Order - {total}" or
 * "Pay ${amount}"). A refused payment shows "Payment Failed" with the provider's message and a way to try
 * again (a fresh payment intent for the same order).
 */
export function PaymentStep({
  intent,
  language,
  submitLabel,
  returnUrl,
  failure,
  retrying,
  onOutcome,
  onUnexpected,
  onNotReady,
  onRetry,
}: {
  intent: PaymentIntentView;
  language: string;
  submitLabel: string;
  returnUrl: string;
  failure: PaymentFailure | null;
  retrying: boolean;
  onOutcome(outcome: PaymentOutcome): void;
  onUnexpected(error: unknown): void;
  onNotReady(): void;
  onRetry(): void;
}) {
  const { t } = useTranslation("checkout");
  const heading = useRef<HTMLHeadingElement>(null);
  // The customer form's button is gone once the order exists: the focus moves to the step that replaces it.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="payment-title"
      className="rounded-xl border border-border bg-white p-6 shadow-sm"
      data-testid="payment-step"
    >
      <h2
        ref={heading}
        id="payment-title"
        tabIndex={-1}
        className="flex scroll-mt-24 items-center gap-2 font-display text-2xl font-semibold focus:outline-none"
      >
        <Icon name="lock" size={20} aria-hidden="true" className="text-primary" />
        {t("payment.title")}
      </h2>
      <div className="mt-5">
        {failure ? (
          <div
            role="alert"
            tabIndex={-1}
            data-testid="payment-failed"
            data-form-error
            className="space-y-4 rounded-lg border border-destructive/30 bg-red-50 p-4 text-destructive"
          >
            <div className="flex items-start gap-2.5">
              <Icon name="alert-circle" size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
              <div>
                <p className="font-semibold">{t("toast.paymentFailedTitle")}</p>
                <p className="mt-1 text-sm">{failure.message || t("toast.paymentFailedText")}</p>
              </div>
            </div>
            <Button
              variant="outline"
              onClick={onRetry}
              disabled={retrying}
              aria-busy={retrying}
              data-testid="payment-retry"
            >
              {retrying ? (
                <Icon name="loader-2" size={16} aria-hidden="true" className="animate-spin" />
              ) : (
                <Icon name="rotate-ccw" size={16} aria-hidden="true" />
              )}
              {t("payment.retry")}
            </Button>
          </div>
        ) : intent.provider === "stripe" && intent.publishableKey ? (
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 text-muted-foreground">
                <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
                {t("payment.loadingForm")}
              </p>
            }
          >
            <StripeCardForm
              key={intent.clientSecret}
              publishableKey={intent.publishableKey}
              clientSecret={intent.clientSecret}
              language={language}
              submitLabel={submitLabel}
              returnUrl={returnUrl}
              onOutcome={onOutcome}
              onNotReady={onNotReady}
            />
          </Suspense>
        ) : (
          <SandboxCardForm
            key={intent.clientSecret}
            clientSecret={intent.clientSecret}
            submitLabel={submitLabel}
            onOutcome={onOutcome}
            onUnexpected={onUnexpected}
          />
        )}
      </div>
      <p className="mt-5 flex items-start gap-2 text-xs leading-relaxed text-muted-foreground">
        <Icon name="lock" size={14} aria-hidden="true" className="mt-0.5 shrink-0" />
        {t("page.secureNote")}
      </p>
    </section>
  );
}
