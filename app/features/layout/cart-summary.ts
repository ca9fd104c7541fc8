/** What the navigation bar shows of the cart: the number of items and their total, in cents. */
export interface CartSummary {
  count: number;
  totalCents: number;
}

const EMPTY_CART: CartSummary = { count: 0, totalCents: 0 };

/**
 * The one place the navigation bar reads the cart from. The shop, and with it the cart, arrives in a
 * later issue; until then the cart is always empty. When the cart exists, this hook returns its item
 * count and total and every badge follows.
 */
export function useCartSummary(): CartSummary {
  return EMPTY_CART;
}
