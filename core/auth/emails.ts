import type { Language } from "../i18n/language.ts";
import { renderEmail, signOff, type CompanyDetails, type Translate } from "../mail/rules.ts";
import type { MailMessage } from "../mail/schema.ts";

export const PASSWORD_RESET_MAIL_KIND = "auth.password-reset";

/**
 * The link to set a new password, in the language the request was made in. The link opens a page with a
 * form: following it (as mail scanners do) uses nothing up.
 */
export function passwordResetEmail(
  to: string,
  link: string,
  validMinutes: number,
  language: Language,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const rendered = renderEmail({
    language,
    subject: t("mail:passwordReset.subject", { company: company.name }),
    greeting: t("mail:passwordReset.greeting"),
    paragraphs: [t("mail:passwordReset.intro", { company: company.name })],
    action: { label: t("mail:passwordReset.action"), url: link },
    after: [t("mail:passwordReset.validity", { count: validMinutes }), t("mail:passwordReset.ignore")],
    closing: signOff(translate, language, company),
  });
  return { to, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: PASSWORD_RESET_MAIL_KIND };
}

export const SIGN_IN_BURST_MAIL_KIND = "auth.sign-in-burst";

/** Tells a staff member that their account has had a burst of failed sign-ins (staff read English). */
export function signInBurstEmail(to: string, failures: number, translate: Translate, company: CompanyDetails): MailMessage {
  const language: Language = "en";
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const rendered = renderEmail({
    language,
    subject: t("mail:signInBurst.subject", { company: company.name }),
    greeting: t("mail:signInBurst.greeting"),
    paragraphs: [t("mail:signInBurst.intro", { count: failures, company: company.name, email: to }), t("mail:signInBurst.effect")],
    after: [t("mail:signInBurst.advice")],
    closing: signOff(translate, language, company),
  });
  return { to, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: SIGN_IN_BURST_MAIL_KIND };
}

export const SIGN_UP_CONFIRM_MAIL_KIND = "auth.sign-up-confirm";

/**
 * The link that creates the account of a sign-up, in the language it was made in. The link opens a page
 * with a button: following it (as mail scanners do) creates nothing.
 */
export function signUpConfirmEmail(
  to: string,
  link: string,
  validHours: number,
  language: Language,
  translate: Translate,
  company: CompanyDetails,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const rendered = renderEmail({
    language,
    subject: t("mail:signUpConfirm.subject", { company: company.name }),
    greeting: t("mail:signUpConfirm.greeting"),
    paragraphs: [t("mail:signUpConfirm.intro", { company: company.name })],
    action: { label: t("mail:signUpConfirm.action"), url: link },
    after: [t("mail:signUpConfirm.validity", { count: validHours }), t("mail:signUpConfirm.ignore")],
    closing: signOff(translate, language, company),
  });
  return { to, subject: rendered.subject, text: rendered.text, html: rendered.html, kind: SIGN_UP_CONFIRM_MAIL_KIND };
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
