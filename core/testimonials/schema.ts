import { z } from "zod";
import { line, text } from "../text.ts";
import { LANGUAGES, type Language } from "../i18n/language.ts";
import { RATING_MIN, RATING_MAX, DEFAULT_RATING, TESTIMONIAL_LIMITS } from "./limits.ts";

export { RATING_MIN, RATING_MAX, DEFAULT_RATING, TESTIMONIAL_LIMITS } from "./limits.ts";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

const customerName = line({ message: "testimonials:validation.nameRequired" })
  .trim()
  .min(1, "testimonials:validation.nameRequired")
  .max(TESTIMONIAL_LIMITS.name, "testimonials:validation.nameTooLong");
const testimonialText = text({ message: "testimonials:validation.contentTooShort" })
  .trim()
  .min(TESTIMONIAL_LIMITS.textMin, "testimonials:validation.contentTooShort")
  .max(TESTIMONIAL_LIMITS.textMax, "testimonials:validation.contentTooLong");
const rating = z
  .number({ message: "testimonials:validation.ratingInvalid" })
  .int("testimonials:validation.ratingInvalid")
  .min(RATING_MIN, "testimonials:validation.ratingInvalid")
  .max(RATING_MAX, "testimonials:validation.ratingInvalid");
const email = line({ message: "testimonials:validation.emailInvalid" })
  .trim()
  .max(TESTIMONIAL_LIMITS.email, "testimonials:validation.emailInvalid")
  .pipe(z.email("testimonials:validation.emailInvalid"));
const optionalText = (max: number, key: string) => line({ message: key }).trim().max(max, key);

/**
 * The share-your-experience dialog and POST /api/testimonials/submit payload (spec document 000,
 * sections 5 and 7): name, company, content, email, rating; optionally title and projectType.
 * Server rules: customer name required; email valid if given; text at least 10 characters; rating a
 * whole number from 1 to 5, default 5.
 */
export const testimonialSubmissionSchema = z.strictObject({
  name: customerName,
  email: z.preprocess(blankToUndefined, email.nullable().optional()),
  company: z.preprocess(
    blankToUndefined,
    optionalText(TESTIMONIAL_LIMITS.company, "testimonials:validation.companyTooLong").nullable().optional(),
  ),
  title: z.preprocess(
    blankToUndefined,
    optionalText(TESTIMONIAL_LIMITS.title, "testimonials:validation.titleTooLong").nullable().optional(),
  ),
  projectType: z.preprocess(
    blankToUndefined,
    optionalText(TESTIMONIAL_LIMITS.projectType, "testimonials:validation.projectTypeTooLong").nullable().optional(),
  ),
  content: testimonialText,
  rating: rating.default(DEFAULT_RATING),
});
/**
 * The share-your-experience dialog's own rules (spec document 000, section 5): name, e-mail and the text
 * are required there ("Email is required", "Please write your testimonial"), then the server's rules apply.
 */
export const testimonialFormSchema = testimonialSubmissionSchema.extend({
  email: line({ message: "testimonials:dialog.emailRequired" })
    .trim()
    .min(1, "testimonials:dialog.emailRequired")
    .pipe(email),
  content: text({ message: "testimonials:dialog.contentRequired" })
    .trim()
    .min(1, "testimonials:dialog.contentRequired")
    .pipe(testimonialText),
});

export type TestimonialSubmission = z.input<typeof testimonialSubmissionSchema>;
export type ValidTestimonialSubmission = z.output<typeof testimonialSubmissionSchema>;

/** Staff edits (PUT /api/testimonials/:id): approve with {approved: true}, or change any field. */
export const testimonialUpdateSchema = z
  .strictObject({
    approved: z.boolean({ message: "errors:invalidValue" }).optional(),
    featured: z.boolean({ message: "errors:invalidValue" }).optional(),
    customerName: customerName.optional(),
    customerEmail: z.preprocess(blankToNull, email.nullable().optional()),
    companyName: z.preprocess(
      blankToNull,
      optionalText(TESTIMONIAL_LIMITS.company, "testimonials:validation.companyTooLong").nullable().optional(),
    ),
    customerTitle: z.preprocess(
      blankToNull,
      optionalText(TESTIMONIAL_LIMITS.title, "testimonials:validation.titleTooLong").nullable().optional(),
    ),
    projectType: z.preprocess(
      blankToNull,
      optionalText(TESTIMONIAL_LIMITS.projectType, "testimonials:validation.projectTypeTooLong").nullable().optional(),
    ),
    testimonialText: testimonialText.optional(),
    rating: rating.optional(),
    /** The language the text is written in, should staff need to correct it. */
    language: z.enum(LANGUAGES, { message: "testimonials:validation.languageInvalid" }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), "errors:invalidRequest");
export type TestimonialUpdate = z.input<typeof testimonialUpdateSchema>;

/** An approved testimonial as everyone sees it (no e-mail address). */
export interface PublicTestimonial {
  id: number;
  customerName: string;
  companyName: string | null;
  customerTitle: string | null;
  projectType: string | null;
  rating: number;
  testimonialText: string;
  /** The language the text is written in: the page's language when it was sent. */
  language: Language;
  /** "Verified client": the author's e-mail has a paid order or a consultation that took place (worked out by the server). */
  verified: boolean;
  createdAt: string;
}

/** A testimonial as staff moderate it. */
export interface AdminTestimonial extends PublicTestimonial {
  customerEmail: string | null;
  approved: boolean;
  featured: boolean;
  isPublicSubmission: boolean;
}

export interface TestimonialModeration {
  testimonials: AdminTestimonial[];
  pendingCount: number;
}
