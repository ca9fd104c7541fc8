import { scheduleLines } from "../instalments/emails.ts";
import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";
import { formatCents } from "../money/money.ts";
import type { OrderView } from "./schema.ts";

/** "Visa •••• 4242", or the provider's name when the card is not known. */
export function paymentMethodText(order: Pick<OrderView, "payment">, translate: (key: string, params?: Record<string, unknown>) => string): string {
  if (!order.payment) return translate("orders:receipt.noPayment");
  if (order.payment.brand === "bank" && order.payment.last4) return translate("orders:receipt.bankAccount", { last4: order.payment.last4 });
  if (order.payment.brand && order.payment.last4) {
    const brand = order.payment.brand.charAt(0).toUpperCase() + order.payment.brand.slice(1);
    return `${brand} •••• ${order.payment.last4}`;
  }
  return translate(`orders:receipt.providers.${order.payment.provider}`);
}

/**
 * The receipt sent when an order is paid, in the language the order was placed in, with its lines,
 * totals, payment method and the link to the receipt page (which any device opens, and prints or
 * downloads as PDF).
 */
export function receiptEmail(order: OrderView, receiptUrl: string, translate: Translate, company: CompanyDetails): MailMessage {
  const lang = order.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const lines = order.items.map((item) => t("mail:orderReceipt.line", { quantity: item.quantity, name: item.name, unit: formatCents(item.unitPriceCents), total: formatCents(item.totalCents) })).join("\n");
  const details = [
    { label: t("mail:orderReceipt.number"), value: order.number },
    { label: t("mail:orderReceipt.items"), value: lines },
    { label: t("mail:orderReceipt.subtotal"), value: formatCents(order.subtotalCents) },
    ...(order.discountCents > 0 ? [{ label: t("mail:orderReceipt.discount", { code: order.promoCode ?? "" }), value: `−${formatCents(order.discountCents)}` }] : []),
    { label: t("mail:orderReceipt.tax"), value: formatCents(order.taxCents) },
    { label: t("mail:orderReceipt.total"), value: formatCents(order.totalCents) },
    { label: t("mail:orderReceipt.paymentMethod"), value: paymentMethodText(order, t) },
    ...(order.schedule.length > 1 || order.paymentPlan === "monthly"
      ? [{ label: t("mail:instalments.schedule"), value: scheduleLines(order.schedule, lang, t) }]
      : []),
  ];
  const rendered = renderEmail({
    language: lang,
    subject: t("mail:orderReceipt.subject", { company: company.name, number: order.number }),
    greeting: t("mail:orderReceipt.greeting", { name: order.customerFirstName }),
    paragraphs: [t("mail:orderReceipt.intro", { total: formatCents(order.totalCents) })],
    details,
    action: { label: t("mail:orderReceipt.action"), url: receiptUrl },
    after: [t("mail:orderReceipt.next")],
    closing: signOff(translate, lang, company),
  });
  return { to: order.customerEmail, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: "order.receipt" };
}
