import { useState } from "react";
import { data, useNavigate } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { DomainError } from "../../core/errors.ts";
import { formatCents } from "../../core/money/money.ts";
import { Field, Input } from "../components/ui/field.tsx";
import { FormError } from "../components/ui/form-alert.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { toast } from "../components/ui/toast.ts";
import { api, ApiError } from "../lib/api.ts";
import { Form, useForm } from "../lib/form.tsx";
import type { PaymentIntentView, PaymentOutcome } from "../lib/orders-api.ts";
import type { PaymentFailure } from "../features/checkout/payment-step.tsx";
import { DeferredPaymentStep, loadPaymentStep } from "../features/checkout/deferred-payment-step.tsx";
import { LocalizedLink, useLocalizedPath } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import type { Route } from "./+types/subscribe";

/** The plan is read on the server by its name (decision 4): a `price` in the address sets nothing. */
export async function loader(args: Route.LoaderArgs) {
  const language = pageLanguage(args.params, args.context);
  const search = new URL(args.request.url).searchParams;
  const name = (search.get("plan") ?? "Professional").trim().slice(0, 100) || "Professional";
  const meta = pageMeta(args, {
    title: "payments:subscription.title",
    description: "payments:subscription.metaDescription",
  });
  try {
    return {
      language,
      plan: await args.context.services.checkout.subscriptions.plan(name, language),
      unknown: null,
      resume: await unpaidOfLink(args, search.get("resume")),
      meta,
    };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found")
      return data({ language, plan: null, unknown: name, resume: null, meta }, 404);
    throw error;
  }
}

/**
 * The unpaid subscription a management link names (`resume`): its subscriber, who started it in another
 * browser, pays its first invoice here. Null for no link, another token, or one with nothing to pay.
 */
