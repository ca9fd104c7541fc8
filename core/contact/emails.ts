import type { Language } from "../i18n/language.ts";
import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";
import type { InquiryType } from "./schema.ts";

export interface ContactEmailFacts {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  inquiryType: InquiryType;
  message: string;
  language: Language;
  /** Where the message came from: the site's form or an assistant (chatbot, voice). */
  channel: "form" | "assistant";
}

/** The confirmation sent to the visitor, in their language, with a copy of their message. */
export function contactConfirmationEmail(
  facts: ContactEmailFacts,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const lang = facts.language;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const details = [
    { label: t("contact:fields.inquiryType"), value: t(`contact:inquiryTypes.${facts.inquiryType}`) },
    ...(facts.phone ? [{ label: t("contact:fields.phone"), value: facts.phone }] : []),
    ...(facts.company ? [{ label: t("contact:fields.company"), value: facts.company }] : []),
    { label: t("contact:fields.message"), value: facts.message },
  ];
  const rendered = renderEmail({
    language: lang,
    subject: t("contact:email.confirmation.subject", { company: company.name }),
    greeting: t("contact:email.confirmation.greeting", { name: facts.name }),
    paragraphs: [t("contact:messages.sent"), t("contact:email.confirmation.intro")],
    details,
    closing: signOff(translate, lang, company),
  });
  return {
    to: facts.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "contact.confirmation",
  };
}

/** The notification to staff (in English, the team's language) with every detail of the inquiry. */
export function contactStaffEmail(
  facts: ContactEmailFacts,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const lang: Language = "en";
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);
  const type = t(`contact:inquiryTypes.${facts.inquiryType}`);
  const none = t("contact:email.staff.none");
  const rendered = renderEmail({
    language: lang,
    subject: t("contact:email.staff.subject", { type, name: facts.name }),
    paragraphs: [
      t(facts.channel === "assistant" ? "contact:email.staff.introAssistant" : "contact:email.staff.introForm"),
    ],
    details: [
      { label: t("contact:fields.name"), value: facts.name },
      { label: t("contact:fields.email"), value: facts.email },
      { label: t("contact:fields.phone"), value: facts.phone ?? none },
      { label: t("contact:fields.company"), value: facts.company ?? none },
      { label: t("contact:fields.inquiryType"), value: type },
      { label: t("contact:fields.language"), value: t(`contact:languages.${facts.language}`) },
      { label: t("contact:fields.message"), value: facts.message },
    ],
  });
  return {
    to: company.staffEmail,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: "contact.staff",
  };
}
