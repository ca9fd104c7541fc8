import { useTranslation } from "../../i18n/react.tsx";
import { buttonClasses, type ButtonSize } from "../ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { Icon } from "../ui/icon.tsx";

/** The one look of an "In your cart" state, on service cards and hot deals alike: a rounded outline button in the success colour. */
export const IN_CART_CLASSES = "rounded-full border-emerald-700/40 bg-emerald-50 text-emerald-800 hover:bg-emerald-100";

/** "In your cart", leading to the cart: what Add to Cart or Claim becomes once the thing is in the cart. */
export function InCartLink({
  size = "md",
  className,
  label,
}: {
  size?: ButtonSize;
  className?: string;
  label?: string;
}) {
  const { t } = useTranslation("cart");
  return (
    <LocalizedLink to="/cart" className={buttonClasses("outline", size, cn(IN_CART_CLASSES, className))}>
      <Icon name="check-circle-2" size={size === "lg" ? 18 : 16} aria-hidden="true" />
      {label ?? t("page.inCart")}
    </LocalizedLink>
  );
}
