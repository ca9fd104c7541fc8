// The cart's constants, without zod: the browser's cart (rules.ts, stored.ts) needs them on every page,
// and schema.ts would bring zod along.

/**
 * Order limits (specification 001, sections 5 and 9). The cart refuses a line that could never be
 * ordered (a 51st line, a quantity above 1000, a unit price above $10,000); the rest is checked, with
 * the same constants, by `checkOrderLimits` before an order is created.
 */
export const ORDER_LIMITS = {
  minItems: 1,
  maxItems: 50,
  minQuantity: 1,
  maxQuantity: 1000,
  minUnitPriceCents: 1,
  maxUnitPriceCents: 1_000_000,
  maxLineTotalCents: 10_000_000,
  maxSubtotalCents: 10_000_000,
  maxDiscountCents: 1_000_000,
  maxTaxCents: 1_000_000,
  minTotalCents: 50,
  maxTotalCents: 10_000_000,
} as const;

/** Tax is always 0: it is shown as "Calculated at checkout" (specification 000, section 9). */
export const TAX_CENTS = 0;

/** The share of a limit from which the cart warns that it is getting close (90 %). */
export const LIMIT_WARNING_RATIO = 0.9;

/** How many free lines are left when the cart starts saying so (at 45 of 50 lines). */
export const LINES_WARNING_REMAINING = 5;

/** The one browser storage key the cart is saved under after every change. */
export const CART_STORAGE_KEY = "atelier.cart";
