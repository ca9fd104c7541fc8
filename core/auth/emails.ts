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
