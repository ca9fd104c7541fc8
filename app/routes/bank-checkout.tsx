import { useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { formatCents } from "../../core/money/money.ts";
import { Button } from "../components/ui/button.tsx";
import { Field, Input } from "../components/ui/field.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { toast } from "../components/ui/toast.ts";
import { ApiError } from "../lib/api.ts";
import { Form, useForm } from "../lib/form.tsx";
import { createAchPayment, verifyBankAccount } from "../lib/payments-api.ts";
import { LocalizedLink, useLocalizedPath } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/bank-checkout";

export function loader(args: Route.LoaderArgs) {
  return {
    language: pageLanguage(args.params, args.context),
    sandbox: args.context.services.checkout.providerName === "sandbox",
    meta: pageMeta(args, { title: "payments:bank.title", description: "payments:bank.metaDescription" }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

/** After a bank transfer is initiated, the visitor goes to the order's page after this long (section 9). */
export const REDIRECT_DELAY_MS = 2_000;

/** What a press of the form gives: an account verified, a payment made, or nothing sent (a toast said why). */
type BankAnswer =
  | { verified: Awaited<ReturnType<typeof verifyBankAccount>> }
  | { paid: Awaited<ReturnType<typeof createAchPayment>> }
  | null;

type BankField = "customerName" | "customerEmail" | "accountHolderName" | "routingNumber" | "accountNumber";
const EMPTY = { customerName: "", customerEmail: "", accountHolderName: "", routingNumber: "", accountNumber: "" };

/**
 * /bank-checkout, "Bank Transfer Payment" (specification 001, sections 2, 4, 8): service and amount from
 * the query (Marketing Consultation and 500 by default), the benefits, the bank account form and
 * "Verify Bank Account"; once verified, "Account ending in" and the last 4 digits, and the payment.
 * Payment is blocked until the account is verified; after it, the order's page after 2 seconds.
 */
export default function BankCheckout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const serviceName = (searchParams.get("service") ?? "").trim().slice(0, 200) || "Marketing Consultation";
  const queryAmount = Number(searchParams.get("amount"));
  const amount = Number.isFinite(queryAmount) && queryAmount > 0 ? Math.round(queryAmount * 100) / 100 : 500;
  // Controlled: the bank numbers keep their digits only, and a changed account must be verified again.
  const [values, setValues] = useState(EMPTY);
  const [verified, setVerified] = useState<{ bankAccountId: string; last4: string } | null>(null);
  // What the form is doing (the button pressed): the ref for the submit, the state for the busy button.
  const pressed = useRef<"verify" | "pay">("pay");
  const [action, setAction] = useState<"verify" | "pay">("pay");
  const [done, setDone] = useState(false);

  const set = (field: BankField) => (event: { target: { value: string } }) => {
    const value =
      field === "routingNumber" || field === "accountNumber"
        ? event.target.value.replace(/\D/g, "")
        : event.target.value;
    setValues({ ...values, [field]: field === "routingNumber" ? value.slice(0, 9) : value });
    // Another account must be verified again.
    if (field !== "customerName" && field !== "customerEmail") setVerified(null);
  };

  /** Verify Bank Account: the account's fields, all required, checked by the server (its field messages at the fields). */
  async function verify(): Promise<BankAnswer> {
    if (Object.values(values).some((value) => value.trim() === "")) {
      toast.error(t("toast.missingTitle"), { description: t("bank.missing") });
      return null;
    }
    try {
      const answer = await verifyBankAccount(values);
      return { verified: answer };
    } catch (error) {
      if (error instanceof ApiError && error.status < 500)
        toast.error(t("toast.verificationFailedTitle"), { description: error.message });
      else toast.error(t("toast.verificationErrorTitle"), { description: t("toast.verificationErrorText") });
      throw error;
    }
  }

  /** Pay: only a verified account; then the order's page after 2 seconds. */
  async function pay(): Promise<BankAnswer> {
    if (done) return null;
    if (!verified) {
      toast.error(t("toast.notVerifiedTitle"), { description: t("bank.notVerified") });
      return null;
    }
    try {
      const answer = await createAchPayment({
        amount,
        customerEmail: values.customerEmail,
        customerName: values.customerName,
        serviceName,
        bankAccountId: verified.bankAccountId,
        language: loaderData.language,
      });
      return { paid: answer };
    } catch (error) {
      if (error instanceof ApiError && error.status < 500)
        toast.error(t("toast.paymentFailedTitle"), { description: error.message });
      else toast.error(t("toast.paymentErrorTitle"), { description: t("toast.paymentErrorText") });
      throw error;
    }
  }

  // One form, two submit buttons: Verify Bank Account and Pay (the press says which: `action`). Refusals
  // are toasted; the server's field messages are shown at the fields.
  const form = useForm({
    submit: () => (pressed.current === "verify" ? verify() : pay()),
    onSuccess: (answer) => {
      if (answer && "verified" in answer) {
        setVerified({ bankAccountId: answer.verified.bankAccountId, last4: answer.verified.last4 });
        toast.success(t("toast.verifiedTitle"), { description: answer.verified.message });
      } else if (answer && "paid" in answer) {
        setDone(true);
        toast.success(t("toast.initiatedTitle"), { description: t("bank.initiated") });
        // No receipt is asked for here: the server e-mails it when the bank confirms the debit.
        setTimeout(
          () => void navigate(localize(`/checkout/success?order_id=${encodeURIComponent(answer.paid.orderId)}`)),
          REDIRECT_DELAY_MS,
        );
      }
    },
  });

  const field = (name: BankField, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} field={form.field(name)}>
      {(props) => <Input {...props} value={values[name]} onChange={set(name)} {...extra} />}
    </Field>
  );

  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="flex items-center gap-3 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
        <Icon name="lock" size={32} aria-hidden="true" className="text-primary" />
        {t("bank.title")}
      </h1>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form
          form={form}
          onSubmitCapture={(event) => {
            if (form.busy) return;
            const submitter = (event.nativeEvent as SubmitEvent).submitter;
            pressed.current = submitter?.dataset.action === "verify" ? "verify" : "pay";
            setAction(pressed.current);
          }}
          className="space-y-4 rounded-xl border border-border bg-white p-6 shadow-sm"
          data-testid="bank-form"
          aria-busy={form.busy}
        >
          <h2 className="font-display text-2xl font-semibold">{t("bank.formTitle")}</h2>
          {loaderData.sandbox ? (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {t("bank.sandboxNote")}
            </p>
          ) : null}
          {field("customerName", t("bank.fullName"), { autoComplete: "name", maxLength: 200 })}
          {field("customerEmail", t("bank.email"), { type: "email", autoComplete: "email", maxLength: 254 })}
          {field("accountHolderName", t("bank.holderName"), { maxLength: 200 })}
          {field("routingNumber", t("bank.routingNumber"), {
            inputMode: "numeric",
            maxLength: 9,
            className: "tabular-nums",
          })}
          {field("accountNumber", t("bank.accountNumber"), {
            inputMode: "numeric",
            maxLength: 17,
            autoComplete: "off",
            className: "tabular-nums",
          })}
          {verified ? (
            <div
              role="status"
              className="flex items-start gap-2.5 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900"
              data-testid="bank-verified"
            >
              <Icon name="circle-check" size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
              <p>
                <strong className="block font-semibold">{t("bank.verifiedTitle")}</strong>
                {t("bank.endingIn")} <span className="font-mono">{verified.last4}</span>
              </p>
            </div>
          ) : (
            <Button
              type="submit"
              data-action="verify"
              variant="outline"
              size="lg"
              className="w-full"
              disabled={!form.hydrated}
              aria-disabled={form.busy || undefined}
              aria-busy={form.busy && action === "verify"}
              data-testid="verify-bank"
            >
              {form.busy && action === "verify" ? (
                <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
              ) : (
                <Icon name="lock" size={18} aria-hidden="true" />
              )}
              {form.busy && action === "verify" ? t("bank.verifying") : t("bank.verify")}
            </Button>
          )}
          {/* Disabled once paid too, while the order's page is on its way. */}
          <SubmitButton
            form={{ busy: form.busy && action === "pay", hydrated: form.hydrated && !done }}
            size="lg"
            className="w-full text-base"
            testId="bank-pay"
            icon={<Icon name="lock" size={18} aria-hidden="true" />}
            label={t("bank.pay", { amount: formatCents(Math.round(amount * 100)) })}
            busyLabel={t("bank.paying")}
          />
          <ul className="space-y-1.5 text-xs text-muted-foreground">
            <li>{t("bank.note1")}</li>
            <li>{t("bank.note2")}</li>
            <li>{t("bank.note3")}</li>
          </ul>
        </Form>
        <aside className="space-y-5 rounded-xl border border-border bg-white p-6 shadow-sm">
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{t("bank.service")}</dt>
              <dd className="font-medium">{serviceName}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{t("bank.amount")}</dt>
              <dd className="font-display text-xl font-semibold tabular-nums">
                {formatCents(Math.round(amount * 100))}
              </dd>
            </div>
          </dl>
          <div>
            <h2 className="font-semibold">{t("bank.benefitsTitle")}</h2>
            <ul className="mt-2 space-y-2 text-sm">
              {(["benefit1", "benefit2", "benefit3", "benefit4"] as const).map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <Icon name="check" size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-primary" />
                  {t(`bank.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <p className="text-sm">
            {t("bank.preferCard")}{" "}
            <LocalizedLink
              to={`/checkout?service=${encodeURIComponent(serviceName)}&amount=${amount}`}
              className="font-medium text-primary underline"
            >
              {t("bank.standardCheckout")}
            </LocalizedLink>
          </p>
        </aside>
      </div>
    </main>
  );
}
