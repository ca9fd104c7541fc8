import { Star } from "lucide-react";
import { RadioGroup } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RATING_MAX, RATING_MIN } from "../../../core/testimonials/schema.ts";
import { cn } from "../../lib/cn.ts";

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
  const label = decorative ? { "aria-hidden": true as const } : { role: "img", "aria-label": t("rating.label", { rating: value, max: RATING_MAX }) };
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <span {...label} className="inline-flex gap-0.5">
        {STARS.map((star) => (
          <Star key={star} aria-hidden="true" size={size} strokeWidth={1.5} className={star <= value ? "fill-amber-400 text-amber-600" : "fill-transparent text-stone-300"} />
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
 * A clickable 1-5 star rating: a radio group of stars, so arrow keys change it and screen readers say
 * "3 stars, 3 of 5". Hovering previews a value without choosing it.
 */
export function StarRatingInput({
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
  disabled,
}: {
  value: number;
  onChange: (rating: number) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation("testimonials");
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value;
  return (
    <RadioGroup.Root
      value={String(value)}
      onValueChange={(next) => onChange(Number(next))}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      disabled={disabled}
      className="flex items-center gap-1"
      onMouseLeave={() => setPreview(null)}
    >
      {STARS.map((star) => (
        <RadioGroup.Item
          key={star}
          value={String(star)}
          aria-label={t("rating.option", { count: star })}
          onMouseEnter={() => setPreview(star)}
          className="rounded-md p-1 text-amber-600 transition-transform hover:scale-110 disabled:opacity-60"
        >
          <Star aria-hidden="true" size={28} strokeWidth={1.5} className={star <= shown ? "fill-amber-400" : "fill-transparent text-stone-500"} />
        </RadioGroup.Item>
      ))}
      <span aria-hidden="true" className="ml-2 text-sm font-medium text-muted-foreground">
        {t("rating.outOf", { rating: value, max: RATING_MAX })}
      </span>
    </RadioGroup.Root>
  );
}
