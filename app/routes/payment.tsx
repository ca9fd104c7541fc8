import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { PAYMENT_PLANS, planSchedule, type PaymentPlan } from "../../core/instalments/rules.ts";
import { formatCents } from "../../core/money/money.ts";
import { Field, Input } from "../components/ui/field.tsx";
import { FormError } from "../components/ui/form-alert.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { toast } from "../components/ui/toast.ts";
import { ApiError } from "../lib/api.ts";
import { Form, useForm } from "../lib/form.tsx";
import { orFailure } from "../lib/server-failure.ts";
import type { PaymentOutcome } from "../lib/orders-api.ts";
import type { PaymentFailure } from "../features/checkout/payment-step.tsx";
import { DeferredPaymentStep, loadPaymentStep } from "../features/checkout/deferred-payment-step.tsx";
import { fetchPaymentIntent } from "../lib/orders-api.ts";
import {
  createCustomPayment,
  readClassEnrollment,
  type ClassEnrollmentData,
  type CustomPaymentAnswer,
} from "../lib/payments-api.ts";
import { ClassEnrollmentSetup } from "../features/classes/class-enrollment-setup.tsx";
import type { ClassPaymentAnswer } from "../features/classes/classes-api.ts";
import { ScheduleTable } from "../components/schedule-table.tsx";
import { useLocalizedPath } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/payment";

