import { z } from "zod";
import { EMPTY_EDIT_KEY, hasChanges, line } from "../text.ts";
import { centsSchema } from "../money/schema.ts";

/** Percent: `value` % of the subtotal, rounded down. Amount: `value` cents off. */
export const PROMO_KINDS = ["percent", "amount"] as const;
export const promoKindSchema = z.enum(PROMO_KINDS);
export type PromoKind = z.infer<typeof promoKindSchema>;

/** A promo code as stored: upper case letters, digits, "-" and "_" (codes are matched case-insensitively). */
export const promoCodeSchema = line().regex(/^[A-Z0-9][A-Z0-9_-]{0,31}$/, "cart:promo.invalid");

/** What a visitor types in the cart's promo field: anything up to 64 characters, trimmed. */
export const promoCodeInputSchema = line().trim().min(1, "cart:promo.required").max(64, "cart:promo.invalid");

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
    /** Only for an e-mail with no paid order yet; absent means any order. */
    firstOrderOnly: z.boolean().optional(),
  })
  .refine((promo) => promo.kind !== "percent" || promo.value <= 100, {
    message: "errors:invalidValue",
    path: ["value"],
  });
export type PromoDefinition = z.infer<typeof promoDefinitionSchema>;

// ---------------------------------------------------------------------------------------------
// The promo API: validation by visitors, management by staff

/** `POST /api/promos/validate`: the code a visitor typed and the cart's subtotal. */
export const promoValidateRequestSchema = z.strictObject({
  code: line({ message: "cart:promo.required" }).max(64, "cart:promo.invalid"),
  subtotalCents: z
    .number({ message: "errors:invalidValue" })
    .int("errors:invalidValue")
    .min(0, "errors:invalidValue")
    .max(1_000_000_000, "errors:invalidValue"),
});
export type PromoValidateRequest = z.infer<typeof promoValidateRequestSchema>;

/** The largest fixed discount a code may give: the largest discount an order accepts ($10,000). */
export const MAX_PROMO_AMOUNT_CENTS = 1_000_000;

/** A code as staff type it: 3 to 32 letters, digits, "-" or "_", stored upper-case. */
export const promoAdminCodeSchema = line({ message: "cart:promoAdmin.codeFormat" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, "cart:promoAdmin.codeFormat");

const promoAdminFields = {
  kind: z.enum(PROMO_KINDS, { message: "cart:promoAdmin.kindInvalid" }),
  value: z.number({ message: "cart:promoAdmin.valueInvalid" }).int("cart:promoAdmin.valueInvalid"),
  minimumSubtotalCents: z
    .number({ message: "cart:promoAdmin.minimumInvalid" })
    .int("cart:promoAdmin.minimumInvalid")
    .min(0, "cart:promoAdmin.minimumInvalid")
    .max(10_000_000, "cart:promoAdmin.minimumInvalid")
    .nullable(),
  description: line({ message: "cart:promoAdmin.descriptionTooLong" })
    .trim()
    .max(200, "cart:promoAdmin.descriptionTooLong"),
  active: z.boolean({ message: "errors:invalidValue" }),
  firstOrderOnly: z.boolean({ message: "errors:invalidValue" }),
};

/**
 * The first problem of a code's kind and value, or null: a percentage is 1 to 100, a fixed amount
 * at least 1 cent and at most MAX_PROMO_AMOUNT_CENTS.
 */
export function promoValueProblem(kind: PromoKind, value: number): string | null {
  if (kind === "percent") return value >= 1 && value <= 100 ? null : "cart:promoAdmin.percentRange";
  if (value < 1) return "cart:promoAdmin.amountMin";
  if (value > MAX_PROMO_AMOUNT_CENTS) return "cart:promoAdmin.amountMax";
  return null;
}

/** `POST /api/admin/promos`: a new code. */
export const promoCreateSchema = z
  .strictObject({
    code: promoAdminCodeSchema,
    kind: promoAdminFields.kind,
    value: promoAdminFields.value,
    minimumSubtotalCents: promoAdminFields.minimumSubtotalCents.optional().default(null),
    description: promoAdminFields.description.optional().default(""),
    active: promoAdminFields.active.optional().default(true),
    firstOrderOnly: promoAdminFields.firstOrderOnly.optional().default(false),
  })
  .superRefine((promo, ctx) => {
    // Zod runs this even when a field failed on its own; the kind and value checks cover those.
    if (!PROMO_KINDS.includes(promo.kind) || !Number.isInteger(promo.value)) return;
    const problem = promoValueProblem(promo.kind, promo.value);
    if (problem) ctx.addIssue({ code: "custom", path: ["value"], message: problem });
  });
export type PromoCreate = z.infer<typeof promoCreateSchema>;

/** `PUT /api/admin/promos/:code`: any subset of a code's settings (the code itself does not change). */
export const promoUpdateSchema = z
  .strictObject({
    kind: promoAdminFields.kind.optional(),
    value: promoAdminFields.value.optional(),
    minimumSubtotalCents: promoAdminFields.minimumSubtotalCents.optional(),
    description: promoAdminFields.description.optional(),
    active: promoAdminFields.active.optional(),
    firstOrderOnly: promoAdminFields.firstOrderOnly.optional(),
  })
  .refine(hasChanges, EMPTY_EDIT_KEY);
export type PromoUpdate = z.infer<typeof promoUpdateSchema>;

/** A code as staff see it. */
export interface StoredPromo extends PromoDefinition {
  minimumSubtotalCents: number | null;
  firstOrderOnly: boolean;
  createdAt: string;
  updatedAt: string;
}
