import { z } from "zod";
import { centsSchema } from "../money/money.ts";

/** Fixed: one price, whatever the client types. Custom: the client chooses a price within a range. */
export const PRICING_TYPES = ["fixed", "custom"] as const;
export const pricingTypeSchema = z.enum(PRICING_TYPES);
export type PricingType = z.infer<typeof pricingTypeSchema>;

/** The five core offers of the services section, and the eleven specialised services of its grid. */
export const SERVICE_KINDS = ["main", "specialised"] as const;
export const serviceKindSchema = z.enum(SERVICE_KINDS);
export type ServiceKind = z.infer<typeof serviceKindSchema>;

export const MAIN_SERVICE_IDS = ["conception", "creation", "marketing", "promotion", "sales"] as const;
export const SPECIALISED_SERVICE_IDS = [
  "website",
  "agent_ai",
  "service_ai",
  "chat_bot",
  "logo_design",
  "graphics",
  "campaigns",
  "social_media",
  "video_marketing",
  "sport_audiovisuel",
  "jingle",
] as const;
export type MainServiceId = (typeof MAIN_SERVICE_IDS)[number];
export type SpecialisedServiceId = (typeof SPECIALISED_SERVICE_IDS)[number];
export type CatalogueServiceId = MainServiceId | SpecialisedServiceId;

/** A stable identifier: lower case letters, digits and underscores (the UI maps it to its i18n keys). */
export const serviceIdSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "errors:invalidValue");

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
  .refine((entry) => entry.minPriceCents <= entry.maxPriceCents, { message: "errors:invalidValue", path: ["maxPriceCents"] })
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
