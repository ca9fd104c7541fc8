import { TAX_CENTS } from "./limits.ts";
import type { CartState } from "./schema.ts";

/*
 * What every page's shell needs of the cart without its rules: the empty cart of the first render and the
 * text saved to browser storage. Reading a saved cart back (state.ts) loads only when one was saved.
 */

/** An empty cart. */
export function emptyCart(now: Date = new Date()): CartState {
  return {
    items: [],
    promoCode: null,
    subtotalCents: 0,
    discountCents: 0,
    taxCents: TAX_CENTS,
    totalCents: 0,
    itemCount: 0,
    isLoading: false,
    lastUpdated: now,
  };
}

/** The text saved to browser storage after every change (dates as ISO 8601). */
export function serializeCart(state: CartState): string {
  const { items, promoCode, lastUpdated } = state;
  return JSON.stringify({ items, promoCode, lastUpdated });
}
