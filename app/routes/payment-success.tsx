import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../i18n/react.tsx";
import { formatCents } from "../../core/money/money.ts";
import { buttonClasses } from "../components/ui/button.tsx";
import { Icon } from "../components/ui/icon.tsx";
import type { OrderView } from "../features/checkout/orders-api.ts";
import { useOrderStatus, STATUS_POLL } from "../features/checkout/use-order-status.ts";
import { LocalizedLink } from "../features/i18n/localized-link.tsx";
import { metaTags } from "../features/layout/page-meta.ts";
import { pageMeta } from "../features/layout/page-meta.server.ts";
import { CLASS_ENROLLMENT_KEY, readClassEnrollment, type ClassEnrollmentData } from "../features/payments/payments-api.ts";
import { ScheduleTable } from "../features/payments/schedule-table.tsx";
import { useRootData } from "../root.tsx";
import { toast } from "../components/ui/toast.ts";
import { NextSteps } from "../features/checkout/next-steps.tsx";
import type { Route } from "./+types/payment-success";

export function loader(args: Route.LoaderArgs) {
  return { meta: pageMeta(args, { title: "payments:success.title", description: "payments:success.metaDescription" }) };
}

export const meta: Route.MetaFunction = ({ data }) => [...metaTags(data?.meta), { name: "robots", content: "noindex" }];

/** The visitor's part is done once the first instalment (or the whole amount) is paid. */
const firstPaid = (order: OrderView) => order.status === "paid" || order.status === "failed" || order.status === "cancelled" || order.status === "refunded" || order.schedule[0]?.status === "paid";

/**
 * /payment-success (specification 001, section 2): "Payment Successful!" (or "Class Enrollment
 * Successful!" with "Back to Class" when a class enrolment is stored), the transaction id, the payment
 * schedule, "View Receipt", what's next and the support contact. Paid means the server says so.
 */
export default function PaymentSuccess() {
  const { t } = useTranslation("payments");
  const { t: tcl } = useTranslation("classes");
  const config = useRootData()?.config;
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get("order_id");
  const state = useOrderStatus(orderId, STATUS_POLL, firstPaid);
  const [enrollment, setEnrollment] = useState<ClassEnrollmentData | null>(null);

  const succeeded = state.kind === "ready" && (state.order.status === "paid" || state.order.schedule[0]?.status === "paid");
  // A class enrolment whose payment was refused, or refunded because the class filled up meanwhile.
  const notEnrolled = state.kind === "error" || (state.kind === "ready" && (state.order.status === "failed" || state.order.status === "cancelled" || state.order.status === "refunded"));
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
      <p role="status" className="flex items-center justify-center gap-3 rounded-xl border border-border bg-white px-6 py-20 text-muted-foreground">
        <Icon name="loader-2" size={20} aria-hidden="true" className="animate-spin" />
        {t("success.loading")}
      </p>
    );
  } else {
    const { order } = state;
    const transactionId = searchParams.get("payment_intent") ?? order.number;
    const failed = order.status === "failed" || order.status === "cancelled" || order.status === "refunded";
    content = (
      <div className="space-y-8">
        <header className="text-center" role="status" aria-live="polite">
          <span className={`mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full ${succeeded ? "bg-green-100 text-green-700" : failed ? "bg-red-100 text-destructive" : "bg-amber-100 text-amber-800"}`}>
            <Icon name={succeeded ? "circle-check" : failed ? "alert-circle" : "loader-2"} size={34} aria-hidden="true" className={!succeeded && !failed ? "animate-spin" : undefined} />
          </span>
          <h1 className="mt-5 font-display text-4xl font-semibold tracking-tight" data-testid="success-title">
            {succeeded ? (enrollment ? t("success.classTitle") : t("success.title")) : failed ? t("success.failed") : t("success.processing")}
          </h1>
          {succeeded ? <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("success.intro")}</p> : null}
        </header>
        <section className="space-y-5 rounded-xl border border-border bg-white p-6 shadow-sm" data-testid="payment-details">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted-foreground">{t("success.transactionId")}</dt>
              <dd className="mt-0.5 break-all font-mono font-semibold" data-testid="transaction-id">
                {transactionId}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{order.orderItems[0]?.serviceName}</dt>
              <dd className="mt-0.5 font-display text-xl font-semibold tabular-nums">{formatCents(order.totalCents)}</dd>
            </div>
          </dl>
          {order.schedule.length > 0 ? <ScheduleTable schedule={order.schedule} monthly={order.paymentPlan === "monthly"} /> : null}
        </section>
        {succeeded ? (
          <p className="flex flex-wrap justify-center gap-3">
            <LocalizedLink to={order.receiptUrl} className={buttonClasses("outline", "lg")} data-testid="view-receipt">
              <Icon name="receipt" size={18} aria-hidden="true" />
              {t("success.viewReceipt")}
            </LocalizedLink>
            {enrollment ? (
              <LocalizedLink to={enrollment.returnUrl} className={buttonClasses("primary", "lg")} data-testid="back-to-class">
                {t("success.backToClass")}
              </LocalizedLink>
            ) : null}
          </p>
        ) : null}
        <NextSteps
          title={t("success.nextTitle")}
          steps={(["next1", "next2", "next3", ...(order.schedule.length > 1 || order.paymentPlan === "monthly" ? ["next4"] : [])] as const).map((key) => t(`success.${key}`))}
        />
        <section aria-labelledby="support-title" className="text-center text-sm">
          <h2 id="support-title" className="font-semibold">
            {t("success.supportTitle")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("success.supportText", { email: config?.companyEmail ?? "", phone: config?.companyPhone ?? "" })}</p>
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
