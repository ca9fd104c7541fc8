import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";
import { formatCents } from "../money/money.ts";
import type { InstalmentView, OrderView } from "../orders/schema.ts";

/** A due date as the order's language writes it ("December 25, 2026", "25 décembre 2026"). */
export function formatDueDate(iso: string, language: "en" | "fr"): string {
  return new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** The schedule as lines of text: "1. $34.00, December 25, 2026: Paid". */
export function scheduleLines(schedule: InstalmentView[], language: "en" | "fr", t: (key: string, params?: Record<string, unknown>) => string): string {
  return schedule
    .map((entry) => t("mail:instalments.line", { position: entry.position, amount: formatCents(entry.amountCents), date: formatDueDate(entry.dueAt, language), status: t(`payments:schedule.statuses.${entry.status}`) }))
    .join("\n");
}

function message(order: OrderView, translate: Translate, company: CompanyDetails, receiptUrl: string, kind: string, content: { subject: string; intro: string; after: string[] }): MailMessage {
  const lang = order.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const rendered = renderEmail({
    language: lang,
    subject: content.subject,
    greeting: t("mail:orderReceipt.greeting", { name: order.customerFirstName }),
    paragraphs: [content.intro],
    details: [
      { label: t("mail:orderReceipt.number"), value: order.number },
      { label: t("mail:instalments.schedule"), value: scheduleLines(order.schedule, lang, t) },
    ],
    action: { label: t("mail:orderReceipt.action"), url: receiptUrl },
    after: content.after,
    closing: signOff(translate, lang, company),
  });
  return { to: order.customerEmail, subject: rendered.subject, text: rendered.text, html: rendered.html, kind };
}

/** An instalment was paid and others remain: the amount, the schedule and the next date. */
export function instalmentPaidEmail(order: OrderView, instalment: InstalmentView, receiptUrl: string, translate: Translate, company: CompanyDetails): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(order.language, key, params);
  const next = order.schedule.find((entry) => entry.status === "due" && entry.position > instalment.position);
  return message(order, translate, company, receiptUrl, "order.instalment_paid", {
    subject: t("mail:instalments.paidSubject", { company: company.name, number: order.number, position: instalment.position }),
    intro: t("mail:instalments.paidIntro", { amount: formatCents(instalment.amountCents), position: instalment.position }),
    after: next ? [t("mail:instalments.nextDue", { amount: formatCents(next.amountCents), date: formatDueDate(next.dueAt, order.language) })] : [],
  });
}

/** An instalment could not be charged: the provider's reason and when it is tried again, if it is. */
export function instalmentFailedEmail(order: OrderView, instalment: InstalmentView, receiptUrl: string, translate: Translate, company: CompanyDetails): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(order.language, key, params);
  return message(order, translate, company, receiptUrl, "order.instalment_failed", {
    subject: t("mail:instalments.failedSubject", { company: company.name, number: order.number, position: instalment.position }),
    intro: t("mail:instalments.failedIntro", { amount: formatCents(instalment.amountCents), position: instalment.position, reason: instalment.failureMessage ?? t("mail:instalments.noReason") }),
    after: [instalment.nextAttemptAt ? t("mail:instalments.retryOn", { date: formatDueDate(instalment.nextAttemptAt, order.language) }) : t("mail:instalments.noRetry", { email: company.email })],
  });
}

/** A bank transfer (ACH) was returned by the bank: the reason, and what to do. */
export function bankDebitFailedEmail(order: OrderView, receiptUrl: string, translate: Translate, company: CompanyDetails): MailMessage {
  const lang = order.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const rendered = renderEmail({
    language: lang,
    subject: t("mail:bankDebitFailed.subject", { company: company.name, number: order.number }),
    greeting: t("mail:orderReceipt.greeting", { name: order.customerFirstName }),
    paragraphs: [t("mail:bankDebitFailed.intro", { total: formatCents(order.totalCents), reason: order.failureMessage ?? t("mail:instalments.noReason") })],
    details: [{ label: t("mail:orderReceipt.number"), value: order.number }],
    action: { label: t("mail:orderReceipt.action"), url: receiptUrl },
    after: [t("mail:bankDebitFailed.next", { email: company.email })],
    closing: signOff(translate, lang, company),
  });
  return { to: order.customerEmail, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: "order.bank_debit_failed" };
}
