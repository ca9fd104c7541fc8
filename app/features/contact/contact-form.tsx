import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { useLocation } from "react-router";
import { CONTACT_LIMITS, DEFAULT_INQUIRY_TYPE, type InquiryType } from "../../../core/contact/limits.ts";
import { isLanguage } from "../../../core/i18n/language.ts";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { api } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { orFailure } from "../../lib/server-failure.ts";
import { Icon } from "../../components/ui/icon.tsx";

/**
 * The inquiry types the form offers, in the order of the specification's labels (General Question,
 * Request Quote, Partnership, Support). "consultation" is what the Book Consultation flow records
 * (spec README decision 8), so it is not offered here.
 */
export const FORM_INQUIRY_TYPES = [
  "question",
  "quote",
  "partnership",
  "support",
] as const satisfies readonly InquiryType[];

const selectClasses =
  "h-10 w-full rounded-lg border border-border bg-white px-3 py-2 text-foreground focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-destructive";

/** A label with a visual mark for required fields; the control's `required` tells assistive technology. */
export function RequiredLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children}{" "}
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
    </>
  );
}

/** The address fragment that opens the contact form with "Request quote" chosen (the Request Quote buttons). */
export const REQUEST_QUOTE_HASH = "#request-quote";

/**
 * The contact form (spec document 000, sections 2, 4, 5 and 8): full name, e-mail, phone, company,
 * inquiry type and message. Checked in the browser with the server's own schema, then sent to
 * POST /api/contact: Send Message, Sending... while busy, then a confirmation and an empty form.
 * The focus stays on the button and the confirmation appears beside it, announced; a refusal takes the
 * focus to the first field in error, or to the form's error beside the button (the form layer, decision 33).
 * With #request-quote in the address (on arrival or later), "Request quote" is chosen and the form is
 * brought into view with the focus on its first field.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation("contact");
  const headingId = useId();
  const [sent, setSent] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const form = useForm({
    schema: () => import("../../../core/contact/schema.ts").then((module) => module.contactInputSchema),
    // The language of the page, for the confirmation e-mail.
    toInput: (values) => ({ ...values, language: isLanguage(i18n.language) ? i18n.language : undefined }),
    submit: ({ value }) => {
      setSent(false);
      return orFailure(api<{ message: string }>("/api/contact", { json: value }), t("messages.failed"));
    },
    onSuccess: (_answer, formElement) => {
      // An empty form again. Not form.reset(): conform would then empty the select too (it knows no default).
      for (const element of formElement.elements)
        if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = "";
        else if (element instanceof HTMLSelectElement) element.value = DEFAULT_INQUIRY_TYPE;
      setSent(true);
      requestAnimationFrame(() => statusRef.current?.scrollIntoView?.({ block: "nearest" }));
    },
  });
  const formRef = form.ref;

  useEffect(() => {
    function openForQuote() {
      if (window.location.hash !== REQUEST_QUOTE_HASH) return;
      setSent(false);
      const element = formRef.current;
      if (!element) return;
      const inquiryType = element.elements.namedItem("inquiryType");
      if (inquiryType instanceof HTMLSelectElement) inquiryType.value = "quote" satisfies InquiryType;
      const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      (element.closest(REQUEST_QUOTE_HASH) ?? element).scrollIntoView?.({
        block: "start",
        behavior: reduce ? "auto" : "smooth",
      });
      element.querySelector<HTMLElement>("input, select, textarea")?.focus({ preventScroll: true });
    }
    openForQuote();
    // A plain link to #request-quote on this page changes the hash without a router navigation.
    window.addEventListener("hashchange", openForQuote);
    return () => window.removeEventListener("hashchange", openForQuote);
    // location.key: a router navigation to the same hash again (the button pressed twice) opens it again.
  }, [location.hash, location.key, formRef]);

  return (
    <Form form={form} onInput={() => setSent(false)} aria-labelledby={headingId} className="space-y-4">
      <div>
        <h3 id={headingId} className="font-display text-2xl font-semibold">
          {t("form.title")}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("form.intro")}</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={<RequiredLabel>{t("fields.name")}</RequiredLabel>} field={form.field("name")}>
          {(props) => <Input {...props} autoComplete="name" required maxLength={CONTACT_LIMITS.name} />}
        </Field>
        <Field label={<RequiredLabel>{t("fields.email")}</RequiredLabel>} field={form.field("email")}>
          {(props) => <Input {...props} type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} />}
        </Field>
        <Field label={t("fields.phone")} field={form.field("phone")}>
          {(props) => <Input {...props} type="tel" autoComplete="tel" maxLength={CONTACT_LIMITS.phone} />}
        </Field>
        <Field label={t("form.companyOptional")} field={form.field("company")}>
          {(props) => <Input {...props} autoComplete="organization" maxLength={CONTACT_LIMITS.company} />}
        </Field>
      </div>
      <Field label={<RequiredLabel>{t("fields.inquiryType")}</RequiredLabel>} field={form.field("inquiryType")}>
        {(props) => (
          <select {...props} required className={selectClasses} defaultValue={DEFAULT_INQUIRY_TYPE}>
            {FORM_INQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`form.inquiryTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={<RequiredLabel>{t("fields.message")}</RequiredLabel>}
        field={form.field("message")}
        hint={t("form.messageHint")}
      >
        {(props) => <Textarea {...props} required rows={4} maxLength={CONTACT_LIMITS.messageMax} />}
      </Field>

      <SubmitButton
        form={form}
        size="lg"
        className="w-full sm:w-auto"
        icon={<Icon name="send" size={18} aria-hidden="true" />}
        label={t("form.send")}
        busyLabel={t("form.sending")}
      />
      <div ref={statusRef} role="status" aria-live="polite" className="scroll-mb-6">
        {sent ? (
          <div
            className="flex gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900"
            data-testid="contact-sent"
          >
            <Icon name="check-circle-2" size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-green-700" />
            <div>
              <p className="font-semibold">{t("messages.sentTitle")}</p>
              <p className="text-sm">{t("messages.sent")}</p>
            </div>
          </div>
        ) : null}
      </div>

      <FormError form={form} testId="contact-failed" />
    </Form>
  );
}
