import { z } from "zod";
import { centsSchema } from "../money/money.ts";

/** Percent: `value` % of the subtotal, rounded down. Amount: `value` cents off. */
export const PROMO_KINDS = ["percent", "amount"] as const;
export const promoKindSchema = z.enum(PROMO_KINDS);
export type PromoKind = z.infer<typeof promoKindSchema>;

/** A promo code as stored: upper case letters, digits, "-" and "_" (codes are matched case-insensitively). */
export const promoCodeSchema = z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,31}$/, "cart:promo.invalid");

/** What a visitor types in the cart's promo field: anything up to 64 characters, trimmed. */
export const promoCodeInputSchema = z.string().trim().min(1, "cart:promo.required").max(64, "cart:promo.invalid");

/** A promo code the agency offers (seeded or managed by staff). */
export const promoDefinitionSchema = z
  .object({
    code: promoCodeSchema,
    kind: promoKindSchema,
    /** A whole percentage (1 to 100) for "percent", a number of cents for "amount". */
    value: z.number().int().min(1),
    /** The subtotal, in cents, the cart must reach for the code to apply; none when absent or null. */
    minimumSubtotalCents: centsSchema.nullish(),
    active: z.boolean(),
    description: z.string().max(200),
  })
  .refine((promo) => promo.kind !== "percent" || promo.value <= 100, { message: "errors:invalidValue", path: ["value"] });
export type PromoDefinition = z.infer<typeof promoDefinitionSchema>;
