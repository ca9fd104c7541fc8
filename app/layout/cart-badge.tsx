import { useTranslation } from "../i18n/react.tsx";
import { formatCents } from "../../core/money/money.ts";
import { cn } from "../lib/cn.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { Icon } from "../components/ui/icon.tsx";

/** The badge's text: nothing for an empty cart, the count up to 99, then "99+". */
export function cartBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? "99+" : String(Math.floor(count));
}

/**
 * The cart icon linking to /cart, with the item count in a badge and, on wide screens, the total when
 * the cart is not empty (spec document 000, "App navigation bar").
 */
export function CartBadge({ count, totalCents, className }: { count: number; totalCents: number; className?: string }) {
  const { t } = useTranslation();
  const badge = cartBadgeText(count);
  const total = formatCents(Math.max(0, Math.round(totalCents)));
  const items = t("cart.items", { count: Math.max(0, Math.floor(count)) });
  return (
    <LocalizedLink
      to="/cart"
      className={cn(
        "relative inline-flex h-10 items-center gap-3.5 rounded-full px-2.5 text-foreground transition-colors hover:bg-muted",
        className,
      )}
      data-testid="cart-link"
    >
      <span className="relative inline-flex">
        <Icon name="shopping-cart" size={20} aria-hidden="true" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="cart-badge"
            className="absolute -right-2.5 -top-2 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-accent px-1 text-[11px] font-semibold leading-none text-white"
          >
            {badge}
          </span>
        ) : null}
      </span>
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="cart-total"
          className="hidden text-sm font-semibold tabular-nums lg:inline"
        >
          {total}
        </span>
      ) : null}
      <span className="sr-only">
        {t("cart.label")}, {items}
        {badge ? `, ${t("cart.total", { total })}` : ""}
      </span>
    </LocalizedLink>
  );
}
