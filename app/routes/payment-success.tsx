import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { formatCents } from "../../core/money/money.ts";
import { buttonClasses } from "../components/ui/button.tsx";
import type { OrderView } from "../lib/orders-api.ts";
import { orderOutcome } from "../features/checkout/order-outcome.ts";
import { MoneyRows, OutcomeActions, OutcomeFacts, OutcomeNextSteps } from "../features/checkout/order-outcome-view.tsx";
import { OutcomePage } from "../features/checkout/outcome-page.tsx";
import { useOrderStatus, STATUS_POLL } from "../features/checkout/use-order-status.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { CLASS_ENROLLMENT_KEY, readClassEnrollment, type ClassEnrollmentData } from "../lib/payments-api.ts";
import { ScheduleTable } from "../components/schedule-table.tsx";
import { useAgencyTimeZone } from "../lib/time-zone.ts";
import { SupportContact } from "../components/support-contact.tsx";
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

  return (
    <OutcomePage
      orderId={orderId}
      state={state}
      paidTitle={enrollment ? t("success.classTitle") : t("success.title")}
      texts={{ loading: t("success.loading"), loadError: t("success.loadFailed"), home: t("success.backHome") }}
    >
      {(order) => (
        <>
          <section
            className="space-y-5 rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6"
            data-testid="payment-details"
          >
            <OutcomeFacts
              order={order}
              reference={{
                label: t("success.transactionId"),
                value: searchParams.get("payment_intent") ?? order.number,
                valueClassName: "break-all font-mono font-semibold",
                testId: "transaction-id",
              }}
              last={{
                label: order.orderItems[0]?.serviceName,
                value: formatCents(order.totalCents),
                valueClassName: "font-display text-xl font-semibold whitespace-nowrap tabular-nums",
                testId: "success-total",
              }}
            />
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
          <SupportContact />
        </>
      )}
    </OutcomePage>
  );
}
