import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { flushSync } from "react-dom";
import { useLocation } from "react-router";
import { CONTACT_LIMITS, DEFAULT_INQUIRY_TYPE, type InquiryType } from "../../../core/contact/limits.ts";
import { isLanguage } from "../../../core/i18n/language.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { focusFirstInvalid, serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
import { Icon } from "../../components/ui/icon.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

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

type Values = {
  name: string;
  email: string;
  phone: string;
  company: string;
  inquiryType: InquiryType;
  message: string;
};
type FieldName = keyof Values;
const FIELDS: readonly FieldName[] = ["name", "email", "phone", "company", "inquiryType", "message"];
const EMPTY: Values = { name: "", email: "", phone: "", company: "", inquiryType: DEFAULT_INQUIRY_TYPE, message: "" };

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
 * The focus stays on the button; the confirmation (or a refusal) appears beside it and is announced.
 * With #request-quote in the address (on arrival or later), "Request quote" is chosen and the form is
 * brought into view with the focus on its first field.
 */
export function ContactForm() {
  const hydrated = useHydrated();
  const { t, i18n } = useTranslation("contact");
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    function openForQuote() {
      if (window.location.hash !== REQUEST_QUOTE_HASH) return;
      setValues((current) => ({ ...current, inquiryType: "quote" }));
      setSent(false);
      const form = formRef.current;
      if (!form) return;
      const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      (form.closest(REQUEST_QUOTE_HASH) ?? form).scrollIntoView?.({
        block: "start",
        behavior: reduce ? "auto" : "smooth",
      });
      form.querySelector<HTMLElement>("input, select, textarea")?.focus({ preventScroll: true });
    }
    openForQuote();
    // A plain link to #request-quote on this page changes the hash without a router navigation.
    window.addEventListener("hashchange", openForQuote);
    return () => window.removeEventListener("hashchange", openForQuote);
    // location.key: a router navigation to the same hash again (the button pressed twice) opens it again.
  }, [location.hash, location.key]);

  const set =
    (field: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      setSent(false);
      setFailure(null);
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    };

  function refuse(next: Partial<Record<FieldName, string>>) {
    // Called after an await (the schema's import, the server's answer): render the messages now, so that
    // the fields are marked invalid before focusFirstInvalid looks for the first one.
    flushSync(() => setErrors(next));
    focusFirstInvalid(formRef.current);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const language = isLanguage(i18n.language) ? i18n.language : undefined;
    setSending(true);
    try {
      // The schema (and zod) come with the first submit, not with the page.
      const { contactInputSchema } = await import("../../../core/contact/schema.ts");
      const parsed = contactInputSchema.safeParse({ ...values, language });
      if (!parsed.success) {
        refuse(translatedFieldErrors(parsed.error, t, FIELDS));
        return;
      }
      setSent(false);
      await api<{ message: string }>("/api/contact", { json: parsed.data });
      setValues(EMPTY);
      setErrors({});
      setSent(true);
      requestAnimationFrame(() => statusRef.current?.scrollIntoView?.({ block: "nearest" }));
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldErrors(error.body.fields, FIELDS) : {};
      if (Object.keys(fields).length > 0) refuse(fields);
      // The fields say what is wrong with them; anything else (a rate limit says when to try again, else
      // the specification's message) is said next to the button.
      else setFailure(error instanceof ApiError && error.status < 500 ? error.message : t("messages.failed"));
    } finally {
      setSending(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-4">
      <div>
        <h3 id={headingId} className="font-display text-2xl font-semibold">
          {t("form.title")}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("form.intro")}</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={<RequiredLabel>{t("fields.name")}</RequiredLabel>} error={errors.name}>
          {(props) => (
            <Input
              {...props}
              name="name"
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.name}
              value={values.name}
              onChange={set("name")}
            />
          )}
        </Field>
        <Field label={<RequiredLabel>{t("fields.email")}</RequiredLabel>} error={errors.email}>
          {(props) => (
            <Input
              {...props}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.email}
              value={values.email}
              onChange={set("email")}
            />
          )}
        </Field>
        <Field label={t("fields.phone")} error={errors.phone}>
          {(props) => (
            <Input
              {...props}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={CONTACT_LIMITS.phone}
              value={values.phone}
              onChange={set("phone")}
            />
          )}
        </Field>
        <Field label={t("form.companyOptional")} error={errors.company}>
          {(props) => (
            <Input
              {...props}
              name="company"
              autoComplete="organization"
              maxLength={CONTACT_LIMITS.company}
              value={values.company}
              onChange={set("company")}
            />
          )}
        </Field>
      </div>
      <Field label={<RequiredLabel>{t("fields.inquiryType")}</RequiredLabel>} error={errors.inquiryType}>
        {(props) => (
          <select
            {...props}
            name="inquiryType"
            required
            className={selectClasses}
            value={values.inquiryType}
            onChange={set("inquiryType")}
          >
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
        error={errors.message}
        hint={t("form.messageHint")}
      >
        {(props) => (
          <Textarea
            {...props}
            name="message"
            required
            rows={4}
            maxLength={CONTACT_LIMITS.messageMax}
            value={values.message}
            onChange={set("message")}
          />
        )}
      </Field>

      {/* Not disabled while busy: a disabled button would drop the focus the person has on it. */}
      <Button
        type="submit"
        size="lg"
        disabled={!hydrated}
        aria-disabled={sending || undefined}
        aria-busy={sending}
        className={cn("w-full sm:w-auto")}
      >
        {sending ? (
          <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
        ) : (
          <Icon name="send" size={18} aria-hidden="true" />
        )}
        {sending ? t("form.sending") : t("form.send")}
      </Button>
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

      <FormAlert message={failure} testId="contact-failed" />
    </form>
  );
}
