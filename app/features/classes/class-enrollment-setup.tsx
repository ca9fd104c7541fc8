import { useEffect, useState } from "react";
import type { PublicClass } from "../../../core/classes/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Field, Input } from "../../components/ui/field.tsx";
import { FormAlert, FormError } from "../../components/ui/form-alert.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { toast } from "../../components/ui/toast.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { orFailure } from "../../lib/server-failure.ts";
import { useRootData } from "../../root-data.ts";
import type { ClassEnrollmentData } from "../../lib/payments-api.ts";
import { createClassPayment, fetchClass, type ClassPaymentAnswer } from "./classes-api.ts";

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
  const form = useForm({
    // A guest says who enrols (checked with the server's rules); an account or an offer already does.
    schema:
      user || offer
        ? undefined
        : () => import("../../../core/classes/enrollment-schema.ts").then((module) => module.enrolleeSchema),
    submit: ({ value }) =>
      orFailure(
        createClassPayment({
          classId: enrollment.classId,
          // A seat held from the waiting list is paid by the person it was offered to: the offer names them.
          ...(offer ? { offer: offer.token } : user ? {} : (value as { customerName: string; customerEmail: string })),
          language,
        }),
        t("toast.failedText"),
      ),
    onSuccess: (answer) => {
      onCreated(answer);
      // The seat is held and the payment intent made: what is left is paying (spec 000, section 8).
      toast.info(t("toast.paymentRequiredTitle"), { description: t("toast.paymentRequiredText") });
    },
    onFailure: (error) =>
      toast.error(t("toast.failedTitle"), {
        description: error instanceof ApiError ? error.message : t("toast.failedText"),
      }),
  });

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

  if (loadError) {
    return <FormAlert message={loadError} testId="payment-alert" />;
  }

  return (
    <Form
      form={form}
      className="space-y-4 rounded-xl border border-border bg-white p-6 shadow-sm"
      data-testid="class-enrollment-setup"
      aria-busy={form.busy || !item}
    >
      <FormError form={form} testId="payment-alert" />
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
          <Field label={tp("custom.customerName")} field={form.field("customerName")}>
            {(props) => <Input {...props} autoComplete="name" maxLength={200} />}
          </Field>
          <Field label={tp("custom.customerEmail")} field={form.field("customerEmail")}>
            {(props) => <Input {...props} type="email" autoComplete="email" maxLength={254} />}
          </Field>
        </>
      )}
      {/* Disabled until the class is read too: its price is what the person agrees to pay. */}
      <SubmitButton
        form={{ busy: form.busy, hydrated: form.hydrated && item !== null }}
        size="lg"
        className="w-full text-base"
        testId="payment-continue"
        label={t("enrol.continue")}
        busyLabel={t("enrol.creating")}
      />
    </Form>
  );
}
