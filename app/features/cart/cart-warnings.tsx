import { useTranslation } from "../../i18n/react.tsx";
import type { CartWarning } from "../../../core/cart/rules.ts";
import { cn } from "../../lib/cn.ts";
import { Icon } from "../../components/ui/icon.tsx";

/**
 * The order limits the cart is close to, or past (specification 001, section 9), above the lines: said
 * before the visitor reaches the checkout, not after it refuses. Shown in place (no toast), and read by
 * screen readers when it appears or changes.
 */
export function CartWarnings({ warnings }: { warnings: CartWarning[] }) {
  const { t } = useTranslation("cart");
  const blocking = warnings.some((warning) => warning.blocking);
  return (
    <div role="status" data-testid="cart-warnings">
      {warnings.length > 0 ? (
        <div
          className={cn(
            "mb-4 flex gap-3 rounded-xl border p-4 text-sm",
            blocking ? "border-red-300 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-950",
          )}
        >
          <Icon name="alert-circle" size={18} aria-hidden="true" className="mt-0.5" />
          <div>
            <p className="font-semibold">{t("page.warningsTitle")}</p>
            <ul className="mt-1 space-y-1">
              {warnings.map((warning) => (
                <li key={warning.messageKey}>{t(warning.messageKey, warning.params)}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
    </div>
  );
}
