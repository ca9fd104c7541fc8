import { formatCents, percentOf, type Cents } from "../money/money.ts";
import type { PromoDefinition } from "./schema.ts";

export const PROMO_MESSAGES = {
  required: "cart:promo.required",
  invalid: "cart:promo.invalid",
  minimumOrder: "cart:promo.minimumOrder",
  firstOrderOnly: "cart:promo.firstOrderOnly",
  appliedTitle: "cart:promo.appliedTitle",
  saved: "cart:promo.saved",
} as const;

/**
 * The three codes of the specification (000, section 9). Seed data: staff may add others, deactivate
 * these, or change them; the rules below take whichever definition the caller found.
 */
export const PROMO_SEEDS: readonly PromoDefinition[] = [
  {
    code: "WELCOME10",
    kind: "percent",
    value: 10,
    minimumSubtotalCents: null,
    active: true,
    description: "10% off first order",
  },
  {
    code: "SAVE50",
    kind: "amount",
    value: 5000,
    minimumSubtotalCents: 50000,
    active: true,
    description: "$50 off orders of $500 or more",
  },
  {
    code: "NEWCLIENT",
    kind: "amount",
    value: 10000,
    minimumSubtotalCents: null,
    active: true,
    description: "$100 off for new clients",
    firstOrderOnly: true,
  },
];

/** " welcome10 " → "WELCOME10": codes are matched case-insensitively, ignoring surrounding spaces. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The definition of a code (active or not) in a list, the seeded codes by default, or null. */
export function findPromo(code: string, definitions: readonly PromoDefinition[] = PROMO_SEEDS): PromoDefinition | null {
  const wanted = normalizePromoCode(code);
  if (!wanted) return null;
  return definitions.find((definition) => normalizePromoCode(definition.code) === wanted) ?? null;
}

/** The discount a definition gives on a subtotal, ignoring its minimum: never more than the subtotal. */
export function promoDiscountCents(definition: PromoDefinition, subtotalCents: Cents): Cents {
  if (subtotalCents <= 0) return 0;
  const discount = definition.kind === "percent" ? percentOf(subtotalCents, definition.value) : definition.value;
  return Math.min(discount, subtotalCents);
}

/** True when the subtotal reaches the definition's minimum order (or it has none). */
export function meetsPromoMinimum(definition: PromoDefinition, subtotalCents: Cents): boolean {
  return definition.minimumSubtotalCents == null || subtotalCents >= definition.minimumSubtotalCents;
}

/** The minimum-order refusal: 'This promo code requires a minimum order of $500'. */
export function minimumOrderMessage(definition: PromoDefinition): { messageKey: string; params: { amount: string } } {
  return {
    messageKey: PROMO_MESSAGES.minimumOrder,
    params: { amount: formatCents(definition.minimumSubtotalCents ?? 0, { wholeDollars: true }) },
  };
}

export type PromoEvaluation =
  | { ok: true; code: string; discountCents: Cents; messageKey: string; params: { amount: string } }
  | { ok: false; discountCents: 0; messageKey: string; params?: Record<string, string> };

/**
 * Whether the code a visitor typed applies to a subtotal, and for how much (specification 000,
 * sections 5 and 8). `definition` is what the caller found for that code (`findPromo`, or the
 * server's promo table), null when there is none. Refusals: 'Please enter a promo code' (empty input),
 * 'Invalid promo code' (unknown or inactive), 'This promo code requires a minimum order of $500', and,
 * when the buyer is known to be a `returningClient` (an e-mail with a paid order), the first-order-only
 * refusal. Success carries 'You saved {amount}' (the toast's title is 'Promo code applied!').
 */
export function evaluatePromo(
  definition: PromoDefinition | null,
  code: string,
  subtotalCents: Cents,
  buyer: { returningClient?: boolean } = {},
): PromoEvaluation {
  const wanted = normalizePromoCode(code);
  if (!wanted) return { ok: false, discountCents: 0, messageKey: PROMO_MESSAGES.required };
  if (!definition || !definition.active || normalizePromoCode(definition.code) !== wanted) {
    return { ok: false, discountCents: 0, messageKey: PROMO_MESSAGES.invalid };
  }
  if (!meetsPromoMinimum(definition, subtotalCents))
    return { ok: false, discountCents: 0, ...minimumOrderMessage(definition) };
  if (definition.firstOrderOnly && buyer.returningClient)
    return { ok: false, discountCents: 0, messageKey: PROMO_MESSAGES.firstOrderOnly };
  const discountCents = promoDiscountCents(definition, subtotalCents);
  return {
    ok: true,
    code: wanted,
    discountCents,
    messageKey: PROMO_MESSAGES.saved,
    params: { amount: formatCents(discountCents) },
  };
}