async function unpaidOfLink(
  args: Route.LoaderArgs,
  token: string | null,
): Promise<{ token: string; name: string; email: string } | null> {
  if (!token) return null;
  try {
    const subscription = await args.context.services.checkout.subscriptions.byToken(token);
    return subscription.status === "incomplete"
      ? { token, name: subscription.customerName, email: subscription.customerEmail }
      : null;
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") return null;
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...metaTags(loaded?.meta),
  { name: "robots", content: "noindex" },
];

/** A live subscription another browser started: its link was e-mailed to its address, nothing else is said. */
interface LinkEmailed {
  emailed: true;
  message: string;
}

interface SubscriptionAnswer {
  clientSecret: string | null;
  subscriptionId: string;
  status: string;
  provider: "sandbox" | "stripe";
  publishableKey: string | null;
  /** The signed token of the subscription's own page (no account needed); the success page reads it. */
  manageToken: string;
}

/**
 * /subscribe (specification 001, section 2): the plan from the server, "What's Included", full name and
 * email, then the payment step, "Subscribe for ${price}/month". The subscription is asked for with the
 * values typed (decision 5), once the form is filled; an unknown plan gets a page that says so.
 */
export default function Subscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { t: tc } = useTranslation("checkout");
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const resume = loaderData.resume;
  const [answer, setAnswer] = useState<SubscriptionAnswer | null>(null);
  const [emailed, setEmailed] = useState<string | null>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const plan = loaderData.plan;
  const successPath = (token: string) => `/subscribe/success?subscription=${encodeURIComponent(token)}`;

  const form = useForm({
    schema: () => import("../../core/checkout/schema.ts").then((module) => module.subscriptionRequestSchema),
    toInput: (values) => ({
      name: values.name ?? "",
      email: values.email ?? "",
      priceId: plan?.name,
      language: loaderData.language,
    }),
    // The specification's toast for a field left empty, besides the fields' own messages.
    required: {
      fields: ["name", "email"],
      onMissing: () => toast.error(t("toast.missingTitle"), { description: t("toast.missingText") }),
    },
    submit: ({ value }) => {
      setEmailed(null);
      void loadPaymentStep();
      // Opened from the subscription's e-mailed link: that subscription is paid, whoever started it.
      return resume
        ? api<SubscriptionAnswer>(`/api/subscriptions/manage/${encodeURIComponent(resume.token)}/payment`, {
            method: "POST",
            json: {},
          })
        : api<SubscriptionAnswer | LinkEmailed>("/api/get-or-create-subscription", { json: value });
    },
    onSuccess: (created) => {
      if ("emailed" in created) setEmailed(created.message);
      else if (!created.clientSecret) void navigate(localize(successPath(created.manageToken)));
      else setAnswer(created);
    },
    onFailure: (error) =>
      toast.error(tc("toast.paymentFailedTitle"), {
        description: error instanceof ApiError && error.status < 500 ? error.message : tc("toast.paymentFailedText"),
      }),
  });

  if (!plan) {
    return (
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-14 text-center sm:px-6">
        <Icon name="alert-circle" size={40} aria-hidden="true" className="mx-auto text-destructive" />
        <h1 className="mt-4 font-display text-3xl font-semibold" data-testid="unknown-plan">
          {t("subscription.unknownTitle")}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {t("subscription.unknownText", { plan: loaderData.unknown ?? "" })}
        </p>
        <p className="mt-6">
          <LocalizedLink to="/" className="font-medium text-primary underline">
            {t("subscription.backHome")}
          </LocalizedLink>
        </p>
      </main>
    );
  }
  const price = formatCents(plan.priceCents);
  function onOutcome(outcome: PaymentOutcome) {
    if (!answer) return;
    if (outcome.status === "failed") {
      setFailure({ message: outcome.message ?? null });
      toast.error(tc("toast.paymentFailedTitle"), { description: outcome.message || tc("toast.paymentFailedText") });
      return;
    }
    toast.success(t("subscription.successToastTitle"), { description: t("subscription.successToastText") });
    void navigate(localize(successPath(answer.manageToken)));
  }

  const intent: PaymentIntentView | null = answer?.clientSecret
    ? {
        clientSecret: answer.clientSecret,
        provider: answer.provider,
        publishableKey: answer.publishableKey,
        amountCents: plan.priceCents,
      }
    : null;

  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">
        {plan.name} <span className="text-2xl text-muted-foreground">{t("subscription.perMonth", { price })}</span>
      </h1>
      <p className="mt-2 text-muted-foreground">{plan.description}</p>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {form.busy ? (
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <Icon name="loader-2" size={18} aria-hidden="true" className="animate-spin" />
              {t("subscription.loading")}
            </p>
          ) : null}
          <Form
            form={form}
            className="space-y-4 rounded-xl border border-border bg-white p-6 shadow-sm"
            data-testid="subscribe-form"
          >
            <FormError form={form} />
            <Field label={t("subscription.fullName")} field={form.field("name")}>
              {(props) => (
                <Input
                  {...props}
                  autoComplete="name"
                  defaultValue={resume?.name ?? ""}
                  readOnly={intent !== null}
                  maxLength={200}
                />
              )}
            </Field>
            <Field label={t("subscription.email")} field={form.field("email")}>
              {(props) => (
                <Input
                  {...props}
                  type="email"
                  autoComplete="email"
                  defaultValue={resume?.email ?? ""}
                  readOnly={intent !== null}
                  maxLength={254}
                />
              )}
            </Field>
            {intent ? null : (
              <SubmitButton
                form={form}
                size="lg"
                className="w-full text-base"
                label={t("subscription.start")}
                busyLabel={t("subscription.start")}
                testId="subscribe-start"
              />
            )}
          </Form>
          {emailed ? (
            <div
              role="status"
              className="rounded-xl border border-border bg-white p-6 shadow-sm"
              data-testid="subscribe-link-emailed"
            >
              <h2 className="flex items-center gap-2 font-semibold">
                <Icon name="mail" size={18} aria-hidden="true" />
                {t("subscription.linkSentTitle")}
              </h2>
              <p className="mt-2 text-muted-foreground">{emailed}</p>
            </div>
          ) : null}
          {intent && answer ? (
            <DeferredPaymentStep
              intent={intent}
              language={loaderData.language}
              submitLabel={t("subscription.subscribe", { price })}
              returnUrl={`${window.location.origin}${localize(successPath(answer.manageToken))}`}
              failure={failure}
              retrying={false}
              onOutcome={onOutcome}
              onUnexpected={() => setFailure({ message: null })}
              onNotReady={() =>
                toast.error(tc("toast.paymentErrorTitle"), { description: tc("toast.paymentErrorText") })
              }
              onRetry={() => setFailure(null)}
            />
          ) : null}
        </div>
        <aside className="rounded-xl border border-border bg-white p-6 shadow-sm" data-testid="subscribe-included">
          <h2 className="font-semibold">{t("subscription.included")}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Icon name="check" size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-primary" />
                {feature}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </main>
  );
}