export function loader(args: Route.LoaderArgs) {
  return {
    language: pageLanguage(args.params, args.context),
    meta: pageMeta(args, { title: "payments:custom.title", description: "payments:custom.metaDescription" }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

type Field = "serviceName" | "amount" | "paymentPlan" | "customerName" | "customerEmail";

/** The setup form's first values: the documents' defaults (100, 1time, "Marketing Services") or the query's. */
function initialValues(params: URLSearchParams) {
  const plan = params.get("paymentPlan");
  const amount = params.get("amount");
  return {
    serviceName: (params.get("service") ?? "").trim().slice(0, 200) || "Marketing Services",
    amount: amount && /^\d+(\.\d{1,2})?$/.test(amount) ? amount : "100",
    paymentPlan: (PAYMENT_PLANS as readonly string[]).includes(plan ?? "")
      ? (plan as PaymentPlan)
      : ("1time" as PaymentPlan),
    customerName: "",
    customerEmail: "",
  };
}

/**
 * /payment, "Custom Payment" (specification 001, sections 2, 3, 5): the setup form (service, amount,
 * plan, and who pays), checked here and again by the server with the same rules, then the payment step
 * for the first instalment with the schedule beside it. "Complete Class Enrollment" when a class
 * enrolment left its data in the browser session: the class at the server's price, who enrols, then
 * the payment step for the seat held.
 */
export default function Payment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { t: tc } = useTranslation("checkout");
  const { t: tcl } = useTranslation("classes");
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  // The setup's values: the schedule beside the form follows the amount and the plan as they are typed.
  const [values, setValues] = useState(() => initialValues(searchParams));
  const [created, setCreated] = useState<CustomPaymentAnswer | null>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [enrollment, setEnrollment] = useState<ClassEnrollmentData | null>(null);
  const [classCreated, setClassCreated] = useState<ClassPaymentAnswer | null>(null);
  const form = useForm({
    schema: () => import("../../core/instalments/schema.ts").then((module) => module.customPaymentSchema),
    toInput: (input) => ({ ...input, language: loaderData.language }),
    submit: ({ value }) => {
      void loadPaymentStep();
      return orFailure(createCustomPayment({ ...value, language: loaderData.language }), t("custom.errorText"));
    },
    onSuccess: setCreated,
    onFailure: () => toast.error(t("custom.errorTitle"), { description: t("custom.errorText") }),
  });

  useEffect(() => {
    const stored = readClassEnrollment();
    if (stored) setEnrollment(stored);
  }, []);

  // The payment under way: a custom payment's, or a class enrolment's (its price the server's).
  const intent = created ?? classCreated;
  const orderId = created?.paymentData.orderId ?? classCreated?.enrollment.orderId ?? null;

  const amountNumber = Number(values.amount);
  const preview =
    Number.isFinite(amountNumber) && amountNumber >= 10 && amountNumber <= 50_000
      ? planSchedule(values.paymentPlan, Math.round(amountNumber * 100), new Date())
      : [];

  const successPath = (orderId: string) => `/payment-success?order_id=${encodeURIComponent(orderId)}`;

  function onOutcome(outcome: PaymentOutcome) {
    if (!orderId) return;
    if (outcome.status === "failed") {
      setFailure({ message: outcome.message ?? null });
      toast.error(tc("toast.paymentFailedTitle"), { description: outcome.message || tc("toast.paymentFailedText") });
      return;
    }
    toast.success(tc("toast.processingTitle"), { description: tc("toast.processingText") });
    void navigate(localize(successPath(orderId)));
  }

  async function retry() {
    if (!orderId || retrying) return;
    setRetrying(true);
    try {
      const next = await fetchPaymentIntent(orderId);
      if (created) setCreated({ ...created, ...next });
      if (classCreated) setClassCreated({ ...classCreated, ...next });
      setFailure(null);
    } catch (error) {
      toast.error(tc("toast.paymentFailedTitle"), {
        description: error instanceof ApiError ? error.message : tc("toast.paymentFailedText"),
      });
    } finally {
      setRetrying(false);
    }
  }

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <h1
        className="flex items-center gap-3 font-display text-4xl font-semibold tracking-tight sm:text-5xl"
        data-testid="payment-heading"
      >
        <Icon name="lock" size={32} aria-hidden="true" className="text-primary" />
        {enrollment ? t("custom.headingClass") : t("custom.headingPayment")}
      </h1>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {intent && orderId ? (
            <DeferredPaymentStep
              intent={intent}
              language={loaderData.language}
              submitLabel={t("custom.payNow", { amount: formatCents(intent.amountCents) })}
              returnUrl={`${window.location.origin}${localize(successPath(orderId))}`}
              failure={failure}
              retrying={retrying}
              onOutcome={onOutcome}
              onUnexpected={() => {
                setFailure({ message: null });
                toast.error(tc("toast.paymentFailedTitle"), { description: tc("toast.paymentFailedText") });
              }}
              onNotReady={() =>
                toast.error(tc("toast.paymentErrorTitle"), { description: tc("toast.paymentErrorText") })
              }
              onRetry={() => void retry()}
            />
          ) : enrollment ? (
            <ClassEnrollmentSetup enrollment={enrollment} language={loaderData.language} onCreated={setClassCreated} />
          ) : (
            <Form
              form={form}
              className="space-y-4 rounded-xl border border-border bg-white p-6 shadow-sm"
              data-testid="payment-setup"
              aria-busy={form.busy}
            >
              <h2 className="font-display text-2xl font-semibold">{t("custom.setupTitle")}</h2>
              <FormError form={form} testId="payment-alert" />
              <Field label={t("custom.serviceName")} field={form.field("serviceName")}>
                {(props) => (
                  <Input {...props} value={values.serviceName} onChange={set("serviceName")} maxLength={200} />
                )}
              </Field>
              <Field label={t("custom.amount")} field={form.field("amount")} hint={t("custom.amountHint")}>
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    inputMode="decimal"
                    min={10}
                    max={50000}
                    step={0.01}
                    value={values.amount}
                    onChange={set("amount")}
                  />
                )}
              </Field>
              <Field label={t("custom.paymentPlan")} field={form.field("paymentPlan")}>
                {(props) => (
                  <select
                    {...props}
                    value={values.paymentPlan}
                    onChange={set("paymentPlan")}
                    className="h-10 w-full rounded-lg border border-border bg-white px-3 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
                  >
                    {PAYMENT_PLANS.map((plan) => (
                      <option key={plan} value={plan}>
                        {t(`custom.plans.${plan}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t("custom.customerName")} field={form.field("customerName")}>
                {(props) => (
                  <Input
                    {...props}
                    autoComplete="name"
                    value={values.customerName}
                    onChange={set("customerName")}
                    maxLength={200}
                  />
                )}
              </Field>
              <Field label={t("custom.customerEmail")} field={form.field("customerEmail")}>
                {(props) => (
                  <Input
                    {...props}
                    type="email"
                    autoComplete="email"
                    value={values.customerEmail}
                    onChange={set("customerEmail")}
                    maxLength={254}
                  />
                )}
              </Field>
              <SubmitButton
                form={form}
                size="lg"
                className="w-full text-base"
                testId="payment-continue"
                label={t("custom.continue")}
                busyLabel={t("custom.creating")}
              />
            </Form>
          )}
        </div>
        {/* A class enrolment shows its class and price in its own step until the seat is held. */}
        {enrollment && !classCreated ? null : (
          <aside
            className="space-y-4 rounded-xl border border-border bg-white p-6 shadow-sm lg:sticky lg:top-24"
            data-testid="payment-summary"
          >
            <p className="font-semibold">
              {created?.paymentData.serviceName ??
                classCreated?.enrollment.title ??
                enrollment?.serviceName ??
                values.serviceName}
            </p>
            {classCreated ? (
              <>
                <p className="flex justify-between text-sm">
                  <span className="text-muted-foreground">{t("custom.dueToday")}</span>
                  <span className="font-display text-xl font-semibold tabular-nums" data-testid="payment-due">
                    {formatCents(classCreated.amountCents)}
                  </span>
                </p>
                <p className="text-sm text-muted-foreground" data-testid="seat-held">
                  {tcl("enrol.seatHeld", {
                    time: new Intl.DateTimeFormat(loaderData.language === "fr" ? "fr-FR" : "en-US", {
                      timeStyle: "short",
                    }).format(new Date(classCreated.enrollment.reservedUntil)),
                  })}
                </p>
              </>
            ) : created ? (
              <>
                <p className="flex justify-between text-sm">
                  <span className="text-muted-foreground">{t("custom.dueToday")}</span>
                  <span className="font-display text-xl font-semibold tabular-nums">
                    {formatCents(created.amountCents)}
                  </span>
                </p>
                <ScheduleTable
                  schedule={created.paymentData.schedule}
                  monthly={created.paymentData.paymentPlan === "monthly"}
                />
              </>
            ) : preview.length > 0 ? (
              <ScheduleTable
                schedule={preview.map((entry) => ({
                  ...entry,
                  dueAt: entry.dueAt.toISOString(),
                  status: "due" as const,
                }))}
                monthly={values.paymentPlan === "monthly"}
              />
            ) : null}
          </aside>
        )}
      </div>
    </main>
  );
}
