import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input } from "../../components/ui/field.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { focusFirstInvalid } from "../../lib/form-errors.ts";
import { CUSTOMER_LIMITS, customerErrors, type CustomerField, type CustomerValues } from "./customer-rules.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

const AUTOCOMPLETE: Record<CustomerField, string> = {
  firstName: "given-name",
  lastName: "family-name",
  email: "email",
  phone: "tel",
  company: "organization",
};
const TYPES: Partial<Record<CustomerField, string>> = { email: "email", phone: "tel" };
const MAX: Record<CustomerField, number> = {
  firstName: CUSTOMER_LIMITS.name,
  lastName: CUSTOMER_LIMITS.name,
  email: CUSTOMER_LIMITS.email,
  phone: CUSTOMER_LIMITS.phone,
  company: CUSTOMER_LIMITS.company,
};

/**
 * The customer form of /checkout (specification 001, sections 2 and 5). At step 1 it ends with "Create
 * Order" ("Creating Order..." while busy); at step 2 it shows the details the order was made with, read
 * only. Field errors come from the rules, or from the server (`serverErrors`, already translated).
 */
export function CustomerForm({
  values,
  onChange,
  onSubmit,
  busy,
  locked,
  serverErrors,
}: {
  values: CustomerValues;
  onChange(values: CustomerValues): void;
  onSubmit?(values: CustomerValues): void;
  busy: boolean;
  locked: boolean;
  serverErrors?: Partial<Record<CustomerField, string>>;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation("checkout");
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<CustomerField, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || locked || !onSubmit) return;
    const found = customerErrors(values);
    setErrors(found);
    setSubmitted(true);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    onSubmit(values);
  }

  function change(field: CustomerField, value: string) {
    const next = { ...values, [field]: value };
    onChange(next);
    // After a first attempt, a corrected field loses its message as soon as it is right.
    if (submitted) setErrors(customerErrors(next));
  }

  const errorOf = (field: CustomerField) => (errors[field] ? t(errors[field]) : (serverErrors?.[field] ?? null));
  const field = (name: CustomerField, required: boolean) => (
    <Field label={t(`customer.${name}`)} error={errorOf(name)}>
      {(props) => (
        <Input
          {...props}
          name={name}
          type={TYPES[name] ?? "text"}
          autoComplete={AUTOCOMPLETE[name]}
          maxLength={MAX[name]}
          required={required}
          aria-required={required}
          readOnly={locked}
          value={values[name]}
          onChange={(event) => change(name, event.target.value)}
          className={locked ? "bg-muted text-muted-foreground" : undefined}
        />
      )}
    </Field>
  );

  return (
    <section aria-labelledby="customer-title" className="rounded-xl border border-border bg-white p-6 shadow-sm">
      <h2 id="customer-title" className="font-display text-2xl font-semibold">
        {t("customer.title")}
      </h2>
      <form ref={form} noValidate onSubmit={submit} className="mt-5 space-y-4" data-testid="customer-form">
        <div className="grid gap-4 sm:grid-cols-2">
          {field("firstName", true)}
          {field("lastName", true)}
        </div>
        {field("email", true)}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("phone", false)}
          {field("company", false)}
        </div>
        {locked ? null : (
          <Button type="submit" size="lg" className="w-full text-base" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" /> : null}
            {busy ? t("customer.creatingOrder") : t("customer.createOrder")}
          </Button>
        )}
      </form>
    </section>
  );
}
