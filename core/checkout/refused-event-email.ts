import { renderEmail, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";

/** What staff are told of a payment event refused because it did not match the payment it named. */
export interface RefusedEventFacts {
  /** The order's number, or null for a payment that is not an order's (a subscription's invoice). */
  orderNumber: string | null;
  /** Our payment's id, and the record it pays (an order's or a subscription's id). */
  paymentId: string;
  subjectId: string;
  eventId: string | null;
  problem: string;
}

/**
 * The alert to staff (in English, the team's language, as their other notifications): a signed event
 * named one of our payments but did not match it, so nothing changed. The signing secret may have
 * leaked, or the provider's account is misconfigured: either way someone should look.
 */
export function refusedEventStaffEmail(
  facts: RefusedEventFacts,
  adminUrl: string,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate("en", key, params);
  const rendered = renderEmail({
    language: "en",
    subject: facts.orderNumber
      ? t("mail:refusedEvent.subjectOrder", { company: company.name, number: facts.orderNumber })
      : t("mail:refusedEvent.subject", { company: company.name }),
    paragraphs: [t("mail:refusedEvent.intro")],
    details: [
      ...(facts.orderNumber
        ? [{ label: t("mail:refusedEvent.order"), value: facts.orderNumber }]
        : [{ label: t("mail:refusedEvent.record"), value: facts.subjectId }]),
      { label: t("mail:refusedEvent.payment"), value: facts.paymentId },
      { label: t("mail:refusedEvent.event"), value: facts.eventId ?? t("mail:refusedEvent.noEvent") },
      { label: t("mail:refusedEvent.problem"), value: facts.problem },
    ],
    action: { label: t("mail:refusedEvent.action"), url: adminUrl },
    after: [t("mail:refusedEvent.check")],
  });
  return {
    to: company.staffEmail,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "payment.refused_event",
  };
}
