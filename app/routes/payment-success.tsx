import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { formatCents } from "../../core/money/money.ts";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import type { OrderView } from "../lib/orders-api.ts";
import { orderOutcome } from "../features/checkout/order-outcome.ts";
import {
  MoneyRows,
  OrderStatusBadge,
  OutcomeActions,
  OutcomeHeading,
  OutcomeNextSteps,
} from "../features/checkout/order-outcome-view.tsx";
import { useOrderStatus, STATUS_POLL } from "../features/checkout/use-order-status.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { CLASS_ENROLLMENT_KEY, readClassEnrollment, type ClassEnrollmentData } from "../lib/payments-api.ts";
import { ScheduleTable } from "../components/schedule-table.tsx";
import { useAgencyTimeZone } from "../lib/time-zone.ts";
import { useRootData } from "../root-data.ts";
import { toast } from "../components/ui/toast.ts";
import type { Route } from "./+types/payment-success";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "payments:success.title", description: "payments:success.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

/** Try Again after a refused payment: the same amount, plan and service on /payment. */
function retryPath(order: OrderView): string {
  const service = order.orderItems[0]?.serviceName ?? "";
  return `/payment?amount=${order.totalCents / 100}&service=${encodeURIComponent(service)}&paymentPlan=${order.paymentPlan ?? "1time"}`;
}

/**
 * /payment-success (specification 001, section 2): what is true now, updated as the provider answers:
 * "Payment Successful!" (or "Class Enrollment Successful!" with "Back to Class" when a class enrolment is
 * stored) once the whole amount or the first instalment is paid, Partly paid with the schedule, Payment
 * failed with what to do and Try Again, a refund and why when the class filled up while paying. Then the
 * transaction id, the status, the schedule, View Receipt whenever money was received, what's next for
 * that status and the support contact. Paid means the server says so.
 */
export default function PaymentSuccess() {
  const { t } = useTranslation("payments");
  const { t: tcl } = useTranslation("classes");
  const config = useRootData()?.config;
  const timeZone = useAgencyTimeZone();
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get("order_id");
  const state = useOrderStatus(orderId, STATUS_POLL);
  const [enrollment, setEnrollment] = useState<ClassEnrollmentData | null>(null);

  const outcome = state.kind === "ready" ? orderOutcome(state.order) : null;
  const succeeded = outcome === "paid" || outcome === "partlyPaid";
  // A class enrolment whose payment was refused, or refunded because the class filled up meanwhile.
  const notEnrolled =
    state.kind === "error" || outcome === "failed" || outcome === "cancelled" || outcome === "refunded";
  useEffect(() => {
    if (!succeeded && !notEnrolled) return;
    const stored = readClassEnrollment();
    if (!stored) return;
    if (notEnrolled) {
      toast.error(tcl("toast.errorTitle"), { description: tcl("toast.errorText") });
      return;
    }
    setEnrollment(stored);
    // The enrolment is recorded by the server when the payment succeeds; the stored record is done with.
    sessionStorage.removeItem(CLASS_ENROLLMENT_KEY);
    toast.success(tcl("toast.completeTitle"), { description: tcl("toast.completeText") });
  }, [succeeded, notEnrolled, tcl]);

  let content;
  if (!orderId || state.kind === "error") {
    content = (
      <div className="rounded-xl border border-border bg-white p-8 text-center" data-testid="success-error">
        <Icon name="alert-circle" size={40} aria-hidden="true" className="mx-auto text-destructive" />
        <h1 className="mt-4 font-display text-2xl font-semibold">{t("success.loadFailed")}</h1>
      </div>
    );
  } else if (state.kind === "loading") {
    content = (
      <p
        role="status"
        className="flex items-center justify-center gap-3 rounded-xl border border-border bg-white px-6 py-20 text-muted-foreground"
      >
        <Icon name="loader-2" size={20} aria-hidden="true" className="animate-spin" />
        {t("success.loading")}
      </p>
    );
  } else {
    const { order, waiting, gaveUp } = state;
    const transactionId = searchParams.get("payment_intent") ?? order.number;
    content = (
      <div className="space-y-8">
        <OutcomeHeading
          order={order}
          waiting={waiting}
          gaveUp={gaveUp}
          paidTitle={enrollment ? t("success.classTitle") : t("success.title")}
        />
        <section
          className="space-y-5 rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6"
          data-testid="payment-details"
        >
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">{t("success.transactionId")}</dt>
              <dd className="mt-0.5 break-all font-mono font-semibold" data-testid="transaction-id">
                {transactionId}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t("schedule.status")}</dt>
              <dd className="mt-1">
                <OrderStatusBadge order={order} data-testid="success-status" />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground break-words">{order.orderItems[0]?.serviceName}</dt>
              <dd
                className="mt-0.5 font-display text-xl font-semibold whitespace-nowrap tabular-nums"
                data-testid="success-total"
              >
                {formatCents(order.totalCents)}
              </dd>
            </div>
          </dl>
          {order.paidCents > 0 && (order.paidCents !== order.totalCents || order.refundedCents > 0) ? (
            <dl className="space-y-2 border-t border-border pt-4 text-sm">
              <MoneyRows order={order} />
            </dl>
          ) : null}
          {order.schedule.length > 1 || order.paymentPlan === "monthly" ? (
            <ScheduleTable schedule={order.schedule} monthly={order.paymentPlan === "monthly"} timeZone={timeZone} />
          ) : null}
        </section>
        <OutcomeActions order={order} retryTo={enrollment?.returnUrl ?? retryPath(order)}>
          {enrollment && succeeded ? (
            <LocalizedLink
              to={enrollment.returnUrl}
              className={buttonClasses("primary", "lg")}
              data-testid="back-to-class"
            >
              {t("success.backToClass")}
            </LocalizedLink>
          ) : null}
        </OutcomeActions>
        <OutcomeNextSteps order={order} />
        <section aria-labelledby="support-title" className="text-center text-sm">
          <h2 id="support-title" className="font-semibold">
            {t("success.supportTitle")}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {t("success.supportText", { email: config?.companyEmail ?? "", phone: config?.companyPhone ?? "" })}
          </p>
        </section>
      </div>
    );
  }

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {content}
      <p className="mt-8 text-center">
        <LocalizedLink to="/" className={buttonClasses("primary", "lg")} data-testid="return-home">
          {t("success.backHome")}
        </LocalizedLink>
      </p>
    </main>
  );
}
