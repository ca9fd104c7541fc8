import { z } from "zod";
import { pricingTypeSchema } from "../catalogue/schema.ts";
import { centsSchema } from "../money/schema.ts";
import { promoDefinitionSchema } from "../promotions/schema.ts";
import { ORDER_LIMITS } from "./limits.ts";

export { CART_STORAGE_KEY, ORDER_LIMITS, TAX_CENTS } from "./limits.ts";

/** A date as held in memory (Date) or as stored in JSON (ISO 8601 text); always a Date once parsed. */
const dateSchema = z.union([z.date(), z.iso.datetime({ offset: true }).transform((text) => new Date(text))]);

/** Free-form data a line carries (a claimed hot deal's `dealId`, for instance); JSON only. */
export const serviceDataSchema = z.record(z.string(), z.json());
export type ServiceData = z.infer<typeof serviceDataSchema>;

/** A cart line (specification 000, section 3, "Cart item"). */
export const cartItemSchema = z.object({
  id: z.string().min(1).max(100),
  serviceId: z.string().min(1).max(100),
  serviceName: z.string().max(200),
  description: z.string().max(2000),
  pricingType: pricingTypeSchema,
  unitPriceCents: centsSchema.max(ORDER_LIMITS.maxUnitPriceCents),
  quantity: z.number().int().min(ORDER_LIMITS.minQuantity).max(ORDER_LIMITS.maxQuantity),
  lineTotalCents: centsSchema,
  serviceData: serviceDataSchema,
  addedAt: dateSchema,
  minPriceCents: centsSchema.nullable(),
  maxPriceCents: centsSchema.nullable(),
  fixedPriceCents: centsSchema.nullable(),
});
export type CartItem = z.output<typeof cartItemSchema>;

/**
 * The promo applied to a cart: the specification's promo (code, discountCents, description, active) plus
 * the definition it was validated with, so that the discount is recomputed whenever the cart changes.
 */
export const appliedPromoSchema = z.object({
  code: z.string().min(1).max(64),
  discountCents: centsSchema,
  description: z.string().max(200),
  active: z.boolean(),
  definition: promoDefinitionSchema,
});
export type AppliedPromo = z.output<typeof appliedPromoSchema>;

/** The cart (specification 000, section 3, "Cart state"). */
export const cartStateSchema = z.object({
  items: z.array(cartItemSchema).max(ORDER_LIMITS.maxItems),
  promoCode: appliedPromoSchema.nullable(),
  subtotalCents: centsSchema,
  discountCents: centsSchema,
  taxCents: centsSchema,
  totalCents: centsSchema,
  itemCount: z.number().int().min(0),
  isLoading: z.boolean(),
  lastUpdated: dateSchema,
});
export type CartState = z.output<typeof cartStateSchema>;

/**
 * What is read back from browser storage: the lines and the promo. Stored totals are ignored (they are
 * recomputed), and so are unknown fields.
 */
export const storedCartSchema = z.object({
  items: z.array(cartItemSchema).max(ORDER_LIMITS.maxItems),
  promoCode: appliedPromoSchema.nullable().default(null),
  lastUpdated: dateSchema.optional(),
});
