import { z } from "zod";
import { line, text } from "../text.ts";
import { LANGUAGES } from "../i18n/language.ts";
import { isPlausiblePhone } from "./rules.ts";
import { INQUIRY_TYPES, DEFAULT_INQUIRY_TYPE, CONTACT_LIMITS, type InquiryType } from "./limits.ts";

export { INQUIRY_TYPES, DEFAULT_INQUIRY_TYPE, CONTACT_LIMITS, type InquiryType } from "./limits.ts";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const name = line({ message: "contact:validation.nameRequired" })
  .trim()
  .min(1, "contact:validation.nameRequired")
  .max(CONTACT_LIMITS.name, "contact:validation.nameTooLong");

const email = line({ message: "contact:validation.emailInvalid" })
  .trim()
  .max(CONTACT_LIMITS.email, "contact:validation.emailInvalid")
  .pipe(z.email("contact:validation.emailInvalid"));

const phone = z.preprocess(
  blankToUndefined,
  line({ message: "contact:validation.phoneInvalid" })
    .trim()
    .max(CONTACT_LIMITS.phone, "contact:validation.phoneInvalid")
    .refine(isPlausiblePhone, "contact:validation.phoneInvalid")
    .nullable()
    .optional(),
);

const language = z.enum(LANGUAGES, { message: "contact:validation.languageInvalid" }).optional();

/**
 * The contact form and POST /api/contact payload (spec document 000, section 5 "Contact inquiry").
 * `language` is the language of the page the form was sent from (the confirmation e-mail uses it);
 * without it, the request's language.
 */
export const contactInputSchema = z.strictObject({
  name,
  email,
  phone,
  company: z.preprocess(
    blankToUndefined,
    line({ message: "contact:validation.companyTooLong" })
      .trim()
      .max(CONTACT_LIMITS.company, "contact:validation.companyTooLong")
      .nullable()
      .optional(),
  ),
  inquiryType: z
    .enum(INQUIRY_TYPES, { message: "contact:validation.inquiryTypeRequired" })
    .default(DEFAULT_INQUIRY_TYPE),
  message: text({ message: "contact:validation.messageTooShort" })
    .trim()
    .min(CONTACT_LIMITS.messageMin, "contact:validation.messageTooShort")
    .max(CONTACT_LIMITS.messageMax, "contact:validation.messageTooLong"),
  language,
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ValidContactInput = z.output<typeof contactInputSchema>;

/** The chatbot's and voice assistant's contact payload (spec document 001, sections 3 and 7). */
export const assistantContactSchema = z.strictObject({
  name,
  email,
  phone,
  service: z.preprocess(
    blankToUndefined,
    line({ message: "contact:validation.serviceTooLong" })
      .trim()
      .max(CONTACT_LIMITS.service, "contact:validation.serviceTooLong")
      .nullable()
      .optional(),
  ),
  message: text({ message: "contact:validation.messageRequired" })
    .trim()
    .min(1, "contact:validation.messageRequired")
    .max(CONTACT_LIMITS.messageMax, "contact:validation.messageTooLong"),
  language,
});
export type AssistantContactInput = z.input<typeof assistantContactSchema>;

/** A stored contact submission. */
export interface ContactSubmission {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  inquiryType: InquiryType;
  message: string;
  language: string;
  createdAt: string;
}
