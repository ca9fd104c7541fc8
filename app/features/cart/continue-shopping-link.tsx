import { useTranslation } from "../../i18n/react.tsx";
import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/localized-link.tsx";

/** Continue Shopping: back to the home page's services section, in the language tree being browsed. */
export function ContinueShoppingLink({ className }: { className?: string }) {
  const { t } = useTranslation("cart");
  const localize = useLocalizedPath();
  return (
    <Link to={`${localize("/")}#services`} className={className}>
      {t("page.continueShopping")}
    </Link>
  );
}
