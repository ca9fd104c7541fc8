import { useCallback } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { toast } from "../../components/ui/toast.ts";
import type { CartAction, CartResult } from "../../../core/cart/rules.ts";
import { useCartDispatch } from "../../components/cart/use-cart-dispatch.ts";

/**
 * Runs a cart action and tells the visitor what they need to know: a refusal ('Quantity cannot exceed
 * 1000') as an error toast, a side effect (a promo dropped because the subtotal fell below its minimum
 * order) as a notice.
 */
export function useCartCommand(): (action: CartAction) => CartResult {
  const dispatch = useCartDispatch();
  const { t } = useTranslation("cart");
  return useCallback(
    (action: CartAction) => {
      const result = dispatch(action);
      if (result.error) toast.error(t(result.error.messageKey, result.error.params));
      else if (result.notice) toast.warning(t(result.notice.messageKey, result.notice.params));
      return result;
    },
    [dispatch, t],
  );
}
