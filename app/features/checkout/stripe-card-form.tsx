import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeElementLocale } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import type { PaymentOutcome } from "../../lib/orders-api.ts";

// One Stripe.js per publishable key for the whole visit: loading it twice would inject a second script.
const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    // A failed download (offline, blocked) must not stick: the next attempt loads it again.
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  language: string;
  submitLabel: string;
  /** Where Stripe sends the browser back after a payment that needs a redirect (3-D Secure). */
  returnUrl: string;
  onOutcome(outcome: PaymentOutcome): void;
  onNotReady(): void;
}

function PaymentForm({
  submitLabel,
  returnUrl,
  onOutcome,
  onNotReady,
}: Pick<StripeCardFormProps, "submitLabel" | "returnUrl" | "onOutcome" | "onNotReady">) {
  const { t } = useTranslation("checkout");
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!stripe || !elements) {
      onNotReady();
      return;
    }
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: "if_required",
      });
      if (result.error) onOutcome({ status: "failed", message: result.error.message ?? null });
      // "succeeded" or "processing": the server hears it from Stripe's webhook; the success page waits for it.
      else onOutcome({ status: "succeeded" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="stripe-card-form" aria-busy={busy}>
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full text-base" disabled={busy || !stripe} data-testid="pay-button">
        {busy ? (
          <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
        ) : (
          <Icon name="lock" size={18} aria-hidden="true" />
        )}
        {busy ? t("payment.processing") : submitLabel}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element (when Stripe is configured). This module is loaded only by the payment step,
 * with a dynamic import, so that Stripe's code never reaches another page; Stripe.js itself is fetched
 * from js.stripe.com only then (the CSP allows it only when Stripe is configured).
 */
export default function StripeCardForm({ publishableKey, clientSecret, language, ...form }: StripeCardFormProps) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret, locale: language as StripeElementLocale, appearance: { theme: "stripe" } }}
    >
      <PaymentForm {...form} />
    </Elements>
  );
}
