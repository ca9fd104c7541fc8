import type { PendingCounts } from "../../../core/admin/rules.ts";
import { useTranslation } from "../../i18n/react.tsx";
import type { ModerationComment } from "../../../core/blog/schema.ts";
import type { AdminTestimonial } from "../../../core/testimonials/schema.ts";
import { api } from "../../lib/api.ts";
import { useStaffChange } from "./use-staff-change.ts";
import { DecisionButtons, ModerationQueue, type Decision } from "./moderation-queue.tsx";
import { formatPostDate } from "../../i18n/format-date.ts";
import { ReviewCard, useReviewActions } from "./review-card.tsx";
import { WrittenInLabel } from "../../i18n/written-in-label.tsx";

/**
 * The Moderation tab: everything awaiting review. Comments (oldest first) and client reviews (`reviews`,
 * the pending ones), each approved (made public) or rejected (deleted).
 */
export function ModerationTab({
  comments,
  reviews,
  pending,
  language,
}: {
  comments: ModerationComment[];
  reviews: AdminTestimonial[];
  /** How many of each wait in all. */
  pending: PendingCounts;
  language: string;
}) {
  return (
    <div className="grid items-start gap-10 lg:grid-cols-2">
      <PendingComments comments={comments} total={pending.comments} language={language} />
      <PendingReviews reviews={reviews} total={pending.reviews} language={language} />
    </div>
  );
}

function PendingReviews({
  reviews,
  total,
  language,
}: {
  reviews: AdminTestimonial[];
  total: number;
  language: string;
}) {
  const { t } = useTranslation("admin");
  const { busyId, run } = useReviewActions();
  return (
    <ModerationQueue
      id="moderation-reviews-heading"
      heading={t("moderation.reviewsHeading")}
      empty={t("moderation.reviewsEmpty")}
      items={reviews}
      total={total}
    >
      {(review) => (
        <ReviewCard
          review={review}
          language={language}
          busy={busyId === review.id}
          onAction={(item, action) => void run(item, action)}
        />
      )}
    </ModerationQueue>
  );
}

function PendingComments({
  comments,
  total,
  language,
}: {
  comments: ModerationComment[];
  total: number;
  language: string;
}) {
  const { t } = useTranslation("admin");
  const { busyId, change } = useStaffChange();
  const decide = (comment: ModerationComment, action: Decision) =>
    change(comment.id, () => api(`/api/admin/comments/${comment.id}/${action}`, { method: "POST" }), {
      done: action === "approve" ? t("moderation.toast.approved") : t("moderation.toast.rejected"),
      failed: action === "approve" ? t("moderation.toast.approveFailed") : t("moderation.toast.rejectFailed"),
    });

  return (
    <ModerationQueue
      id="moderation-heading"
      heading={t("moderation.heading")}
      empty={t("moderation.empty")}
      items={comments}
      total={total}
    >
      {(comment) => (
        <article
          className="rounded-xl border border-border bg-white p-5"
          aria-label={t("moderation.commentLabel", { name: comment.authorName, post: comment.postTitle })}
        >
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
            <DecisionButtons
              busy={busyId === comment.id}
              texts={{
                approve: {
                  text: t("moderation.approve"),
                  label: t("moderation.approveLabel", { name: comment.authorName }),
                },
                reject: {
                  text: t("moderation.reject"),
                  label: t("moderation.rejectLabel", { name: comment.authorName }),
                },
              }}
              onDecide={(decision) => void decide(comment, decision)}
            />
          </div>
        </article>
      )}
    </ModerationQueue>
  );
}
