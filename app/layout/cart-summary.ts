import { useCart } from "../components/cart/cart-context.tsx";

/** What the navigation bar shows of the cart: the number of items and their total, in cents. */
export interface CartSummary {
  count: number;
  totalCents: number;
}

/** The one place the navigation bar reads the cart from. */
export function useCartSummary(): CartSummary {
  const { cart } = useCart();
  return { count: cart.itemCount, totalCents: cart.totalCents };
}
