import { useCallback, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import type { Service } from "../../../core/catalogue/schema.ts";
import { useCart } from "../cart/cart-context.tsx";

/** How long a card shows "Adding..." before the cart changes: long enough to be seen, short enough not to wait. */
export const ADDING_TICK_MS = 150;

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, ADDING_TICK_MS));

/**
 * One catalogue card's Add to Cart (spec 000, sections 4 and 8): busy while adding, then a toast,
 * 'Added to cart!' / '{service} has been added to your cart', or 'Error adding to cart' with the cart
 * rule's message (or 'Please try again later' for an unexpected failure). Answers whether the line was added.
 */
export function useAddToCart() {
  const { t } = useTranslation();
  const { dispatch } = useCart();
  const [adding, setAdding] = useState(false);
  const busy = useRef(false);

  const add = useCallback(
    async (service: Service, quantity: number, unitPriceCents: number): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setAdding(true);
      try {
        await tick();
        const result = dispatch({ type: "add", service, quantity, unitPriceCents });
        if (result.error) {
          toast.error(t("cart:toast.addErrorTitle"), { description: t(result.error.messageKey, result.error.params) });
          return false;
        }
        toast.success(t("cart:toast.addedTitle"), { description: t("cart:toast.addedText", { service: service.name }) });
        return true;
      } catch (error) {
        console.error("Could not add to the cart", error);
        toast.error(t("cart:toast.addErrorTitle"), { description: t("cart:toast.addErrorText") });
        return false;
      } finally {
        busy.current = false;
        setAdding(false);
      }
    },
    [dispatch, t],
  );

  return { add, adding };
}
