import type { Language } from "../i18n/language.ts";
import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";

export interface WaitlistMailContext {
  translate: Translate;
  company: CompanyDetails;
  /** The studio's time zone, in which an offer's end is written. */
  timeZone: string;
}

/** "Friday, November 27, 2026 at 2:30 PM UTC" in the person's language, in the studio's time zone. */
export function formatOfferEnd(date: Date, language: Language, timeZone: string): string {
  const locale = language === "fr" ? "fr-FR" : "en-US";
  return new Intl.DateTimeFormat(locale, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

/** Sent when someone joins: their place, and the link to leave. */
export function joinedEmail(
  person: { name: string; email: string; language: Language },
  details: { classTitle: string; position: number; leaveUrl: string },
  context: WaitlistMailContext,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) =>
    context.translate(person.language, `waitlist:email.${key}`, params);
  const rendered = renderEmail({
    language: person.language,
    subject: t("joined.subject", { title: details.classTitle }),
    greeting: t("greeting", { name: person.name }),
    paragraphs: [t("joined.intro", { title: details.classTitle, position: details.position }), t("joined.next")],
    after: [t("leave", { url: details.leaveUrl })],
    closing: signOff(context.translate, person.language, context.company),
  });
  return {
    to: person.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "class.waitlist-joined",
  };
}

/** Sent when a seat is held for the person: the link that takes it, and until when. */
export function offerEmail(
  person: { name: string; email: string; language: Language },
  details: { classTitle: string; offeredUntil: Date; offerUrl: string; leaveUrl: string },
  context: WaitlistMailContext,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) =>
    context.translate(person.language, `waitlist:email.${key}`, params);
  const until = formatOfferEnd(details.offeredUntil, person.language, context.timeZone);
  const rendered = renderEmail({
    language: person.language,
    subject: t("offer.subject", { title: details.classTitle }),
    greeting: t("greeting", { name: person.name }),
    paragraphs: [t("offer.intro", { title: details.classTitle, until }), t("offer.next")],
    action: { label: t("offer.action"), url: details.offerUrl },
    after: [t("leave", { url: details.leaveUrl })],
    closing: signOff(context.translate, person.language, context.company),
  });
  return {
    to: person.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "class.waitlist-offer",
  };
}
