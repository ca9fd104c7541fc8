import { useId, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { NEWSLETTER_LIMITS } from "../../../core/newsletter/limits.ts";
import { Field, Input } from "../../components/ui/field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { api } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { orFailure } from "../../lib/server-failure.ts";
import { Icon } from "../../components/ui/icon.tsx";

/**
 * The newsletter box of the hot deals page (spec document 000, section 2; README decision 12):
 * Subscribe sends the address to POST /api/newsletter/subscribe, which e-mails a confirmation link
 * (double opt-in); the visitor is told to check their inbox. Success and refusals are said in the box
 * itself (a live region, the field's error), so no toast repeats them.
 */
export function NewsletterBox() {
  const { t } = useTranslation("newsletter");
  const headingId = useId();
  const [accepted, setAccepted] = useState<string | null>(null);
  const form = useForm({
    schema: () => import("../../../core/newsletter/schema.ts").then((module) => module.newsletterSubscribeSchema),
    submit: ({ value }) => {
      setAccepted(null);
      return orFailure(api<{ message: string }>("/api/newsletter/subscribe", { json: value }), t("box.failed"));
    },
    onSuccess: (answer, formElement) => {
      setAccepted(answer.message || t("subscribe.accepted"));
      const email = formElement.elements.namedItem("email");
      if (email instanceof HTMLInputElement) email.value = "";
    },
  });

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl bg-primary px-6 py-10 text-primary-foreground sm:px-10"
      data-testid="newsletter"
    >
      <div className="grid items-center gap-8 lg:grid-cols-[1fr_1.1fr]">
        <div>
          <h2 id={headingId} className="font-display text-2xl font-semibold sm:text-3xl">
            {t("box.title")}
          </h2>
          <p className="mt-2 text-indigo-100">{t("box.text")}</p>
        </div>
        <Form
          form={form}
          className="[&_[role=alert]]:rounded [&_[role=alert]]:bg-white [&_[role=alert]]:px-2 [&_[role=alert]]:py-1"
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <Field label={t("box.emailLabel")} field={form.field("email")}>
                {(props) => (
                  <Input
                    {...props}
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={NEWSLETTER_LIMITS.email}
                    placeholder={t("box.placeholder")}
                    className="h-12 border-white"
                  />
                )}
              </Field>
            </div>
            <SubmitButton
              form={form}
              size="lg"
              className="shrink-0 border border-white bg-white text-primary hover:bg-indigo-50 sm:mt-[26px]"
              icon={<Icon name="send" size={18} aria-hidden="true" />}
              label={t("box.subscribe")}
              busyLabel={t("box.subscribing")}
            />
          </div>
          <div role="status" aria-live="polite">
            {accepted ? (
              <div className="mt-4 flex items-start gap-2 rounded-lg bg-white/10 p-3 text-sm text-white">
                <Icon name="mail-check" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
                <p>
                  <strong className="block font-semibold">{t("box.acceptedTitle")}</strong>
                  <span data-testid="newsletter-accepted">{accepted}</span>
                </p>
              </div>
            ) : null}
          </div>
          {/* The form's error (the focus goes to it). Not role=alert: the form styles those as field errors.
              Assertive, as an alert is. */}
          <div aria-live="assertive">
            {form.formError ? (
              <p
                tabIndex={-1}
                data-form-error
                className="mt-4 flex items-start gap-2 rounded-lg bg-white p-3 text-sm text-destructive"
                data-testid="newsletter-failed"
              >
                <Icon name="circle-alert" size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
                <span>
                  <strong className="block font-semibold">{t("box.failedTitle")}</strong>
                  {form.formError}
                </span>
              </p>
            ) : null}
          </div>
        </Form>
      </div>
    </section>
  );
}
