import { useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { ApiError } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { CARD_FIELDS, formatCardNumber, formatExpiry } from "./card-rules.ts";
import { confirmSandboxPayment, type PaymentOutcome } from "../../lib/orders-api.ts";

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
  const { t } = useTranslation("checkout");
  // Controlled: the number and the expiry are formatted as they are typed.
  const [values, setValues] = useState({ cardNumber: "", expiry: "", cvc: "" });
  const form = useForm({
    schema: () => import("./card-schema.ts").then((module) => module.sandboxCardSchema),
    submit: ({ value }) => confirmSandboxPayment({ clientSecret, ...value }),
    onSuccess: onOutcome,
    onFailure: (error) => {
      // The server's refusal of a card field is shown at the field; anything else is the payment step's to say.
      const atField =
        error instanceof ApiError &&
        error.status === 400 &&
        Object.keys(error.body.fields ?? {}).some((field) => (CARD_FIELDS as readonly string[]).includes(field));
      if (!atField) onUnexpected(error);
    },
  });

  return (
    <Form form={form} className="space-y-4" data-testid="sandbox-card-form" aria-busy={form.busy}>
      <div className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <Icon name="credit-card" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
        <p>
          <strong className="font-semibold">{t("payment.sandboxTitle")}.</strong> {t("payment.sandboxNote")}
        </p>
      </div>
      <Field label={t("payment.cardNumber")} field={form.field("cardNumber")}>
        {(props) => (
          <Input
            {...props}
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
        <Field label={t("payment.expiry")} field={form.field("expiry")}>
          {(props) => (
            <Input
              {...props}
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
        <Field label={t("payment.cvc")} field={form.field("cvc")}>
          {(props) => (
            <Input
              {...props}
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
      <SubmitButton
        form={form}
        size="lg"
        className="w-full text-base"
        testId="pay-button"
        icon={<Icon name="lock" size={18} aria-hidden="true" />}
        label={submitLabel}
        busyLabel={t("payment.processing")}
      />
    </Form>
  );
}
