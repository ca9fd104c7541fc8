import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CART_STORAGE_KEY } from "../../../core/cart/limits.ts";
import type { CartState } from "../../../core/cart/schema.ts";
import { emptyCart, serializeCart } from "../../../core/cart/base.ts";
import type { CartResult } from "../../../core/cart/state.ts";
import { onDemand } from "../../lib/on-demand.ts";

export interface CartApi {
  cart: CartState;
  /** False until the cart saved in this browser has been read back (the server renders an empty cart). */
  restored: boolean;
  /**
   * Runs one cart rule on the latest state and keeps its result (saved unless `persist` is false); the
   * result says whether it was refused (error) or what to tell (notice). The rules come from the
   * caller (see use-cart-dispatch.ts), so that every page's shell carries only the restore.
   */
  update(rule: (state: CartState) => CartResult, persist?: boolean): CartResult;
  /** The latest state, between renders (for a rule that must wait on the server first). */
  read(): CartState;
}

const CartContext = createContext<CartApi | null>(null);

// Reading a saved cart back (its check, prices and promotion): loaded only when this browser saved one.
const restoring = onDemand(() => import("../../../core/cart/state.ts"));

/** The cart saved as `stored` (null when none was saved), read back: the empty cart needs no download. */
async function restoreSaved(stored: string | null): Promise<CartResult> {
  if (stored === null) return { state: emptyCart() };
  const { restoreCart } = await restoring.load();
  return restoreCart(stored);
}

function readStorage(): string | null {
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
  // The latest state, so that update can compute a result synchronously and return it.
  const current = useRef(cart);

  const commit = useCallback((next: CartState, persist: boolean) => {
    current.current = next;
    setCart(next);
    if (persist) writeStorage(next);
  }, []);

  useEffect(() => {
    let active = true;
    const finish = (result: CartResult) => {
      if (!active) return;
      if (result.error) console.error("The saved cart could not be read and was emptied", result.error.messageKey);
      commit(result.state, false);
      setRestored(true);
    };
    const saved = readStorage();
    // Nothing saved: the empty cart at once. A saved cart waits for its code, which the cart's rules share,
    // so that an Add to Cart pressed meanwhile runs on the restored cart (this download started first).
    if (saved === null) finish({ state: emptyCart() });
    else
      restoreSaved(saved)
        .catch((error: unknown): CartResult => {
          console.error("Could not load the code that reads the saved cart", error);
          return { state: emptyCart() };
        })
        .then(finish);
    // Another tab changed the cart: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      restoreSaved(event.newValue).then(
        (result) => active && commit(result.state, false),
        (error: unknown) => console.error("Could not follow the cart changed in another tab", error),
      );
    };
    window.addEventListener("storage", onStorage);
    return () => {
      active = false;
      window.removeEventListener("storage", onStorage);
    };
  }, [commit]);

  const update = useCallback(
    (rule: (state: CartState) => CartResult, persist = true): CartResult => {
      const result = rule(current.current);
      if (result.state !== current.current) commit(result.state, persist);
      return result;
    },
    [commit],
  );
  const read = useCallback(() => current.current, []);

  const value = useMemo<CartApi>(() => ({ cart, restored, update, read }), [cart, restored, update, read]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart; using it outside its provider is a programming error (spec 000, section 8). */
export function useCart(): CartApi {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside CartProvider");
  return value;
}
