import type { Language } from "../../core/i18n/language.ts";
import type { Translate } from "../../core/mail/rules.ts";
import { translator } from "../../server/i18n.server.ts";

/**
 * What e-mails, receipts, status texts and exports take besides their subject: the messages of a language,
 * the company that signs them and the agency's time zone. One copy for every unit test.
 */

/** The agency's time zone in these tests: the fixtures' dates are chosen against it. */
export const ZONE = "America/New_York";

/** The messages of one language, as status texts, receipts, exports and schema messages take them. */
export const translateIn =
  (language: Language) =>
  (key: string, params?: Record<string, unknown>): string =>
    translator(language)(key, params ?? {}) as string;

/** The English messages. */
export const en = translateIn("en");

/** The French messages. */
export const fr = translateIn("fr");

/** The messages of any language, as e-mails take them. */
export const translate: Translate = (language, key, params) => translateIn(language)(key, params);

/** The company as e-mails (CompanyDetails) and receipts (ReceiptCompany) name it. */
export const company = {
  name: "Atelier",
  email: "hello@atelier.example",
  phone: "+1 (555) 010-2030",
  website: "https://atelier.example",
  staffEmail: "team@atelier.example",
  address: "120 Market Street",
};
