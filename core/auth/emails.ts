import type { Language } from "../i18n/language.ts";
import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";

/**
 * An e-mail whose button is a single-use link, in the language the request was made in: its texts are
 * the `mail:<texts>` group (subject, greeting, intro, action, validity, ignore). The link opens a page
 * with a form, so following it (as mail scanners do) uses nothing up.
 */
function singleUseLinkEmail(
  texts: "passwordReset" | "signUpConfirm" | "signInLink",
  kind: string,
  to: string,
  link: string,
  validFor: number,
  language: Language,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `mail:${texts}.${key}`, params);
  const rendered = renderEmail({
    language,
    subject: t("subject", { company: company.name }),
    greeting: t("greeting"),
    paragraphs: [t("intro", { company: company.name })],
    action: { label: t("action"), url: link },
    after: [t("validity", { count: validFor }), t("ignore")],
    closing: signOff(translate, language, company),
  });
  return { to, subject: rendered.subject, text: rendered.text, html: rendered.html, kind };
}

export const PASSWORD_RESET_MAIL_KIND = "auth.password-reset";

/** The link to set a new password. */
export function passwordResetEmail(
  to: string,
  link: string,
  validMinutes: number,
  language: Language,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  return singleUseLinkEmail(
    "passwordReset",
    PASSWORD_RESET_MAIL_KIND,
    to,
    link,
    validMinutes,
    language,
    translate,
    company,
  );
}

export const SIGN_IN_LINK_MAIL_KIND = "auth.sign-in-link";

/** The link that signs a new browser in once the account has had too many failed sign-ins. */
export function signInLinkEmail(
  to: string,
  link: string,
  validMinutes: number,
  language: Language,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  return singleUseLinkEmail("signInLink", SIGN_IN_LINK_MAIL_KIND, to, link, validMinutes, language, translate, company);
}

export const SIGN_IN_BURST_MAIL_KIND = "auth.sign-in-burst";

/** Tells a staff member that their account has had a burst of failed sign-ins (staff read English). */
export function signInBurstEmail(
  to: string,
  failures: number,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const language: Language = "en";
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const rendered = renderEmail({
    language,
    subject: t("mail:signInBurst.subject", { company: company.name }),
    greeting: t("mail:signInBurst.greeting"),
    paragraphs: [
      t("mail:signInBurst.intro", { count: failures, company: company.name, email: to }),
      t("mail:signInBurst.effect"),
    ],
    after: [t("mail:signInBurst.advice")],
    closing: signOff(translate, language, company),
  });
  return { to, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: SIGN_IN_BURST_MAIL_KIND };
}

export const SIGN_UP_CONFIRM_MAIL_KIND = "auth.sign-up-confirm";

/** The link that creates the account of a sign-up (and signs the browser in). */
export function signUpConfirmEmail(
  to: string,
  link: string,
  validHours: number,
  language: Language,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  return singleUseLinkEmail(
    "signUpConfirm",
    SIGN_UP_CONFIRM_MAIL_KIND,
    to,
    link,
    validHours,
    language,
    translate,
    company,
  );
}

export const SIGN_UP_TAKEN_MAIL_KIND = "auth.sign-up-taken";

/** Tells the owner of an address that someone tried to sign up with it, and how to get back in. */
export function signUpTakenEmail(
  to: string,
  links: { signIn: string; reset: string },
  language: Language,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const rendered = renderEmail({
    language,
    subject: t("mail:signUpTaken.subject", { company: company.name }),
    greeting: t("mail:signUpTaken.greeting"),
    paragraphs: [t("mail:signUpTaken.intro", { company: company.name }), t("mail:signUpTaken.unchanged")],
    action: { label: t("mail:signUpTaken.action"), url: links.signIn },
    after: [t("mail:signUpTaken.forgot", { link: links.reset }), t("mail:signUpTaken.ignore")],
    closing: signOff(translate, language, company),
  });
  return { to, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: SIGN_UP_TAKEN_MAIL_KIND };
}
