import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ApiError } from "../../lib/api.ts";
import { focusFirstInvalid, serverFieldErrors } from "../../lib/form-errors.ts";
import { CARD_FIELDS, cardErrors, formatCardNumber, formatExpiry, type CardField } from "./card-rules.ts";
import { confirmSandboxPayment, type PaymentOutcome } from "../../lib/orders-api.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/**
 * The offline payment step (the sandbox provider, used when no Stripe key is configured): "Card number",
 * "Expiry" and "CVC", checked here and again by the server, which decides with Stripe's test cards and
 * reports the result through the same webhook path as Stripe. The card number is sent once, to our
 * server, and is never kept (only its brand and last 4 digits are).
 */
export function SandboxCardForm({
  clientSecret,
  submitLabel,
  onOutcome,
  onUnexpected,
}: {
  clientSecret: string;
  submitLabel: string;
  onOutcome(outcome: PaymentOutcome): void;
  onUnexpected(error: unknown): void;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation("checkout");
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ cardNumber: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = cardErrors(values);
    const translated = Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])) as Partial<
      Record<CardField, string>
    >;
    setErrors(translated);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const outcome = await confirmSandboxPayment({ clientSecret, ...values });
      onOutcome(outcome);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.body.fields) {
        setErrors(serverFieldErrors(error.body.fields, CARD_FIELDS));
        focusFirstInvalid(form.current);
      } else {
        onUnexpected(error);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="space-y-4"
      data-testid="sandbox-card-form"
      aria-busy={busy}
    >
      <div className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <Icon name="credit-card" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
        <p>
          <strong className="font-semibold">{t("payment.sandboxTitle")}.</strong> {t("payment.sandboxNote")}
        </p>
      </div>
      <Field label={t("payment.cardNumber")} error={errors.cardNumber}>
        {(props) => (
          <Input
            {...props}
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            value={values.cardNumber}
            onChange={(event) => setValues({ ...values, cardNumber: formatCardNumber(event.target.value) })}
            className="tabular-nums"
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t("payment.expiry")} error={errors.expiry}>
          {(props) => (
            <Input
              {...props}
              name="expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t("payment.expiryHint")}
              maxLength={7}
              value={values.expiry}
              onChange={(event) => setValues({ ...values, expiry: formatExpiry(event.target.value, values.expiry) })}
              className="tabular-nums"
            />
          )}
        </Field>
        <Field label={t("payment.cvc")} error={errors.cvc}>
          {(props) => (
            <Input
              {...props}
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={values.cvc}
              onChange={(event) => setValues({ ...values, cvc: event.target.value.replace(/\D/g, "").slice(0, 4) })}
              className="tabular-nums"
            />
          )}
        </Field>
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full text-base"
        disabled={busy || !hydrated}
        data-testid="pay-button"
      >
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
