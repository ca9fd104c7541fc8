import { z } from "zod";
import { EMPTY_EDIT_KEY, hasChanges, line, text } from "../text.ts";
import { LANGUAGES, type Language } from "../i18n/language.ts";
import { DEAL_LIMITS } from "./rules.ts";

// The pages' forms read these without zod (rules.ts); the server reads them here as before.
export { DEAL_LIMITS };

/** A deal's id as it appears in an address or a cart line: a positive whole number. */
export const dealIdSchema = z.coerce
  .number({ message: "deals:errors.notFound" })
  .int("deals:errors.notFound")
  .positive("deals:errors.notFound");

/** An https address, or a path on this site ("/images/..."); never a protocol-relative or script address. */
function isSafeImageUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const price = (required: string) =>
  z
    .number({ message: required })
    .int("deals:validation.priceWhole")
    .min(DEAL_LIMITS.minPriceCents, "deals:validation.priceMin")
    .max(DEAL_LIMITS.maxPriceCents, "deals:validation.priceMax");

/** An ISO 8601 date and time with its offset ("2025-06-01T09:00:00Z") or a Date, read as a Date. */
const date = (message: string) =>
  z.preprocess(
    // A Date (from code, or from a body this schema already read) reads as its ISO text.
    (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : value),
    line({ message })
      .pipe(z.iso.datetime({ offset: true, message }))
      .transform((value) => new Date(value)),
  );

const title = line({ message: "deals:validation.titleRequired" })
  .trim()
  .min(1, "deals:validation.titleRequired")
  .max(DEAL_LIMITS.title, "deals:validation.titleTooLong");
const description = text({ message: "deals:validation.descriptionMin" })
  .trim()
  .min(DEAL_LIMITS.descriptionMin, "deals:validation.descriptionMin")
  .max(DEAL_LIMITS.description, "deals:validation.descriptionTooLong");
const serviceName = line({ message: "deals:validation.serviceNameRequired" })
  .trim()
  .min(1, "deals:validation.serviceNameRequired")
  .max(DEAL_LIMITS.serviceName, "deals:validation.serviceNameTooLong");

// A deal is one record read in either language: each text is required in both (a deal shown in French
// with an English title would be a half-translated page).
const dealFields = {
  titleEn: title,
  titleFr: title,
  descriptionEn: description,
  descriptionFr: description,
  serviceNameEn: serviceName,
  serviceNameFr: serviceName,
  originalPrice: price("deals:validation.priceMin"),
  discountedPrice: price("deals:validation.priceMin"),
  discountPercentage: z
    .number({ message: "deals:validation.discountPercentage" })
    .int("deals:validation.discountPercentage")
    .min(1, "deals:validation.discountPercentage")
    .max(99, "deals:validation.discountPercentage"),
  validFrom: date("deals:validation.validFromInvalid"),
  validUntil: date("deals:validation.validUntilInvalid"),
  // "" and null both mean "no image".
  featuredImage: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    line({ message: "deals:validation.featuredImageInvalid" })
      .trim()
      .max(DEAL_LIMITS.featuredImage, "deals:validation.featuredImageInvalid")
      .refine(isSafeImageUrl, "deals:validation.featuredImageInvalid")
      .nullable(),
  ),
  active: z.boolean({ message: "errors:invalidValue" }),
  /** How many claims the deal allows; null for no limit. */
  claimLimit: z
    .number({ message: "deals:validation.claimLimitInvalid" })
    .int("deals:validation.claimLimitInvalid")
    .min(1, "deals:validation.claimLimitInvalid")
    .max(DEAL_LIMITS.maxClaimLimit, "deals:validation.claimLimitInvalid")
    .nullable(),
  /** How many claims one person may have, across their orders (1 by default). */
  perPersonLimit: z
    .number({ message: "deals:validation.perPersonLimitInvalid" })
    .int("deals:validation.perPersonLimitInvalid")
    .min(1, "deals:validation.perPersonLimitInvalid")
    .max(DEAL_LIMITS.maxPerPersonLimit, "deals:validation.perPersonLimitInvalid"),
};

/** A deal's texts, each in English and in French. */
export interface DealTexts {
  titleEn: string;
  titleFr: string;
  descriptionEn: string;
  descriptionFr: string;
  serviceNameEn: string;
  serviceNameFr: string;
}

/** The fields a deal holds once checked. */
export interface DealFields extends DealTexts {
  originalPrice: number;
  discountedPrice: number;
  discountPercentage: number;
  validFrom: Date;
  validUntil: Date;
  featuredImage: string | null;
  active: boolean;
  claimLimit: number | null;
  perPersonLimit: number;
}

/**
 * Checks that hold between fields (specification 000, section 5, "Hot deal", and what a deal means):
 * the discounted price is below the original one and the deal ends after it starts.
 */
