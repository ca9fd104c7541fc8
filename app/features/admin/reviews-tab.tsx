import type { PageInfo } from "../../../core/paging/rules.ts";
import { StaffPager } from "./staff-pager.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import type { AdminTestimonial } from "../../../core/testimonials/schema.ts";
import { ReviewCard, useReviewActions } from "./review-card.tsx";

/**
 * The Reviews section: a page of every client review, pending ones first (approve or reject), then approved
 * ones (delete), each group newest first as the server orders them.
 */
export function ReviewsTab({
  reviews,
  paging,
  pending,
  language,
}: {
  reviews: AdminTestimonial[];
  paging: PageInfo;
  /** How many reviews await approval, on every page together. */
  pending: number;
  language: string;
}) {
  const { t } = useTranslation("admin");
  const { busyId, run } = useReviewActions();
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="font-display text-2xl font-semibold">
        {t("reviews.heading")} <span className="text-base font-normal text-muted-foreground">({paging.total})</span>
      </h2>
      <p className="mt-2 text-muted-foreground">
        {t("reviews.intro")} {t("reviews.pendingCount", { count: pending })}
      </p>
      {reviews.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{t("reviews.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {reviews.map((review) => (
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
      <StaffPager paging={paging} />
    </section>
  );
}
