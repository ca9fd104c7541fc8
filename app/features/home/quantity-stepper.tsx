import { useId, useState } from "react";
import type { TFunction } from "../../../core/i18n/translator.ts";
import { catalogueQuantity } from "../../../core/catalogue/rules.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { cn } from "../../lib/cn.ts";

const iconButton = buttonClasses("outline", "icon", "h-8 w-8 shrink-0 rounded-full");

/**
 * A card's quantity: minus and plus buttons around a number input. It never goes below 1 (a
 * non-numeric or cleared entry reads as 1 once the field is left). `t` is the card's (namespace
 * "home"): sixteen steppers on the home page need not each look up the translations.
 */
export function QuantityStepper({
  value,
  onChange,
  serviceName,
  disabled,
  t,
  compact = false,
}: {
  value: number;
  onChange: (next: number) => void;
  serviceName: string;
  disabled?: boolean;
  t: TFunction;
  /** A narrower layout, for a card in a row of five. */
  compact?: boolean;
}) {
  const id = useId();
  // What the visitor is typing; the quantity itself is always a whole number of at least 1.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <div className={cn("flex flex-wrap items-center gap-y-1", compact ? "gap-x-1" : "gap-x-1.5")}>
      <label htmlFor={id} className={cn("mr-auto font-medium text-muted-foreground", compact ? "text-xs" : "text-sm")}>
        {t("services.quantity")}
      </label>
      <button
        type="button"
        className={iconButton}
        onClick={() => onChange(catalogueQuantity(value - 1))}
        disabled={disabled || value <= 1}
        aria-label={t("services.decrease", { service: serviceName })}
        aria-controls={id}
      >
        <Icon name="minus" size={16} aria-hidden="true" />
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value.trim() !== "") onChange(catalogueQuantity(event.target.value));
        }}
        onBlur={() => setDraft(null)}
        className={cn(
          "h-8 rounded-lg border border-border bg-white text-center tabular-nums focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none",
          compact ? "w-10" : "w-12",
        )}
      />
      <button
        type="button"
        className={iconButton}
        onClick={() => onChange(catalogueQuantity(value + 1))}
        disabled={disabled}
        aria-label={t("services.increase", { service: serviceName })}
        aria-controls={id}
      >
        <Icon name="plus" size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
