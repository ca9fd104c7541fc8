import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CART_STORAGE_KEY } from "../../../core/cart/limits.ts";
import type { CartState } from "../../../core/cart/schema.ts";
import { cartReducer, emptyCart, serializeCart, type CartAction, type CartMessage, type CartResult } from "../../../core/cart/rules.ts";
import type { PromoDefinition } from "../../../core/promotions/schema.ts";
import { ApiError, api } from "../../lib/api.ts";

/** What POST /api/promos/validate answers for a code that applies. */
interface PromoValidation {
  code: string;
  discountCents: number;
  description: string;
  kind: PromoDefinition["kind"];
  value: number;
  minimumSubtotalCents: number | null;
}

/** The outcome of applying a promo code: the saving, or a message (translated by the server, or a key). */
export type PromoOutcome = { ok: true; notice?: CartMessage } | { ok: false; message?: string; error?: CartMessage };

export interface CartApi {
  cart: CartState;
  /** False until the cart saved in this browser has been read back (the server renders an empty cart). */
  restored: boolean;
  /** Runs one cart rule; the result says whether it was refused (error) or what to tell (notice). */
  dispatch(action: CartAction): CartResult;
  /** Checks a code with the server (staff-managed codes included) and applies what it answers. */
  applyPromo(code: string): Promise<PromoOutcome>;
}

const CartContext = createContext<CartApi | null>(null);

function readStorage(): unknown {
  try {
    return localStorage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.error("Could not read the saved cart", error);
    return null;
  }
}

function writeStorage(state: CartState) {
  try {
    localStorage.setItem(CART_STORAGE_KEY, serializeCart(state));
  } catch (error) {
    // A full or forbidden storage must never break the shop: the cart still works for this visit.
    console.error("Could not save the cart", error);
  }
}

/** Holds the visitor's cart, saved in local storage after every change and restored on load. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, setCart] = useState<CartState>(() => ({ ...emptyCart(new Date(0)), isLoading: true }));
  const [restored, setRestored] = useState(false);
  // The latest state, so that dispatch can compute a result synchronously and return it.
  const current = useRef(cart);

  const commit = useCallback((next: CartState, persist: boolean) => {
    current.current = next;
    setCart(next);
    if (persist) writeStorage(next);
  }, []);

  useEffect(() => {
    const result = cartReducer(current.current, { type: "restore", stored: readStorage() });
    if (result.error) console.error("The saved cart could not be read and was emptied", result.error.messageKey);
    commit(result.state, false);
    setRestored(true);
    // Another tab changed the cart: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      commit(cartReducer(current.current, { type: "restore", stored: event.newValue }).state, false);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [commit]);

  const dispatch = useCallback(
    (action: CartAction): CartResult => {
      const result = cartReducer(current.current, action);
      if (result.state !== current.current) commit(result.state, action.type !== "setLoading");
      return result;
    },
    [commit],
  );

  const applyPromo = useCallback(
    async (code: string): Promise<PromoOutcome> => {
      if (!code.trim()) {
        const result = cartReducer(current.current, { type: "applyPromo", code, definition: null });
        return { ok: false, error: result.error };
      }
      dispatch({ type: "setLoading", isLoading: true });
      try {
        const answer = await api<PromoValidation>("/api/promos/validate", { json: { code, subtotalCents: current.current.subtotalCents } });
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
    },
    [dispatch],
  );

  const value = useMemo<CartApi>(() => ({ cart, restored, dispatch, applyPromo }), [cart, restored, dispatch, applyPromo]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart; using it outside its provider is a programming error (spec 000, section 8). */
export function useCart(): CartApi {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside CartProvider");
  return value;
}
