import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { HOT_DEAL_SERVICE_ID, incrementBlocked, type LineTexts } from "../../../core/cart/rules.ts";
import { ORDER_LIMITS } from "../../../core/cart/limits.ts";
import type { CartItem } from "../../../core/cart/schema.ts";
import { formatCents } from "../../../core/money/money.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useCart } from "../../components/cart/cart-context.tsx";
import { useCartCommand } from "./use-cart-command.ts";
import { Icon } from "../../components/ui/icon.tsx";

/** A whole number the cart accepts as it is typed (1 to 1000): applied at once, so the totals follow. */
const LIVE_QUANTITY = /^\s*\d+\s*$/;

/**
 * One cart line (specification 000, section 2, "/cart"): name, description, pricing-type badge, unit
 * price and, for a custom price, the allowed range; minus and plus buttons, a number input and a
 * remove button. Minus at quantity 1 removes the line; the input applies a whole number as it is
 * typed, and anything else when it is left or Enter is pressed (non-numeric becomes 1, 0 or below
 * removes the line). `onRemoved` runs when the line leaves the cart, so that focus can move on.
 * `texts` are the line's name and description in the page's language. When one more would pass an
 * order limit, the plus button is disabled and the limit is said under the quantity.
 */
export function CartLine({ item, texts, onRemoved }: { item: CartItem; texts: LineTexts; onRemoved: () => void }) {
  const { t } = useTranslation("cart");
  const run = useCartCommand();
  const { cart } = useCart();
  const limitId = useId();
  const blocked = incrementBlocked(cart, item.id);
  // What the visitor is typing, while it differs from the quantity the cart holds.
  const [draft, setDraftState] = useState<string | null>(null);
  // The same, read by handlers that may run before React re-renders (Enter, then the blur it causes).
  const draftRef = useRef<string | null>(null);
  const setDraft = (value: string | null) => {
    draftRef.current = value;
    setDraftState(value);
  };
  const name = texts.name;
  const isHotDeal = item.serviceId === HOT_DEAL_SERVICE_ID;

  const leaves = (result: ReturnType<typeof run>) => {
    if (!result.error && !result.state.items.some((line) => line.id === item.id)) onRemoved();
  };

  const commitDraft = () => {
    const typed = draftRef.current;
    if (typed === null) return;
    setDraft(null);
    leaves(run({ type: "updateQuantity", itemId: item.id, quantity: typed }));
  };

  const onQuantityChange = (text: string) => {
    setDraft(text);
    if (LIVE_QUANTITY.test(text)) {
      const quantity = Number(text);
      if (quantity >= ORDER_LIMITS.minQuantity && quantity <= ORDER_LIMITS.maxQuantity)
        run({ type: "updateQuantity", itemId: item.id, quantity });
    }
  };

  const onQuantityKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commitDraft();
    }
  };

  return (
    <li className="rounded-xl border border-border bg-white p-5 shadow-sm" data-testid="cart-line">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <h3 className="font-display text-xl font-semibold leading-snug">{name}</h3>
          {texts.description ? (
            <p className="text-sm leading-relaxed text-muted-foreground">{texts.description}</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            {isHotDeal ? (
              <Badge tone="danger" className="gap-1">
                <Icon name="flame" size={12} aria-hidden="true" />
                {t("page.hotDeal")}
              </Badge>
            ) : null}
            <Badge tone={item.pricingType === "fixed" ? "primary" : "neutral"}>
              {item.pricingType === "fixed" ? t("page.fixedPrice") : t("page.customPrice")}
            </Badge>
          </div>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:flex sm:flex-wrap">
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">{t("page.label", { label: t("page.unitPrice") })}</dt>
              <dd className="font-medium tabular-nums" data-testid="unit-price">
                {formatCents(item.unitPriceCents)}
              </dd>
            </div>
            {item.pricingType === "custom" && item.minPriceCents !== null && item.maxPriceCents !== null ? (
              <div className="flex gap-1.5">
                <dt className="text-muted-foreground">{t("page.label", { label: t("page.priceRangeLabel") })}</dt>
                <dd className="tabular-nums" data-testid="price-range">
                  {t("page.priceRange", { min: formatCents(item.minPriceCents), max: formatCents(item.maxPriceCents) })}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
        <p className="shrink-0 text-left sm:text-right">
          <span className="sr-only">{t("page.label", { label: t("page.lineTotal") })} </span>
          <span className="font-display text-2xl font-semibold tabular-nums" data-testid="line-total">
            {formatCents(item.lineTotalCents)}
          </span>
        </p>
      </div>

      <div className="mt-4 flex items-center justify-between gap-3 border-t border-border pt-4">
        <div className="flex items-center gap-1.5">
          <Button
            variant="outline"
            size="icon"
            className="h-9 w-9 rounded-full"
            aria-label={t("page.decreaseItem", { name })}
            onClick={() => leaves(run({ type: "decrement", itemId: item.id }))}
          >
            <Icon name="minus" size={16} aria-hidden="true" />
          </Button>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={ORDER_LIMITS.maxQuantity}
            step={1}
            aria-label={t("page.quantityItem", { name })}
            className="h-9 w-16 rounded-lg border border-border bg-white px-2 text-center tabular-nums focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
            value={draft ?? String(item.quantity)}
            onChange={(event) => onQuantityChange(event.target.value)}
            onBlur={commitDraft}
            onKeyDown={onQuantityKey}
          />
          <Button
            variant="outline"
            size="icon"
            className="h-9 w-9 rounded-full"
            aria-label={t("page.increaseItem", { name })}
            aria-describedby={blocked ? limitId : undefined}
            disabled={blocked !== null}
            onClick={() => run({ type: "increment", itemId: item.id })}
          >
            <Icon name="plus" size={16} aria-hidden="true" />
          </Button>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-red-50"
          aria-label={t("page.removeItem", { name })}
          onClick={() => leaves(run({ type: "remove", itemId: item.id }))}
        >
          <Icon name="trash-2" size={16} aria-hidden="true" />
          <span aria-hidden="true">{t("page.remove")}</span>
        </Button>
      </div>
      {blocked ? (
        <p id={limitId} className="mt-2 flex items-center gap-1.5 text-sm text-amber-800" data-testid="line-limit">
          <Icon name="alert-circle" size={14} aria-hidden="true" />
          {t(blocked.messageKey, blocked.params)}
        </p>
      ) : null}
    </li>
  );
}
