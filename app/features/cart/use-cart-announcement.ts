import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { formatCents } from "../../../core/money/money.ts";

/**
 * The text of the cart page's polite live region: the item count and total after each change. Nothing
 * is said when the page opens (the restored cart is on screen already), only when the cart changes.
 */
export function useCartAnnouncement(restored: boolean, itemCount: number, totalCents: number): string {
  const { t } = useTranslation("cart");
  const [message, setMessage] = useState("");
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!restored) return;
    const key = `${itemCount}:${totalCents}`;
    if (seen.current === null) {
      seen.current = key;
      return;
    }
    if (seen.current === key) return;
    seen.current = key;
    setMessage(
      itemCount > 0
        ? t("page.cartStatus", { count: itemCount, total: formatCents(totalCents) })
        : t("page.cartStatusEmpty"),
    );
  }, [restored, itemCount, totalCents, t]);
  return message;
}
