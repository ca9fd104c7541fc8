import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";
import { formatCents } from "../money/money.ts";
import type { InstalmentView, OrderView } from "../orders/schema.ts";
import { formatDay } from "../orders/status-text.ts";

/** The schedule as lines of text: "1. $34.00, December 25, 2026: Paid", dates in the agency's time zone. */
export function scheduleLines(
  schedule: InstalmentView[],
  language: "en" | "fr",
  t: (key: string, params?: Record<string, unknown>) => string,
  timeZone: string,
): string {
  return schedule
    .map((entry) =>
      t("mail:instalments.line", {
        position: entry.position,
        amount: formatCents(entry.amountCents),
        date: formatDay(entry.dueAt, language, timeZone),
        status: t(`payments:schedule.statuses.${entry.status}`),
      }),
    )
    .join("\n");
}

function message(
  order: OrderView,
  translate: Translate,
  company: CompanyDetails,
  receiptUrl: string,
  timeZone: string,
  kind: string,
  content: { subject: string; intro: string; after: string[] },
): MailMessage {
  const lang = order.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const rendered = renderEmail({
    language: lang,
    subject: content.subject,
    greeting: t("mail:orderReceipt.greeting", { name: order.customerFirstName }),
    paragraphs: [content.intro],
    details: [
      { label: t("mail:orderReceipt.number"), value: order.number },
      { label: t("mail:instalments.schedule"), value: scheduleLines(order.schedule, lang, t, timeZone) },
    ],
    action: { label: t("mail:orderReceipt.action"), url: receiptUrl },
    after: content.after,
    closing: signOff(translate, lang, company),
  });
  return { to: order.customerEmail, subject: rendered.subject, text: rendered.text, html: rendered.html, kind };
}

/** An instalment was paid and others remain: the amount, the schedule and the next date. */
export function instalmentPaidEmail(
  order: OrderView,
  instalment: InstalmentView,
  receiptUrl: string,
  translate: Translate,
  company: CompanyDetails,
  timeZone: string,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(order.language, key, params);
  const next = order.schedule.find((entry) => entry.status === "due" && entry.position > instalment.position);
  return message(order, translate, company, receiptUrl, timeZone, "order.instalment_paid", {
    subject: t("mail:instalments.paidSubject", {
      company: company.name,
      number: order.number,
      position: instalment.position,
    }),
    intro: t("mail:instalments.paidIntro", {
      amount: formatCents(instalment.amountCents),
      position: instalment.position,
    }),
    after: next
      ? [
          t("mail:instalments.nextDue", {
            amount: formatCents(next.amountCents),
            date: formatDay(next.dueAt, order.language, timeZone),
          }),
        ]
      : [],
  });
}

/** An instalment could not be charged: the provider's reason and when it is tried again, if it is. */
export function instalmentFailedEmail(
  order: OrderView,
  instalment: InstalmentView,
  receiptUrl: string,
  translate: Translate,
  company: CompanyDetails,
  timeZone: string,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(order.language, key, params);
  return message(order, translate, company, receiptUrl, timeZone, "order.instalment_failed", {
    subject: t("mail:instalments.failedSubject", {
      company: company.name,
      number: order.number,
      position: instalment.position,
    }),
    intro: t("mail:instalments.failedIntro", {
      amount: formatCents(instalment.amountCents),
      position: instalment.position,
      reason: instalment.failureMessage ?? t("mail:instalments.noReason"),
    }),
    after: [
      instalment.nextAttemptAt
        ? t("mail:instalments.retryOn", { date: formatDay(instalment.nextAttemptAt, order.language, timeZone) })
        : t("mail:instalments.noRetry", { email: company.email }),
    ],
  });
}
