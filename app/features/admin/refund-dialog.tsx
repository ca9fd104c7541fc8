import { useId, useRef, useState, type FormEvent } from "react";
import { dollarsToCents, formatCents } from "../../../core/money/money.ts";
import type { AdminOrderView } from "../../../core/orders/schema.ts";
import { summarise } from "../../../core/payments/rules.ts";
import { REFUND_MESSAGES, REFUND_REASON_MAX, refundRequestSchema } from "../../../core/payments/schema.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../components/ui/field.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { focusFirstInvalid, serverFieldErrors, translatedFieldErrors } from "../../lib/form-errors.ts";
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

type FieldName = "amountCents" | "reason";
const FIELDS: readonly FieldName[] = ["amountCents", "reason"];

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
  const form = useRef<HTMLFormElement>(null);
  const refundable = summarise(order.payments).refundableCents;
  const [amount, setAmount] = useState(editable(refundable));
  const [reason, setReason] = useState("");
  const [cancelRemaining, setCancelRemaining] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const openSchedule = hasOpenSchedule(order);
  const cents = parseDollars(amount);
  const latestCharge = order.payments
    .filter((payment) => payment.kind === "charge" && payment.status === "succeeded")
    .at(-1);
  const method = latestCharge ? paymentMethodText(latestCharge, t) : t("orders.methods.card");

  function validate(): Partial<Record<FieldName, string>> {
    const found: Partial<Record<FieldName, string>> = {};
    if (cents === null) found.amountCents = t(REFUND_MESSAGES.amountInvalid);
    else if (cents > refundable)
      found.amountCents = t(REFUND_MESSAGES.amountTooHigh, { amount: formatCents(refundable) });
    const parsed = refundRequestSchema.safeParse({ amountCents: cents ?? 1, reason, cancelRemaining });
    if (!parsed.success) return { ...translatedFieldErrors(parsed.error, t, FIELDS), ...found };
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || cents === null) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await api<{ data: AdminOrderView }>(`/api/admin/orders/${encodeURIComponent(order.id)}/refund`, {
        method: "POST",
        json: { amountCents: cents, reason: reason.trim(), ...(openSchedule ? { cancelRemaining } : {}) },
      });
      onRefunded(answer.data, cents);
    } catch (error) {
      setBusy(false);
      const fields = error instanceof ApiError ? serverFieldErrors(error.body.fields, FIELDS) : {};
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstInvalid(form.current);
      } else {
        setFormError(error instanceof ApiError ? error.message : t("orders.actionFailed"));
        requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[data-form-error]")?.focus());
      }
    }
  }

  const valid = cents !== null && cents > 0 && cents <= refundable;
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={descriptionId}
      onClosed={onClosed}
      onClose={() => {
        if (!busy) onClose();
      }}
      className="fixed inset-0 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] max-w-none overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 id={titleId} className="font-display text-2xl font-semibold">
        {t("orders.refundDialog.title", { number: order.number })}
      </h2>
      <p id={descriptionId} className="mt-2 text-sm text-muted-foreground">
        {t("orders.refundDialog.intro", { paid: formatCents(order.paidCents), refundable: formatCents(refundable) })}
      </p>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-5 space-y-4"
        data-testid="admin-refund-form"
      >
        <FormAlert message={formError} testId="admin-refund-error" />
        <Field
          label={t("orders.refundDialog.amount")}
          error={errors.amountCents}
          hint={t("orders.refundDialog.amountHint", { amount: formatCents(refundable) })}
        >
          {(props) => (
            <Input
              {...props}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={20}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                if (errors.amountCents) setErrors((current) => ({ ...current, amountCents: undefined }));
              }}
              className="tabular-nums"
              data-testid="admin-refund-amount"
            />
          )}
        </Field>
        <Field label={t("orders.refundDialog.reason")} error={errors.reason} hint={t("orders.refundDialog.reasonHint")}>
          {(props) => (
            <Textarea
              {...props}
              name="reason"
              required
              rows={3}
              maxLength={REFUND_REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (errors.reason) setErrors((current) => ({ ...current, reason: undefined }));
              }}
              data-testid="admin-refund-reason"
            />
          )}
        </Field>
        {openSchedule ? (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="cancelRemaining"
              checked={cancelRemaining}
              onChange={(event) => setCancelRemaining(event.target.checked)}
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
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t("orders.keep")}
          </Button>
          <Button type="submit" variant="destructive" disabled={busy} data-testid="admin-refund-submit">
            {busy ? (
              <Icon name="loader-2" size={16} aria-hidden="true" className="animate-spin" />
            ) : (
              <Icon name="rotate-ccw" size={16} aria-hidden="true" />
            )}
            {valid ? t("orders.refundDialog.submit", { amount: formatCents(cents) }) : t("orders.refund")}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
