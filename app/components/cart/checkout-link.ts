import type { CartItem, CartState } from "../../../core/cart/schema.ts";

/**
 * What the cart hands to /checkout in its `cart` query parameter (specification 001, section 2,
 * "/checkout"): the lines, the figures and the applied code. The figures are hints for the summary;
 * the server prices the order again from its own catalogue (spec README, decision 1).
 */
export interface CheckoutCartPayload {
  items: CartItem[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  promoCode: string | null;
}

export function checkoutPayload(
  cart: Pick<CartState, "items" | "subtotalCents" | "discountCents" | "totalCents" | "promoCode">,
): CheckoutCartPayload {
  return {
    items: cart.items,
    subtotalCents: cart.subtotalCents,
    discountCents: cart.discountCents,
    totalCents: cart.totalCents,
    promoCode: cart.promoCode?.code ?? null,
  };
}

/** The query parameter that tells /checkout to read the cart saved in this browser. */
export const FROM_CART_PARAM = "from";
export const FROM_CART_VALUE = "cart";

/**
 * Where the cart's "Proceed to Checkout" goes: the cart stays in this browser's storage and /checkout
 * reads it there, because a cart of 50 lines in the address passes the server's header limit (about
 * 16 KB in Node) near 27 lines.
 */
export const CART_CHECKOUT_PATH = `/checkout?${FROM_CART_PARAM}=${FROM_CART_VALUE}`;

/**
 * `/checkout?cart=<URL-encoded JSON>`, the address of specification 001 (links from elsewhere that carry
 * a small cart); dates travel as ISO 8601 text.
 */
export function checkoutPath(cart: Parameters<typeof checkoutPayload>[0]): string {
  return `/checkout?cart=${encodeURIComponent(JSON.stringify(checkoutPayload(cart)))}`;
}
