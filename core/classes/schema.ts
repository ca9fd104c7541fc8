import { z } from "zod";
import { LANGUAGES, type Language } from "../i18n/language.ts";
import { EMPTY_EDIT_KEY, hasChanges, line, text } from "../text.ts";
import {
  CLASS_LIMITS,
  FORMATS,
  LEVELS,
  SEARCH_MAX,
  WEEKDAYS,
  type EnrollmentState,
  type Format,
  type Level,
  type Weekday,
} from "./rules.ts";

// The pages' forms read these without zod (rules.ts); the server reads them here as before.
export { CLASS_LIMITS };

function isSafeImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const blankIsNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** An ISO 8601 date and time with its offset, or a Date, read as a Date; "" or null for none. */
const date = (message: string) =>
  z.preprocess(
    (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : blankIsNull(value)),
    line({ message })
      .pipe(z.iso.datetime({ offset: true, message }))
      .transform((value) => new Date(value))
      .nullable(),
  );

const title = line({ message: "classes:validation.titleRequired" })
  .trim()
  .min(1, "classes:validation.titleRequired")
  .max(CLASS_LIMITS.title, "classes:validation.titleTooLong");
const description = text({ message: "classes:validation.descriptionMin" })
  .trim()
  .min(CLASS_LIMITS.descriptionMin, "classes:validation.descriptionMin")
  .max(CLASS_LIMITS.description, "classes:validation.descriptionTooLong");
const longText = text({ message: "classes:validation.textTooLong" })
  .trim()
  .max(CLASS_LIMITS.longText, "classes:validation.textTooLong");
const shortLine = (required: string | null) => {
  const base = line({ message: required ?? "classes:validation.textTooLong" }).trim();
  return (required ? base.min(1, required) : base).max(CLASS_LIMITS.shortText, "classes:validation.textTooLong");
};

const fields = {
  titleEn: title,
  titleFr: title,
  descriptionEn: description,
  descriptionFr: description,
  instructorName: line({ message: "classes:validation.instructorRequired" })
    .trim()
    .min(1, "classes:validation.instructorRequired")
    .max(CLASS_LIMITS.name, "classes:validation.textTooLong"),
  instructorBioEn: longText,
  instructorBioFr: longText,
  categoryEn: shortLine("classes:validation.categoryRequired"),
  categoryFr: shortLine("classes:validation.categoryRequired"),
  level: z.enum(LEVELS, { message: "classes:validation.levelInvalid" }),
  durationEn: shortLine("classes:validation.durationRequired"),
  durationFr: shortLine("classes:validation.durationRequired"),
  format: z.enum(FORMATS, { message: "classes:validation.formatInvalid" }),
  language: z.enum(LANGUAGES, { message: "classes:validation.languageInvalid" }),
  price: z
    .number({ message: "classes:validation.priceMin" })
    .int("classes:validation.priceWhole")
    .min(0, "classes:validation.priceMin")
    .max(CLASS_LIMITS.maxPriceCents, "classes:validation.priceMax"),
  maxStudents: z
    .number({ message: "classes:validation.maxStudentsInvalid" })
    .int("classes:validation.maxStudentsInvalid")
    .min(1, "classes:validation.maxStudentsInvalid")
    .max(CLASS_LIMITS.maxStudents, "classes:validation.maxStudentsInvalid")
    .nullable(),
  featuredImage: z.preprocess(
    blankIsNull,
    line({ message: "classes:validation.imageInvalid" })
      .trim()
      .max(CLASS_LIMITS.url, "classes:validation.imageInvalid")
      .refine(isSafeImageUrl, "classes:validation.imageInvalid")
      .nullable(),
  ),
  syllabusEn: longText,
  syllabusFr: longText,
  prerequisitesEn: longText,
  prerequisitesFr: longText,
  requirementsEn: longText,
  requirementsFr: longText,
  startDate: date("classes:validation.startDateInvalid"),
  endDate: date("classes:validation.endDateInvalid"),
  scheduleDays: z
    .array(z.enum(WEEKDAYS, { message: "classes:validation.scheduleDaysInvalid" }), {
      message: "classes:validation.scheduleDaysInvalid",
    })
    .max(7, "classes:validation.scheduleDaysInvalid"),
  scheduleTime: z.preprocess(
    blankIsNull,
    z
      .string({ message: "classes:validation.scheduleTimeInvalid" })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "classes:validation.scheduleTimeInvalid")
      .nullable(),
  ),
  locationEn: shortLine(null),
  locationFr: shortLine(null),
  active: z.boolean({ message: "errors:invalidValue" }),
  featured: z.boolean({ message: "errors:invalidValue" }),
};

/** The end comes after the start, when both are given. */
function datesInOrder(value: { startDate?: Date | null; endDate?: Date | null }, ctx: z.RefinementCtx) {
  const ok = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
  if (ok(value.startDate) && ok(value.endDate) && value.endDate.getTime() < value.startDate.getTime()) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: "classes:validation.endAfterStart" });
  }
}

/**
 * What staff send to create a class (spec 000, section 5: title required; description of at least 10
 * characters; instructor name required; level beginner, intermediate or advanced; duration required;
 * format online, in-person or hybrid; price at least 0), its texts in English and French.
 */
