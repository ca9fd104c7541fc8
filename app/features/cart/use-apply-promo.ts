import { useCallback } from "react";
import type { CartMessage } from "../../../core/cart/rules.ts";
import { useCart } from "../../components/cart/cart-context.tsx";
import { useCartDispatch } from "../../components/cart/use-cart-dispatch.ts";

/** The outcome of applying a promo code: the saving, or a message (translated by the server, or a key). */
export type PromoOutcome = { ok: true; notice?: CartMessage } | { ok: false; message?: string; error?: CartMessage };

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
