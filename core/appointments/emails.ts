import type { Language } from "../i18n/language.ts";
import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";
import { formatDateForHumans, timeZoneName } from "./rules.ts";
import type { Appointment } from "./schema.ts";

function sourceLabel(translate: Translate, language: Language, source: string): string {
  return ["website", "chatbot", "voice", "phone"].includes(source)
    ? translate(language, `appointments:sources.${source}`)
    : source;
}

/** The booking confirmation sent to the customer, in their language. */
export function bookingConfirmationEmail(
  appointment: Appointment,
  language: Language,
  timeZone: string,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const date = formatDateForHumans(appointment.appointmentDate, language);
  const rendered = renderEmail({
    language,
    subject: t("appointments:email.confirmation.subject", { date, time: appointment.appointmentTime }),
    greeting: t("appointments:email.confirmation.greeting", { name: appointment.customerName }),
    paragraphs: [t("appointments:email.confirmation.intro", { company: company.name })],
    details: [
      { label: t("appointments:fields.date"), value: date },
      {
        label: t("appointments:fields.time"),
        value: t("appointments:email.timeInZone", {
          time: appointment.appointmentTime,
          zone: timeZoneName(timeZone, language),
        }),
      },
      { label: t("appointments:fields.phone"), value: appointment.customerPhone },
      ...(appointment.notes ? [{ label: t("appointments:fields.notes"), value: appointment.notes }] : []),
    ],
    after: [t("appointments:email.confirmation.change", { email: company.email, phone: company.phone })],
    closing: signOff(translate, language, company),
  });
  return {
    to: appointment.customerEmail,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "appointment.confirmation",
  };
}

/** The notification to staff, in English, with every detail of the booking. */
export function bookingStaffEmail(
  appointment: Appointment,
  timeZone: string,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const language: Language = "en";
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const date = formatDateForHumans(appointment.appointmentDate, language);
  const rendered = renderEmail({
    language,
    subject: t("appointments:email.staff.subject", {
      date: appointment.appointmentDate,
      time: appointment.appointmentTime,
      name: appointment.customerName,
    }),
    paragraphs: [t("appointments:email.staff.intro")],
    details: [
      { label: t("appointments:fields.date"), value: date },
      {
        label: t("appointments:fields.time"),
        value: t("appointments:email.timeInZone", {
          time: appointment.appointmentTime,
          zone: timeZoneName(timeZone, language),
        }),
      },
      { label: t("appointments:fields.name"), value: appointment.customerName },
      { label: t("appointments:fields.email"), value: appointment.customerEmail },
      { label: t("appointments:fields.phone"), value: appointment.customerPhone },
      { label: t("appointments:fields.type"), value: appointment.appointmentType },
      { label: t("appointments:fields.source"), value: sourceLabel(translate, language, appointment.source) },
      {
        label: t("appointments:fields.language"),
        value: t(`appointments:languages.${appointment.language === "fr" ? "fr" : "en"}`),
      },
      { label: t("appointments:fields.notes"), value: appointment.notes ?? t("appointments:email.staff.none") },
    ],
  });
  return {
    to: company.staffEmail,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "appointment.staff",
  };
}
