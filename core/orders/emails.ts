import { scheduleLines } from "../instalments/emails.ts";
import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";
import { formatCents } from "../money/money.ts";
import type { PaymentView } from "../payments/schema.ts";
import type { OrderView } from "./schema.ts";
import { formatDay, statusDetail, statusLabel } from "./status-text.ts";

type T = (key: string, params?: Record<string, unknown>) => string;

/** "Visa •••• 4242", "Bank account •••• 6789", or the provider's name when the card is not known. */
export function methodText(
  payment: Pick<PaymentView, "brand" | "last4" | "method"> | null,
  provider: string | null,
  t: T,
): string {
  if (!payment && !provider) return t("orders:receipt.noPayment");
  if (payment && (payment.brand === "bank" || payment.method === "us_bank_account") && payment.last4)
    return t("orders:receipt.bankAccount", { last4: payment.last4 });
  if (payment?.brand && payment.last4)
    return `${payment.brand.charAt(0).toUpperCase()}${payment.brand.slice(1)} •••• ${payment.last4}`;
  return t(`orders:receipt.providers.${provider ?? "stripe"}`);
}

/** The payment method of an order's latest payment. */
export function paymentMethodText(order: Pick<OrderView, "payment" | "paymentMethodType">, t: T): string {
  if (!order.payment) return t("orders:receipt.noPayment");
  return methodText(
    { brand: order.payment.brand, last4: order.payment.last4, method: order.paymentMethodType },
    order.payment.provider,
    t,
  );
}

/** One line per payment and refund, with its date, method, amount and status, for receipts. */
export function paymentLines(
  order: Pick<OrderView, "payments" | "payment">,
  t: T,
  language: "en" | "fr",
  timeZone: string,
): string[] {
  return order.payments
    .filter((payment) => payment.status !== "cancelled" && payment.status !== "requires_payment")
    .map((payment) =>
      t(`orders:paymentLine.${payment.kind}`, {
        date: formatDay(payment.settledAt ?? payment.createdAt, language, timeZone),
        method: methodText(payment, order.payment?.provider ?? null, t),
        amount: formatCents(payment.amountCents),
        status: t(`orders:paymentStatuses.${payment.kind}.${payment.status}`),
      }),
    );
}

function compose(
  order: OrderView,
  translate: Translate,
  company: CompanyDetails,
  receiptUrl: string,
  kind: string,
  content: { subject: string; intro: string[]; details?: Array<{ label: string; value: string }>; after: string[] },
): MailMessage {
  const lang = order.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const rendered = renderEmail({
    language: lang,
    subject: content.subject,
    greeting: t("mail:orderReceipt.greeting", { name: order.customerFirstName }),
    paragraphs: content.intro,
    details: content.details ?? [{ label: t("mail:orderReceipt.number"), value: order.number }],
    action: { label: t("mail:orderReceipt.action"), url: receiptUrl },
    after: content.after,
    closing: signOff(translate, lang, company),
  });
  return { to: order.customerEmail, subject: rendered.subject, text: rendered.text, html: rendered.html, kind };
}

/**
 * The receipt sent when an order is paid, in the language the order was placed in, with its lines,
 * totals, what was paid (each payment) and the link to the receipt page (which any device opens, and
 * prints or downloads as PDF).
 */
