import { useCallback, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { withWholeTranslations } from "../../i18n/client-instance.ts";
import type { Service } from "../../../core/catalogue/schema.ts";
import { onDemand } from "../../lib/on-demand.ts";
import { useCart } from "./cart-context.tsx";

/** How long a card shows "Adding..." before the cart changes: long enough to be seen, short enough not to wait. */
export const ADDING_TICK_MS = 150;

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, ADDING_TICK_MS));

/**
 * The cart's rules load with the first add, during its "Adding...", not with the page: most visits to
 * the home page add nothing. (The pages about the cart import them as they show it.)
 */
// Only the reducer is named, so that the bundler can leave the rules' other exports to the pages that use them.
// Their messages (limits, toasts) come with them: the page's HTML carries only what a card shows before.
const cartRules = onDemand(
  withWholeTranslations(() => import("../../../core/cart/rules.ts").then(({ cartReducer }) => ({ cartReducer }))),
);

/** What the card says next to its buttons after an add: shown there and read by a polite live region. */
export interface AddStatus {
  tone: "added" | "error";
  title: string;
  text: string;
}

/**
 * One catalogue card's Add to Cart (spec 000, sections 4 and 8): busy while adding, then a status next
 * to the button, 'Added to cart!' / '{service} has been added to your cart', or 'Error adding to cart'
 * with the cart rule's message (an order limit the add would pass, say), or 'Please try again later'
 * for an unexpected failure (the rules could not be downloaded, say). No toast: the status is where the
 * visitor is looking, the focus stays on the button, and nothing covers the header. Answers whether the
 * line was added.
 */
export function useAddToCart() {
  const { t } = useTranslation();
  const { update } = useCart();
  const [adding, setAdding] = useState(false);
  const [status, setStatus] = useState<AddStatus | null>(null);
  const busy = useRef(false);

  const add = useCallback(
    async (service: Service, quantity: number, unitPriceCents: number): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setAdding(true);
      setStatus(null);
      try {
        const [{ cartReducer }] = await Promise.all([cartRules.load(), tick()]);
        const result = update((state) => cartReducer(state, { type: "add", service, quantity, unitPriceCents }));
        if (result.error) {
          setStatus({
            tone: "error",
            title: t("cart:toast.addErrorTitle"),
            text: t(result.error.messageKey, result.error.params),
          });
          return false;
        }
        setStatus({
          tone: "added",
          title: t("cart:toast.addedTitle"),
          text: t("cart:toast.addedText", { service: service.name }),
        });
        return true;
      } catch (error) {
        console.error("Could not add to the cart", error);
        setStatus({ tone: "error", title: t("cart:toast.addErrorTitle"), text: t("cart:toast.addErrorText") });
        return false;
      } finally {
        busy.current = false;
        setAdding(false);
      }
    },
    [update, t],
  );

  const clearStatus = useCallback(() => setStatus(null), []);

  return { add, adding, status, clearStatus };
}
