import type { CartMessage } from "../../../core/cart/rules.ts";
import type { PromoDefinition } from "../../../core/promotions/schema.ts";
import { ApiError, api } from "../../lib/api.ts";
import type { useCartDispatch } from "../../components/cart/use-cart-dispatch.ts";

// The work of applying a promo code, loaded when a code is first applied (use-apply-promo.ts): the cart
// page's first load carries only the hook.

/** The outcome of applying a promo code: the saving, or a message (translated by the server, or a key). */
export type PromoOutcome = { ok: true; notice?: CartMessage } | { ok: false; message?: string; error?: CartMessage };

/** What POST /api/promos/validate answers for a code that applies. */
interface PromoValidation {
  code: string;
  discountCents: number;
  description: string;
  kind: PromoDefinition["kind"];
  value: number;
  minimumSubtotalCents: number | null;
}

/** Checks a code with the server (staff-managed codes included) and applies what it answers to the cart. */
export async function applyPromo(
  code: string,
  read: () => { subtotalCents: number },
  dispatch: ReturnType<typeof useCartDispatch>,
): Promise<PromoOutcome> {
  if (!code.trim()) {
    const result = dispatch({ type: "applyPromo", code, definition: null });
    return { ok: false, error: result.error };
  }
  dispatch({ type: "setLoading", isLoading: true });
  try {
    const answer = await api<PromoValidation>("/api/promos/validate", {
      json: { code, subtotalCents: read().subtotalCents },
    });
    const definition: PromoDefinition = {
      code: answer.code,
      kind: answer.kind,
      value: answer.value,
      minimumSubtotalCents: answer.minimumSubtotalCents,
      active: true,
      description: answer.description,
    };
    const result = dispatch({ type: "applyPromo", code, definition });
    return result.error ? { ok: false, error: result.error } : { ok: true, notice: result.notice };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false, message: error.message };
    throw error;
  } finally {
    dispatch({ type: "setLoading", isLoading: false });
  }
}
