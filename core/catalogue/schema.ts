import { z } from "zod";
import { EMPTY_EDIT_KEY, hasChanges, line, text } from "../text.ts";
import { centsSchema } from "../money/schema.ts";

export {
  MAIN_SERVICE_IDS,
  SPECIALISED_SERVICE_IDS,
  type MainServiceId,
  type SpecialisedServiceId,
  type CatalogueServiceId,
} from "./limits.ts";

/** Fixed: one price, whatever the client types. Custom: the client chooses a price within a range. */
export const PRICING_TYPES = ["fixed", "custom"] as const;
export const pricingTypeSchema = z.enum(PRICING_TYPES);
export type PricingType = z.infer<typeof pricingTypeSchema>;

/** The five core offers of the services section, and the eleven specialised services of its grid. */
export const SERVICE_KINDS = ["main", "specialised"] as const;
export const serviceKindSchema = z.enum(SERVICE_KINDS);
export type ServiceKind = z.infer<typeof serviceKindSchema>;

/** A stable identifier: lower case letters, digits and underscores (the UI maps it to its i18n keys). */
export const serviceIdSchema = line().regex(/^[a-z][a-z0-9_]{0,63}$/, "errors:invalidValue");

/**
 * A catalogue entry as the agency stores it: prices and availability only. Its name and description are
 * translated texts, looked up by `id` in the interface's resources, so they are not part of the entry.
 */
export const catalogueEntrySchema = z
  .object({
    id: serviceIdSchema,
    kind: serviceKindSchema,
    pricingType: pricingTypeSchema,
    fixedPriceCents: centsSchema.nullable(),
    minPriceCents: centsSchema,
    maxPriceCents: centsSchema,
    active: z.boolean(),
  })
  .refine((entry) => entry.minPriceCents <= entry.maxPriceCents, {
    message: "errors:invalidValue",
    path: ["maxPriceCents"],
  })
  .refine((entry) => (entry.pricingType === "fixed") === (entry.fixedPriceCents !== null), {
    message: "errors:invalidValue",
    path: ["fixedPriceCents"],
  });
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

/**
 * A service as the cart receives it (specification, section 3, "Service (cart input)"): the entry's
 * prices plus the name and description in the visitor's language. `category` is the pricing type.
 */
export const serviceSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  description: z.string().max(2000),
  category: pricingTypeSchema,
  fixedPriceCents: centsSchema.nullable(),
  minPriceCents: centsSchema.nullable(),
  maxPriceCents: centsSchema.nullable(),
  active: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

// ---------------------------------------------------------------------------------------------
// The catalogue as the server stores and serves it

/**
 * The default service of checkout (specification 001, section 9): "Marketing Consultation", custom
 * price, $500 by default. It is stored in the catalogue so that orders are priced from it like any other
 * service, but the services section does not list it: the Consultation pricing card sells it.
 */
export const CHECKOUT_SERVICE_ID = "marketing_consultation";
/** Entries that can be ordered but are not shown in the services section's grids. */
export const UNLISTED_SERVICE_IDS: readonly string[] = [CHECKOUT_SERVICE_ID];

/** Bounds staff may give a service's prices: $1 to the largest unit price an order accepts ($10,000). */
export const SERVICE_PRICE_BOUNDS = { minCents: 100, maxCents: 1_000_000 } as const;
export const SERVICE_TEXT_LIMITS = { name: 120, description: 1000 } as const;

/** A catalogue entry with its texts in both languages, as staff edit it. */
export interface StoredService extends CatalogueEntry {
  nameEn: string;
  nameFr: string;
  descriptionEn: string;
  descriptionFr: string;
  sortOrder: number;
}

/** A service as `GET /api/services` answers it: prices, plus name and description in the reader's language. */
export interface LocalizedService extends CatalogueEntry {
  name: string;
  description: string;
}

const servicePrice = z
  .number({ message: "catalogue:validation.priceInvalid" })
  .int("catalogue:validation.priceInvalid")
  .min(SERVICE_PRICE_BOUNDS.minCents, "catalogue:validation.priceTooLow")
  .max(SERVICE_PRICE_BOUNDS.maxCents, "catalogue:validation.priceTooHigh");

const serviceName = line({ message: "catalogue:validation.nameRequired" })
  .trim()
  .min(1, "catalogue:validation.nameRequired")
  .max(SERVICE_TEXT_LIMITS.name, "catalogue:validation.nameTooLong");

const serviceDescription = text({ message: "catalogue:validation.descriptionTooLong" })
  .trim()
  .max(SERVICE_TEXT_LIMITS.description, "catalogue:validation.descriptionTooLong");

/**
 * What staff may change on a service (any subset): prices, pricing type, texts and availability. The
 * result is checked whole against the entry's rules (`checkServiceEntry`): min ≤ max, and a fixed
 * price, required for fixed pricing only, within the range.
 */
export const serviceUpdateSchema = z
  .strictObject({
    pricingType: z.enum(PRICING_TYPES, { message: "catalogue:validation.pricingTypeInvalid" }).optional(),
    fixedPriceCents: servicePrice.nullable().optional(),
    minPriceCents: servicePrice.optional(),
    maxPriceCents: servicePrice.optional(),
    nameEn: serviceName.optional(),
    nameFr: serviceName.optional(),
    descriptionEn: serviceDescription.optional(),
    descriptionFr: serviceDescription.optional(),
    active: z.boolean({ message: "errors:invalidValue" }).optional(),
  })
  .refine(hasChanges, EMPTY_EDIT_KEY);
export type ServiceUpdate = z.infer<typeof serviceUpdateSchema>;

/** The filter of `GET /api/services`. */
export const serviceListQuerySchema = z.object({
  kind: z.enum(SERVICE_KINDS, { message: "catalogue:validation.kindInvalid" }).optional(),
});
