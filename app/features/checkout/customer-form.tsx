import { useTranslation } from "../../i18n/react.tsx";
import type { OrderCustomer } from "../../../core/orders/customer-schema.ts";
import { Field, Input } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { Form, useForm } from "../../lib/form.tsx";
import { CUSTOMER_LIMITS, type CustomerField } from "./customer-rules.ts";

const LABELS: Record<CustomerField, string> = {
  customerFirstName: "customer.firstName",
  customerLastName: "customer.lastName",
  customerEmail: "customer.email",
  customerPhone: "customer.phone",
  customerCompany: "customer.company",
};
const AUTOCOMPLETE: Record<CustomerField, string> = {
  customerFirstName: "given-name",
  customerLastName: "family-name",
  customerEmail: "email",
  customerPhone: "tel",
  customerCompany: "organization",
};
const TYPES: Partial<Record<CustomerField, string>> = { customerEmail: "email", customerPhone: "tel" };
const MAX: Record<CustomerField, number> = {
  customerFirstName: CUSTOMER_LIMITS.name,
  customerLastName: CUSTOMER_LIMITS.name,
  customerEmail: CUSTOMER_LIMITS.email,
  customerPhone: CUSTOMER_LIMITS.phone,
  customerCompany: CUSTOMER_LIMITS.company,
};

/**
 * The customer form of /checkout (specification 001, sections 2 and 5), on the form layer (decision 33):
 * checked with the order's own schema (first name, last name, a valid e-mail), then `onSubmit`, whose
 * refusal (an ApiError) is shown at the fields it names or as the form's error (`checkout-alert`). At step 1
 * it ends with "Create Order" ("Creating Order..." while busy); at step 2 (`locked`) it shows the details
 * the order was made with, read only.
 */
export function CustomerForm({
  onSubmit,
  onFailure,
  locked,
}: {
  onSubmit(customer: OrderCustomer): Promise<unknown>;
  onFailure?(error: unknown): void;
  locked: boolean;
}) {
  const { t } = useTranslation("checkout");
  const form = useForm({
    schema: () => import("../../../core/orders/customer-schema.ts").then((module) => module.orderCustomerSchema),
    submit: ({ value }) => onSubmit(value),
    onFailure,
  });

  const field = (name: CustomerField, required: boolean) => (
    <Field label={t(LABELS[name])} field={form.field(name)}>
      {(props) => (
        <Input
          {...props}
          type={TYPES[name] ?? "text"}
          autoComplete={AUTOCOMPLETE[name]}
          maxLength={MAX[name]}
          required={required}
          aria-required={required}
          readOnly={locked}
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
      <Form form={form} className="mt-5 space-y-4" data-testid="customer-form">
        <FormError form={form} testId="checkout-alert" />
        <div className="grid gap-4 sm:grid-cols-2">
          {field("customerFirstName", true)}
          {field("customerLastName", true)}
        </div>
        {field("customerEmail", true)}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("customerPhone", false)}
          {field("customerCompany", false)}
        </div>
        {locked ? null : (
          <SubmitButton
            form={form}
            size="lg"
            className="w-full text-base"
            label={t("customer.createOrder")}
            busyLabel={t("customer.creatingOrder")}
          />
        )}
      </Form>
    </section>
  );
}
