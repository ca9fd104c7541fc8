import { useCallback } from "react";
import { cartReducer, type CartAction, type CartResult } from "../../../core/cart/rules.ts";
import { useCart } from "./cart-context.tsx";

/**
 * Runs one cart action through the cart's reducer. The reducer comes with the pages about the cart (the
 * cart, the checkout's confirmation), not with every page's shell; the home page loads it on its first add
 * (use-add-to-cart.ts) and the hot deals on their first Claim (deal-card.tsx).
 */
export function useCartDispatch(): (action: CartAction) => CartResult {
  const { update } = useCart();
  return useCallback(
    (action: CartAction) => update((state) => cartReducer(state, action), action.type !== "setLoading"),
    [update],
  );
}
