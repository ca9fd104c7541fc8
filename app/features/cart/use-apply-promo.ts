import { useCallback } from "react";
import { useCart } from "../../components/cart/cart-context.tsx";
import { useCartDispatch } from "../../components/cart/use-cart-dispatch.ts";

import type { PromoOutcome } from "./apply-promo.ts";

export type { PromoOutcome };

/**
 * Checks a code with the server (staff-managed codes included) and applies what it answers. The work
 * (apply-promo.ts) is loaded on the first code applied, so that the cart page's first load stays small.
 */
export function useApplyPromo(): (code: string) => Promise<PromoOutcome> {
  const { read } = useCart();
  const dispatch = useCartDispatch();
  return useCallback(
    async (code: string) => (await import("./apply-promo.ts")).applyPromo(code, read, dispatch),
    [dispatch, read],
  );
}