export const classInputSchema = z
  .strictObject({
    titleEn: fields.titleEn,
    titleFr: fields.titleFr,
    descriptionEn: fields.descriptionEn,
    descriptionFr: fields.descriptionFr,
    instructorName: fields.instructorName,
    instructorBioEn: fields.instructorBioEn.optional().default(""),
    instructorBioFr: fields.instructorBioFr.optional().default(""),
    categoryEn: fields.categoryEn.optional().default("General"),
    categoryFr: fields.categoryFr.optional().default("Général"),
    level: fields.level.optional().default("beginner"),
    durationEn: fields.durationEn,
    durationFr: fields.durationFr,
    format: fields.format.optional().default("online"),
    language: fields.language.optional().default("en"),
    price: fields.price,
    maxStudents: fields.maxStudents.optional().default(null),
    featuredImage: fields.featuredImage.optional().default(null),
    syllabusEn: fields.syllabusEn.optional().default(""),
    syllabusFr: fields.syllabusFr.optional().default(""),
    prerequisitesEn: fields.prerequisitesEn.optional().default(""),
    prerequisitesFr: fields.prerequisitesFr.optional().default(""),
    requirementsEn: fields.requirementsEn.optional().default(""),
    requirementsFr: fields.requirementsFr.optional().default(""),
    startDate: fields.startDate.optional().default(null),
    endDate: fields.endDate.optional().default(null),
    scheduleDays: fields.scheduleDays.optional().default([]),
    scheduleTime: fields.scheduleTime.optional().default(null),
    locationEn: fields.locationEn.optional().default(""),
    locationFr: fields.locationFr.optional().default(""),
    active: fields.active.optional().default(true),
    featured: fields.featured.optional().default(false),
  })
  .superRefine(datesInOrder);
export type ClassInput = z.input<typeof classInputSchema>;

/** A staff edit: any subset of the fields; the class as changed is checked whole again. */
export const classUpdateSchema = z
  .strictObject(
    Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
    },
  )
  .refine(hasChanges, EMPTY_EDIT_KEY);

/** The public list's query: the language of the texts, the request's unless named. */
export const classListQuerySchema = z.object({
  language: z.enum(LANGUAGES, { message: "classes:validation.languageInvalid" }).optional(),
});

/** The public list's query: the language unless the request's, a search (title, category, instructor), a level. */
export const classListFiltersSchema = classListQuerySchema.extend({
  q: line({ message: "classes:validation.searchTooLong" })
    .max(SEARCH_MAX, "classes:validation.searchTooLong")
    .optional(),
  level: z.enum(["all", ...LEVELS], { message: "classes:validation.levelInvalid" }).optional(),
});

/** A class as visitors read it, in one language (`textLanguage`), with its seats worked out. */
export interface PublicClass {
  id: number;
  title: string;
  description: string;
  instructorName: string;
  instructorBio: string;
  category: string;
  level: Level;
  duration: string;
  format: Format;
  /** The language the class is taught in. */
  language: Language;
  /** The language of the texts above. */
  textLanguage: Language;
  price: number;
  maxStudents: number | null;
  currentEnrollment: number;
  /** Seats nobody has paid for or holds now; null without a limit. */
  seatsLeft: number | null;
  /** Seats held now by people paying (each hold lasts a few minutes and is never renewed). */
  seatsReserved: number;
  full: boolean;
  featuredImage: string | null;
  syllabus: string[];
  prerequisites: string;
  requirements: string;
  startDate: string | null;
  endDate: string | null;
  scheduleDays: Weekday[];
  scheduleTime: string | null;
  location: string;
  featured: boolean;
}

/** A class as staff edit it: both languages. */
export interface AdminClass {
  id: number;
  titleEn: string;
  titleFr: string;
  descriptionEn: string;
  descriptionFr: string;
  instructorName: string;
  instructorBioEn: string;
  instructorBioFr: string;
  categoryEn: string;
  categoryFr: string;
  level: Level;
  durationEn: string;
  durationFr: string;
  format: Format;
  language: Language;
  price: number;
  maxStudents: number | null;
  currentEnrollment: number;
  featuredImage: string | null;
  syllabusEn: string;
  syllabusFr: string;
  prerequisitesEn: string;
  prerequisitesFr: string;
  requirementsEn: string;
  requirementsFr: string;
  startDate: string | null;
  endDate: string | null;
  scheduleDays: Weekday[];
  scheduleTime: string | null;
  locationEn: string;
  locationFr: string;
  active: boolean;
  featured: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A class enrolment as staff read it. */
export interface AdminEnrollment {
  id: string;
  customerName: string;
  customerEmail: string;
  /** What the stored statuses mean now (a reserved hold past its end is `expired`). */
  state: EnrollmentState;
  /** reserved, active or cancelled. */
  enrollmentStatus: string;
  /** pending, paid or failed. */
  paymentStatus: string;
  /** Cents: the class's price when the seat was held. */
  amountCents: number;
  createdAt: string;
  enrolledAt: string | null;
  reservedUntil: string;
}
