import { useEffect, useRef, useState, type FormEvent } from "react";
import type { PublicClass } from "../../../core/classes/schema.ts";
import { enrolleeSchema } from "../../../core/classes/enrollment-schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { toast } from "../../components/ui/toast.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError } from "../../lib/api.ts";
import { focusFirstInvalid, serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
import { useRootData } from "../../root-data.ts";
import type { ClassEnrollmentData } from "../../lib/payments-api.ts";
import { createClassPayment, fetchClass, type ClassPaymentAnswer } from "./classes-api.ts";

const GUEST_FIELDS = ["customerName", "customerEmail"] as const;
type GuestField = (typeof GUEST_FIELDS)[number];

/**
 * /payment's "Complete Class Enrollment" step: the class and its price as the server has them (read
 * only), who enrols (the signed-in account, or the guest's name and e-mail), then the seat is held and
 * the payment started. "Enrollment Failed" when that is refused (the class full, or gone).
 */
export function ClassEnrollmentSetup({
  enrollment,
  language,
  onCreated,
}: {
  enrollment: ClassEnrollmentData;
  language: string;
  onCreated: (answer: ClassPaymentAnswer) => void;
}) {
  const { t } = useTranslation("classes");
  const { t: tp } = useTranslation("payments");
  const { t: tw } = useTranslation("waitlist");
  const offer = enrollment.offer;
  const user = useRootData()?.user ?? null;
  const [item, setItem] = useState<PublicClass | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState({ customerName: "", customerEmail: "" });
  const [errors, setErrors] = useState<Partial<Record<GuestField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchClass(enrollment.classId, language, controller.signal)
      .then(setItem)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(error instanceof ApiError && error.status < 500 ? error.message : t("errors.fetchClass"));
      });
    return () => controller.abort();
  }, [enrollment.classId, language, t]);

  function change(field: GuestField, value: string) {
    setValues({ ...values, [field]: value });
    // A corrected field no longer shows its old error.
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !item) return;
    if (!user && !offer) {
      const parsed = enrolleeSchema.safeParse(values);
      if (!parsed.success) {
        setErrors(translatedFieldErrors(parsed.error, t, GUEST_FIELDS));
        focusFirstInvalid(form.current);
        return;
      }
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      // A seat held from the waiting list is paid by the person it was offered to: the offer names them.
      onCreated(
        await createClassPayment({
          classId: enrollment.classId,
          ...(offer ? { offer: offer.token } : user ? {} : values),
          language,
        }),
      );
      // The seat is held and the payment intent made: what is left is paying (spec 000, section 8).
      toast.info(t("toast.paymentRequiredTitle"), { description: t("toast.paymentRequiredText") });
    } catch (error) {
      const message = error instanceof ApiError && error.status < 500 ? error.message : t("toast.failedText");
      if (error instanceof ApiError && error.body.fields) setErrors(serverFieldErrors(error.body.fields, GUEST_FIELDS));
      setFormError(message);
      toast.error(t("toast.failedTitle"), { description: message });
    } finally {
      setBusy(false);
    }
  }

  if (loadError) {
    return <FormAlert message={loadError} testId="payment-alert" />;
  }

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-xl border border-border bg-white p-6 shadow-sm"
      data-testid="class-enrollment-setup"
      aria-busy={busy || !item}
    >
      <FormAlert message={formError} testId="payment-alert" />
      <h2 className="font-display text-2xl font-semibold">{t("enrol.title")}</h2>
      {item ? (
        <div className="space-y-2 rounded-lg bg-muted/60 p-4">
          <dl className="space-y-2">
            <div>
              <dt className="sr-only">{tp("custom.serviceName")}</dt>
              <dd lang={item.textLanguage} className="font-semibold" data-testid="enrol-class-title">
                {item.title}
              </dd>
            </div>
            <div className="flex items-baseline justify-between">
              <dt className="text-sm text-muted-foreground">{t("enrol.price")}</dt>
              <dd className="font-display text-2xl font-semibold tabular-nums" data-testid="enrol-class-price">
                {formatCents(item.price)}
              </dd>
            </div>
          </dl>
          <p className="text-xs text-muted-foreground">{t("enrol.priceNote")}</p>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
          {enrollment.serviceName}
        </p>
      )}
      {offer ? (
        <p className="text-sm" data-testid="enrol-offer">
          {tw("offer.heldFor", { name: offer.name, email: offer.email })}
        </p>
      ) : user ? (
        <p className="text-sm" data-testid="enrol-signed-in">
          {t("enrol.signedInAs", {
            name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username || user.email,
            email: user.email,
          })}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("enrol.guestIntro")}</p>
          <Field label={tp("custom.customerName")} error={errors.customerName}>
            {(props) => (
              <Input
                {...props}
                name="customerName"
                autoComplete="name"
                value={values.customerName}
                onChange={(event) => change("customerName", event.target.value)}
                maxLength={200}
              />
            )}
          </Field>
          <Field label={tp("custom.customerEmail")} error={errors.customerEmail}>
            {(props) => (
              <Input
                {...props}
                name="customerEmail"
                type="email"
                autoComplete="email"
                value={values.customerEmail}
                onChange={(event) => change("customerEmail", event.target.value)}
                maxLength={254}
              />
            )}
          </Field>
        </>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full text-base"
        disabled={busy || !item}
        data-testid="payment-continue"
      >
        {busy ? <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" /> : null}
        {busy ? t("enrol.creating") : t("enrol.continue")}
      </Button>
    </form>
  );
}