function crossFieldIssues(
  deal: Pick<DealFields, "originalPrice" | "discountedPrice" | "validFrom" | "validUntil">,
  ctx: z.RefinementCtx,
) {
  // Zod runs this even when a field failed on its own; only compare values that are well formed.
  const isPrice = (value: unknown) => typeof value === "number" && Number.isFinite(value);
  const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());
  if (isPrice(deal.discountedPrice) && isPrice(deal.originalPrice) && deal.discountedPrice >= deal.originalPrice) {
    ctx.addIssue({ code: "custom", path: ["discountedPrice"], message: "deals:validation.discountedBelowOriginal" });
  }
  if (isDate(deal.validUntil) && isDate(deal.validFrom) && deal.validUntil.getTime() <= deal.validFrom.getTime()) {
    ctx.addIssue({ code: "custom", path: ["validUntil"], message: "deals:validation.validUntilAfterFrom" });
  }
}

/**
 * What staff send to create a deal: title, description and service name in English and French, then
 * the prices, percentage, window and limit the deal has once, whatever the language it is read in.
 */
export const dealInputSchema = z
  .strictObject({
    titleEn: dealFields.titleEn,
    titleFr: dealFields.titleFr,
    descriptionEn: dealFields.descriptionEn,
    descriptionFr: dealFields.descriptionFr,
    serviceNameEn: dealFields.serviceNameEn,
    serviceNameFr: dealFields.serviceNameFr,
    originalPrice: dealFields.originalPrice,
    discountedPrice: dealFields.discountedPrice,
    discountPercentage: dealFields.discountPercentage,
    validFrom: dealFields.validFrom,
    validUntil: dealFields.validUntil,
    featuredImage: dealFields.featuredImage.optional().default(null),
    active: dealFields.active.optional().default(true),
    claimLimit: dealFields.claimLimit.optional().default(null),
    perPersonLimit: dealFields.perPersonLimit.optional().default(1),
  })
  .superRefine(crossFieldIssues);
export type DealInput = z.input<typeof dealInputSchema>;

/** A staff edit: any subset of the fields. The merged deal is checked again as a whole (`dealInputSchema`). */
export const dealUpdateSchema = z
  .strictObject({
    titleEn: dealFields.titleEn.optional(),
    titleFr: dealFields.titleFr.optional(),
    descriptionEn: dealFields.descriptionEn.optional(),
    descriptionFr: dealFields.descriptionFr.optional(),
    serviceNameEn: dealFields.serviceNameEn.optional(),
    serviceNameFr: dealFields.serviceNameFr.optional(),
    originalPrice: dealFields.originalPrice.optional(),
    discountedPrice: dealFields.discountedPrice.optional(),
    discountPercentage: dealFields.discountPercentage.optional(),
    validFrom: dealFields.validFrom.optional(),
    validUntil: dealFields.validUntil.optional(),
    featuredImage: dealFields.featuredImage.optional(),
    active: dealFields.active.optional(),
    claimLimit: dealFields.claimLimit.optional(),
    perPersonLimit: dealFields.perPersonLimit.optional(),
  })
  .refine(hasChanges, EMPTY_EDIT_KEY);

/** The public list's filter: the request's language unless one is named. */
export const dealListQuerySchema = z.object({
  language: z.enum(LANGUAGES, { message: "deals:validation.languageInvalid" }).optional(),
});

/**
 * A deal as the public API answers it, in the request's language (`language` names it), with what the
 * card shows computed at the time of the request. Claims, limit and prices are the same in every language.
 */
export interface PublicDeal {
  id: number;
  title: string;
  description: string;
  serviceName: string;
  language: Language;
  originalPrice: number;
  discountedPrice: number;
  discountPercentage: number;
  validFrom: string;
  validUntil: string;
  featuredImage: string | null;
  claimLimit: number | null;
  claimCount: number;
  /** Claims held by people paying now (each hold lasts a few minutes and is never renewed). */
  claimsReserved: number;
  /** How many claims one person may have, across their orders. */
  perPersonLimit: number;
  /** Whole days until the deal ends, rounded up, never below 0. */
  daysLeft: number;
  /** 3 days or fewer left: the HURRY! ribbon and red border. */
  hurry: boolean;
  /** The claim limit is reached: Sold Out, button disabled. */
  soldOut: boolean;
  /** Not sold out, but every claim left is held by people paying: nobody else can claim it for now. */
  allReserved: boolean;
  /** Claimed share of the limit, a whole percent from 0 to 100 (0 without a limit). */
  progress: number;
}

/** A deal as staff see it: the public view in English, its texts in both languages, whether it is active and shown. */
export interface AdminDeal extends PublicDeal, DealTexts {
  active: boolean;
  visible: boolean;
  createdAt: string;
  updatedAt: string;
}
