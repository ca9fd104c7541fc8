import { useTranslation } from "../../i18n/react.tsx";
import type { AdminTestimonial } from "../../../core/testimonials/schema.ts";
import { ReviewCard, useReviewActions } from "./review-card.tsx";

/** Pending reviews first, each group in the order given (newest first from the server). */
export function pendingFirst(reviews: AdminTestimonial[]): AdminTestimonial[] {
  return [...reviews.filter((review) => !review.approved), ...reviews.filter((review) => review.approved)];
}

/** The Reviews tab: every client review, pending ones first (approve or reject), approved ones (delete). */
export function ReviewsTab({ reviews, language }: { reviews: AdminTestimonial[]; language: string }) {
  const { t } = useTranslation("admin");
  const { busyId, run } = useReviewActions();
  const pending = reviews.filter((review) => !review.approved).length;
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="font-display text-2xl font-semibold">
        {t("reviews.heading")} <span className="text-base font-normal text-muted-foreground">({reviews.length})</span>
      </h2>
      <p className="mt-2 text-muted-foreground">
        {t("reviews.intro")} {t("reviews.pendingCount", { count: pending })}
      </p>
      {reviews.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{t("reviews.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {pendingFirst(reviews).map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                language={language}
                busy={busyId === review.id}
                onAction={(item, action) => void run(item, action)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