export function receiptEmail(
  order: OrderView,
  receiptUrl: string,
  translate: Translate,
  company: CompanyDetails,
  timeZone: string,
): MailMessage {
  const lang = order.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const lines = order.orderItems
    .map((item) =>
      t("mail:orderReceipt.line", {
        quantity: item.quantity,
        name: item.serviceName,
        unit: formatCents(item.unitPriceCents),
        total: formatCents(item.lineTotalCents),
      }),
    )
    .join("\n");
  const payments = paymentLines(order, t, lang, timeZone);
  const details = [
    { label: t("mail:orderReceipt.number"), value: order.number },
    { label: t("mail:orderReceipt.items"), value: lines },
    { label: t("mail:orderReceipt.subtotal"), value: formatCents(order.subtotalCents) },
    ...(order.discountCents > 0
      ? [
          {
            label: t("mail:orderReceipt.discount", { code: order.promoCode ?? "" }),
            value: `−${formatCents(order.discountCents)}`,
          },
        ]
      : []),
    { label: t("mail:orderReceipt.tax"), value: formatCents(order.taxCents) },
    { label: t("mail:orderReceipt.total"), value: formatCents(order.totalCents) },
    {
      label: t("mail:orderReceipt.status"),
      value: [statusLabel(order.status, t), statusDetail(order, t, lang, timeZone)]
        .filter(Boolean)
        .join(lang === "fr" ? "\u202f: " : ": "),
    },
    ...(payments.length > 0 ? [{ label: t("mail:orderReceipt.payments"), value: payments.join("\n") }] : []),
    { label: t("mail:orderReceipt.paymentMethod"), value: paymentMethodText(order, t) },
    ...(order.schedule.length > 1 || order.paymentPlan === "monthly"
      ? [{ label: t("mail:instalments.schedule"), value: scheduleLines(order.schedule, lang, t, timeZone) }]
      : []),
  ];
  return compose(order, translate, company, receiptUrl, "order.receipt", {
    subject: t("mail:orderReceipt.subject", { company: company.name, number: order.number }),
    intro: [t("mail:orderReceipt.intro", { total: formatCents(order.paidCents) })],
    details,
    after: [t("mail:orderReceipt.next")],
  });
}

/**
 * A refund reached the buyer's card or account: how much, on which method, what was refunded in all,
 * and why when Atelier refunded on its own (a deal that sold out, a class that filled up).
 */
export function refundEmail(
  order: OrderView,
  refund: PaymentView,
  receiptUrl: string,
  translate: Translate,
  company: CompanyDetails,
  timeZone: string,
): MailMessage {
  const lang = order.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const amount = formatCents(refund.amountCents);
  const method = methodText(refund, order.payment?.provider ?? null, t);
  const intro =
    refund.automatic === "deal_sold_out" || refund.automatic === "class_full"
      ? [t(`mail:refund.${refund.automatic}`, { amount }), t("mail:refund.intro", { amount, method })]
      : [t("mail:refund.intro", { amount, method })];
  return compose(order, translate, company, receiptUrl, "order.refund", {
    subject: t("mail:refund.subject", { company: company.name, number: order.number, amount }),
    intro,
    details: [
      { label: t("mail:orderReceipt.number"), value: order.number },
      { label: t("mail:refund.amount"), value: amount },
      { label: t("mail:refund.date"), value: formatDay(refund.settledAt ?? refund.createdAt, lang, timeZone) },
      {
        label: t("mail:refund.totalRefunded"),
        value: t("mail:refund.ofPaid", {
          refunded: formatCents(order.refundedCents),
          paid: formatCents(order.paidCents),
        }),
      },
      { label: t("mail:orderReceipt.status"), value: statusLabel(order.status, t) },
    ],
    after: [t("mail:refund.timing"), t("mail:refund.questions", { email: company.email })],
  });
}

/** A bank transfer was started: nothing is taken until the bank confirms, and the buyer will hear then. */
export function bankProcessingEmail(
  order: OrderView,
  receiptUrl: string,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(order.language, key, params);
  return compose(order, translate, company, receiptUrl, "order.bank_processing", {
    subject: t("mail:bankProcessing.subject", { company: company.name, number: order.number }),
    intro: [
      t("mail:bankProcessing.intro", { total: formatCents(order.totalCents), method: paymentMethodText(order, t) }),
    ],
    after: [t("orders:statusDetail.processing")],
  });
}

/** A bank transfer (ACH) was returned by the bank: the reason, and what to do. */
export function bankDebitFailedEmail(
  order: OrderView,
  receiptUrl: string,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(order.language, key, params);
  return compose(order, translate, company, receiptUrl, "order.bank_debit_failed", {
    subject: t("mail:bankDebitFailed.subject", { company: company.name, number: order.number }),
    intro: [
      t("mail:bankDebitFailed.intro", {
        total: formatCents(order.totalCents),
        reason: order.failureMessage ?? t("mail:instalments.noReason"),
      }),
    ],
    after: [t("mail:bankDebitFailed.next", { email: company.email })],
  });
}
