import { useTranslation } from "../../i18n/react.tsx";
import type { ModerationComment } from "../../../core/blog/schema.ts";
import type { AdminTestimonial } from "../../../core/testimonials/schema.ts";
import { Button } from "../../components/ui/button.tsx";
import { api } from "../../lib/api.ts";
import { useStaffChange } from "./use-staff-change.ts";
import { formatPostDate } from "../../i18n/format-date.ts";
import { ReviewCard, useReviewActions } from "./review-card.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { WrittenInLabel } from "../../i18n/written-in-label.tsx";

/**
 * The Moderation tab: everything awaiting review. Comments (oldest first) and client reviews (`reviews`,
 * the pending ones), each approved (made public) or rejected (deleted).
 */
export function ModerationTab({
  comments,
  reviews,
  language,
}: {
  comments: ModerationComment[];
  reviews: AdminTestimonial[];
  language: string;
}) {
  return (
    <div className="grid items-start gap-10 lg:grid-cols-2">
      <PendingComments comments={comments} language={language} />
      <PendingReviews reviews={reviews} language={language} />
    </div>
  );
}

function PendingReviews({ reviews, language }: { reviews: AdminTestimonial[]; language: string }) {
  const { t } = useTranslation("admin");
  const { busyId, run } = useReviewActions();
  return (
    <section aria-labelledby="moderation-reviews-heading">
      <h2 id="moderation-reviews-heading" className="font-display text-2xl font-semibold">
        {t("moderation.reviewsHeading")}
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{t("moderation.reviewsEmpty")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
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
    </section>
  );
}

function PendingComments({ comments, language }: { comments: ModerationComment[]; language: string }) {
  const { t } = useTranslation("admin");
  const { busyId, change } = useStaffChange();
  const decide = (comment: ModerationComment, action: "approve" | "reject") =>
    change(comment.id, () => api(`/api/admin/comments/${comment.id}/${action}`, { method: "POST" }), {
      done: action === "approve" ? t("moderation.toast.approved") : t("moderation.toast.rejected"),
      failed: action === "approve" ? t("moderation.toast.approveFailed") : t("moderation.toast.rejectFailed"),
    });

  return (
    <section aria-labelledby="moderation-heading">
      <h2 id="moderation-heading" className="font-display text-2xl font-semibold">
        {t("moderation.heading")}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{t("moderation.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-xl border border-border bg-white p-5">
              <article aria-label={t("moderation.commentLabel", { name: comment.authorName, post: comment.postTitle })}>
                <p className="text-sm text-muted-foreground">
                  {comment.parentId ? t("moderation.replyOn") : t("moderation.commentOn")}{" "}
                  <span className="font-semibold text-foreground">{comment.postTitle}</span>
                </p>
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-muted-foreground">{t("moderation.author")}</dt>
                  <dd className="font-medium">{comment.authorName}</dd>
                  <dt className="text-muted-foreground">{t("moderation.email")}</dt>
                  <dd>
                    <a href={`mailto:${comment.authorEmail}`} className="text-primary hover:underline">
                      {comment.authorEmail}
                    </a>
                  </dd>
                  {comment.authorWebsite ? (
                    <>
                      <dt className="text-muted-foreground">{t("moderation.website")}</dt>
                      <dd className="break-all">{comment.authorWebsite}</dd>
                    </>
                  ) : null}
                  <dt className="text-muted-foreground">{t("moderation.date")}</dt>
                  <dd>
                    <time dateTime={comment.createdAt}>{formatPostDate(comment.createdAt, language)}</time>
                  </dd>
                </dl>
                <WrittenInLabel language={comment.language} className="mt-3" />
                <blockquote
                  lang={comment.language}
                  className="mt-3 whitespace-pre-line break-words border-l-4 border-border pl-4"
                >
                  {comment.content}
                </blockquote>
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    disabled={busyId === comment.id}
                    aria-label={t("moderation.approveLabel", { name: comment.authorName })}
                    onClick={() => void decide(comment, "approve")}
                  >
                    <Icon name="check" aria-hidden="true" className="h-4 w-4" />
                    {t("moderation.approve")}
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={busyId === comment.id}
                    aria-label={t("moderation.rejectLabel", { name: comment.authorName })}
                    onClick={() => void decide(comment, "reject")}
                  >
                    <Icon name="x" aria-hidden="true" className="h-4 w-4" />
                    {t("moderation.reject")}
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
