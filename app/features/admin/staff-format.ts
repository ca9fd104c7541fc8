import type { TFunction } from "../../../core/i18n/translator.ts";
import type { PaymentView } from "../../../core/payments/schema.ts";

/**
 * How staff screens write dates and payment methods. Dates are in the agency's time zone (the one the
 * Overview's figures and the order filters use), never the browser's or UTC, so that "paid on the 3rd"
 * means the same day to every member of staff and to the exports.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const locale = language === "fr" ? "fr-FR" : "en-US";
  const id = `${locale}|${timeZone}|${withTime}`;
  let format = formatters.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withTime ? { dateStyle: "medium", timeStyle: "short", timeZone } : { dateStyle: "medium", timeZone },
    );
    formatters.set(id, format);
  }
  return format;
}

/** "Mar 8, 2026, 2:30 PM" / "8 mars 2026 à 14:30", in the agency's time zone. */
export function staffDateTime(iso: string, language: string, timeZone: string): string {
  return formatter(language, timeZone, true).format(new Date(iso));
}

/** "Mar 8, 2026" / "8 mars 2026", in the agency's time zone. */
export function staffDate(iso: string, language: string, timeZone: string): string {
  return formatter(language, timeZone, false).format(new Date(iso));
}

/** A calendar day ("2026-03-08", already the agency's) written for people, in any time zone's terms. */
export function calendarDay(day: string, language: string): string {
  return formatter(language, "UTC", false).format(new Date(`${day}T12:00:00Z`));
}

/** "Visa ending in 4242", "Bank account ending in 6789", or the method's name when the card is not known. */
export function paymentMethodText(payment: Pick<PaymentView, "brand" | "last4" | "method">, t: TFunction): string {
  if (payment.last4 && (payment.method === "us_bank_account" || payment.brand === "bank"))
    return t("admin:orders.bankAccount", { last4: payment.last4 });
  if (payment.last4)
    return t("admin:orders.card", {
      brand: payment.brand
        ? payment.brand.charAt(0).toUpperCase() + payment.brand.slice(1)
        : t("admin:orders.methods.card"),
      last4: payment.last4,
    });
  return t(`admin:orders.methods.${payment.method}`);
}
