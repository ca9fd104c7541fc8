import type { Language } from "../i18n/language.ts";
import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";
import { formatCents } from "../money/money.ts";

/** What the confirmation needs of a class, in both languages as stored. */
export interface EnrolledClass {
  titleEn: string;
  titleFr: string;
  instructorName: string;
  startDate: Date | null;
  scheduleDays: string[];
  scheduleTime: string | null;
  locationEn: string;
  locationFr: string;
}

/**
 * The e-mail that confirms a paid seat, in the language the enrolment was paid in: the class, its
 * instructor, start, schedule and place, and the amount paid. The receipt goes separately, as for
 * every order.
 */
export function enrollmentConfirmationEmail(
  enrolled: EnrolledClass,
  who: { name: string; email: string; amountCents: number; orderNumber: string },
  language: Language,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const title = language === "fr" ? enrolled.titleFr : enrolled.titleEn;
  const location = language === "fr" ? enrolled.locationFr : enrolled.locationEn;
  const schedule = [
    enrolled.scheduleDays.map((day) => t(`classes:days.${day}`)).join(", "),
    enrolled.scheduleTime ?? "",
  ]
    .filter(Boolean)
    .join(" · ");
  const start = enrolled.startDate
    ? new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(
        enrolled.startDate,
      )
    : null;
  const details = [
    { label: t("classes:email.class"), value: title },
    { label: t("classes:email.instructor"), value: enrolled.instructorName },
    ...(start ? [{ label: t("classes:email.starts"), value: start }] : []),
    ...(schedule ? [{ label: t("classes:email.schedule"), value: schedule }] : []),
    ...(location ? [{ label: t("classes:email.location"), value: location }] : []),
    { label: t("classes:email.order"), value: who.orderNumber },
    { label: t("classes:email.paid"), value: formatCents(who.amountCents) },
  ];
  const rendered = renderEmail({
    language,
    subject: t("classes:email.subject", { title }),
    greeting: t("classes:email.greeting", { name: who.name.split(/\s+/)[0] ?? who.name }),
    paragraphs: [t("classes:email.intro", { title })],
    details,
    after: [t("classes:email.next")],
    closing: signOff(translate, language, company),
  });
  return {
    to: who.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "class.enrollment",
  };
}
