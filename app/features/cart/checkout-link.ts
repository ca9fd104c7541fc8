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

export function checkoutPayload(cart: Pick<CartState, "items" | "subtotalCents" | "discountCents" | "totalCents" | "promoCode">): CheckoutCartPayload {
  return {
    items: cart.items,
    subtotalCents: cart.subtotalCents,
    discountCents: cart.discountCents,
    totalCents: cart.totalCents,
    promoCode: cart.promoCode?.code ?? null,
  };
}

/** `/checkout?cart=<URL-encoded JSON>`; dates travel as ISO 8601 text. */
export function checkoutPath(cart: Parameters<typeof checkoutPayload>[0]): string {
  return `/checkout?cart=${encodeURIComponent(JSON.stringify(checkoutPayload(cart)))}`;
}
