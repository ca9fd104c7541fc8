import { useTranslation } from "../../i18n/react.tsx";
import type { PublicTestimonial } from "../../../core/testimonials/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { cn } from "../../lib/cn.ts";
import { StarRating } from "../../components/reviews/star-rating.tsx";
import { WrittenInLabel } from "../../i18n/written-in-label.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { VerifiedBadge } from "../../components/reviews/verified-badge.tsx";

/** "Marie-Claire Dubois" → "MD"; the avatar of a review without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word)[0]?.toUpperCase() ?? "").join("");
}

/**
 * One approved review. The home page shows name, company, stars and text (spec section 2); the
 * /testimonials page (`detailed`) adds the customer's title, the project type and the rating as "4/5".
 */
export function TestimonialCard({
  testimonial,
  detailed = false,
  className,
}: {
  testimonial: PublicTestimonial;
  detailed?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("testimonials");
  const role = detailed
    ? [testimonial.customerTitle, testimonial.companyName].filter(Boolean).join(", ")
    : testimonial.companyName;
  return (
    <figure
      className={cn("flex h-full w-full flex-col rounded-2xl border border-border bg-white p-6 shadow-sm", className)}
    >
      <div className="flex items-start justify-between gap-3">
        <span className="flex flex-wrap items-center gap-2">
          <StarRating rating={testimonial.rating} showValue={detailed} />
          <WrittenInLabel language={testimonial.language} />
          {testimonial.verified ? <VerifiedBadge /> : null}
        </span>
        <Icon name="quote" aria-hidden="true" size={28} className="shrink-0 text-primary/20" />
      </div>
      {detailed && testimonial.projectType ? (
        <p className="mt-4">
          <Badge tone="primary">
            <span className="sr-only">{t("card.projectType")}: </span>
            {testimonial.projectType}
          </Badge>
        </p>
      ) : null}
      <blockquote
        lang={testimonial.language}
        className="mt-4 flex-1 whitespace-pre-line break-words leading-relaxed text-foreground"
      >
        {testimonial.testimonialText}
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-border pt-4">
        <span
          aria-hidden="true"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
        >
          {initials(testimonial.customerName)}
        </span>
        <span className="min-w-0">
          <span className="block break-words font-semibold">{testimonial.customerName}</span>
          {role ? <span className="block break-words text-sm text-muted-foreground">{role}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}
