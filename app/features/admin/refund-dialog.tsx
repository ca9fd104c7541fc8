import { useId, useState } from "react";
import { dollarsToCents, formatCents } from "../../../core/money/money.ts";
import type { AdminOrderView } from "../../../core/orders/schema.ts";
import { summarise } from "../../../core/payments/rules.ts";
import { REFUND_MESSAGES, REFUND_REASON_MAX } from "../../../core/payments/rules.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { FormError } from "../../components/ui/form-alert.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { api } from "../../lib/api.ts";
import { Form, useForm } from "../../lib/form.tsx";
import { paymentMethodText } from "./staff-format.ts";

/**
 * Dollars as staff type them ("120", "120.5", "$1,250.00", "120,50") to cents, read exactly by
 * `dollarsToCents`; null when it is not an amount. A comma followed by one or two digits and no point
 * is a decimal comma (French habit); other commas group thousands.
 */
export function parseDollars(text: string): number | null {
  let value = text.replace(/[\s\u00a0\u202f$]/g, "").replace(/^US|US$/i, "");
  if (/^\d*,\d{1,2}$/.test(value)) value = value.replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(value)) value = value.replace(/,/g, "");
  if (!/^\d*(\.\d*)?$/.test(value) || !/\d/.test(value)) return null;
  try {
    return dollarsToCents(value);
  } catch {
    return null;
  }
}

/** Cents as an editable amount: "1250.00". */
const editable = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** Whether an order has instalments still to take (the "cancel the remaining instalments" choice). */
export function hasOpenSchedule(order: Pick<AdminOrderView, "schedule">): boolean {
  return order.schedule.some((entry) => entry.status === "due" || entry.status === "failed");
}

/**
 * Staff's refund of an order: any amount up to what can still be refunded (prefilled with all of it),
 * a reason, and for a plan with instalments still due the choice to cancel them too. The server decides
 * (its refusals show at their fields); the refund is pending until the provider confirms it.
 */
export function RefundDialog({
  order,
  onClose,
  onClosed,
  onRefunded,
}: {
  order: AdminOrderView;
  onClose(): void;
  /** As ModalDialog's: true when it moved the focus itself. */
  onClosed?: () => boolean;
  onRefunded(order: AdminOrderView, amountCents: number): void;
}) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const descriptionId = useId();
  const refundable = summarise(order.payments).refundableCents;
  const [amount, setAmount] = useState(editable(refundable));
  const openSchedule = hasOpenSchedule(order);
  const cents = parseDollars(amount);
  const latestCharge = order.payments
    .filter((payment) => payment.kind === "charge" && payment.status === "succeeded")
    .at(-1);
  const method = latestCharge ? paymentMethodText(latestCharge, t) : t("orders.methods.card");

  const form = useForm({
    // The server's rules, and what this order can still give back (the server checks it again).
    schema: async () =>
      (await import("../../../core/payments/schema.ts")).refundRequestSchema.superRefine((request, context) => {
        if (request.amountCents > refundable)
          context.addIssue({
            code: "custom",
            path: ["amountCents"],
            message: REFUND_MESSAGES.amountTooHigh,
            params: { amount: formatCents(refundable) },
          });
      }),
    // Dollars as typed become cents; text that is no amount stays text, which the schema refuses.
    toInput: (values) => {
      const typed = typeof values.amountCents === "string" ? values.amountCents : "";
      return {
        amountCents: parseDollars(typed) ?? typed,
        reason: typeof values.reason === "string" ? values.reason : "",
        ...(openSchedule ? { cancelRemaining: values.cancelRemaining === "on" } : {}),
      };
    },
    submit: async ({ value }) => {
      const answer = await api<{ data: AdminOrderView }>(`/api/admin/orders/${encodeURIComponent(order.id)}/refund`, {
        method: "POST",
        // The choice to cancel what remains is only the server's to read on a plan with instalments due.
        json: openSchedule ? value : { amountCents: value.amountCents, reason: value.reason },
      });
      return { order: answer.data, amountCents: value.amountCents };
    },
    onSuccess: (refunded) => onRefunded(refunded.order, refunded.amountCents),
  });

  const valid = cents !== null && cents > 0 && cents <= refundable;
  const submitLabel = valid ? t("orders.refundDialog.submit", { amount: formatCents(cents) }) : t("orders.refund");
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={descriptionId}
      onClosed={onClosed}
      onClose={() => {
        if (!form.busy) onClose();
      }}
      className="fixed inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] max-w-none overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 id={titleId} className="font-display text-2xl font-semibold">
        {t("orders.refundDialog.title", { number: order.number })}
      </h2>
      <p id={descriptionId} className="mt-2 text-sm text-muted-foreground">
        {t("orders.refundDialog.intro", { paid: formatCents(order.paidCents), refundable: formatCents(refundable) })}
      </p>
      <Form form={form} className="mt-5 space-y-4" data-testid="admin-refund-form">
        <FormError form={form} testId="admin-refund-error" />
        <Field
          label={t("orders.refundDialog.amount")}
          field={form.field("amountCents")}
          hint={t("orders.refundDialog.amountHint", { amount: formatCents(refundable) })}
        >
          {(props) => (
            <Input
              {...props}
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={20}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className="tabular-nums"
              data-testid="admin-refund-amount"
            />
          )}
        </Field>
        <Field
          label={t("orders.refundDialog.reason")}
          field={form.field("reason")}
          hint={t("orders.refundDialog.reasonHint")}
        >
          {(props) => (
            <Textarea {...props} required rows={3} maxLength={REFUND_REASON_MAX} data-testid="admin-refund-reason" />
          )}
        </Field>
        {openSchedule ? (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="cancelRemaining"
              className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
              data-testid="admin-refund-cancel-remaining"
            />
            <span>
              <span className="block font-medium">{t("orders.refundDialog.cancelRemaining")}</span>
              <span className="block text-muted-foreground">{t("orders.refundDialog.cancelRemainingHint")}</span>
            </span>
          </label>
        ) : null}
        {/* Says what the button will do, amount included, as it is typed; says nothing while the amount cannot be refunded (its field says why). */}
        <p
          className={valid ? "rounded-lg bg-muted/60 px-3 py-2 text-sm" : "sr-only"}
          aria-live="polite"
          data-testid="admin-refund-confirm-text"
        >
          {valid ? t("orders.refundDialog.confirm", { amount: formatCents(cents), method, number: order.number }) : ""}
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={form.busy}>
            {t("orders.keep")}
          </Button>
          <SubmitButton
            form={form}
            variant="destructive"
            icon={<Icon name="rotate-ccw" size={16} aria-hidden="true" />}
            label={submitLabel}
            busyLabel={submitLabel}
            testId="admin-refund-submit"
          />
        </div>
      </Form>
    </ModalDialog>
  );
}
