import { useState, type ReactNode } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { RATING_MAX, RATING_MIN } from "../../../core/testimonials/limits.ts";
import { cn } from "../../lib/cn.ts";
import { Icon } from "../ui/icon.tsx";

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/** A stored rating as a whole number of stars within the scale (bad data never draws 7 stars). */
export function clampRating(rating: number): number {
  if (!Number.isFinite(rating)) return RATING_MIN;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(rating)));
}

/**
 * A rating shown as five stars, read out as "Rated N out of 5"; `decorative` when a text beside it
 * already says the rating.
 */
export function StarRating({
  rating,
  size = 18,
  showValue = false,
  decorative = false,
  className,
}: {
  rating: number;
  size?: number;
  showValue?: boolean;
  decorative?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("testimonials");
  const value = clampRating(rating);
  const label = decorative
    ? { "aria-hidden": true as const }
    : { role: "img", "aria-label": t("rating.label", { rating: value, max: RATING_MAX }) };
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <span {...label} className="inline-flex gap-0.5">
        {STARS.map((star) => (
          <Icon
            name="star"
            key={star}
            aria-hidden="true"
            size={size}
            strokeWidth={1.5}
            className={star <= value ? "fill-amber-400 text-amber-600" : "fill-transparent text-stone-300"}
          />
        ))}
      </span>
      {showValue ? (
        <span aria-hidden="true" className="text-sm font-semibold text-foreground">
          {t("rating.outOf", { rating: value, max: RATING_MAX })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * A clickable 1-5 star rating: native radio buttons drawn as stars, so the browser gives arrow keys,
 * one tab stop and "3 stars, 3 of 5" to screen readers. Hovering previews a value without choosing it.
 */
export function StarRatingInput({
  name,
  value,
  onChange,
  legend,
  describedBy,
  disabled,
}: {
  name: string;
  value: number;
  onChange: (rating: number) => void;
  legend: ReactNode;
  describedBy?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation("testimonials");
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value;
  return (
    <fieldset aria-describedby={describedBy} disabled={disabled} className="space-y-1.5">
      <legend className="mb-1.5 block text-sm font-medium">{legend}</legend>
      <div className="flex items-center gap-1" onMouseLeave={() => setPreview(null)}>
        {STARS.map((star) => (
          <label
            key={star}
            onMouseEnter={() => setPreview(star)}
            className="relative cursor-pointer rounded-md p-1 text-amber-600 transition-transform hover:scale-110 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary has-[:disabled]:cursor-default has-[:disabled]:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => {
                // A choice made with the keyboard while the pointer rests on another star shows the choice.
                setPreview(null);
                onChange(star);
              }}
              aria-label={t("rating.option", { count: star })}
              // Invisible but covering the star, so a click or tap lands on the radio button itself.
              className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0 disabled:cursor-default"
            />
            <Icon
              name="star"
              aria-hidden="true"
              size={28}
              strokeWidth={1.5}
              className={cn(
                "pointer-events-none",
                star <= shown ? "fill-amber-400" : "fill-transparent text-stone-500",
              )}
            />
          </label>
        ))}
        <span aria-hidden="true" className="ml-2 text-sm font-medium text-muted-foreground">
          {t("rating.outOf", { rating: value, max: RATING_MAX })}
        </span>
      </div>
    </fieldset>
  );
}
