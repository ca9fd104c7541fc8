import { useTranslation } from "../../i18n/react.tsx";
import type { AdminTestimonial } from "../../../core/testimonials/schema.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { api } from "../../lib/api.ts";
import { formatPostDate } from "../../i18n/format-date.ts";
import { StarRating } from "../../components/reviews/star-rating.tsx";
import { DeleteButton } from "./confirm-dialog.tsx";
import { DecisionButtons } from "./moderation-queue.tsx";
import { useStaffChange } from "./use-staff-change.ts";
import { WrittenInLabel } from "../../i18n/written-in-label.tsx";
import { VerifiedBadge } from "../../components/reviews/verified-badge.tsx";

type ReviewAction = "approve" | "reject" | "delete";

const TOASTS: Record<ReviewAction, { ok: string; failed: string }> = {
  approve: { ok: "reviews.toast.approved", failed: "reviews.toast.approveFailed" },
  reject: { ok: "reviews.toast.rejected", failed: "reviews.toast.rejectFailed" },
  delete: { ok: "reviews.toast.deleted", failed: "reviews.toast.deleteFailed" },
};

/**
 * Approve (PUT {approved: true}), reject a pending review or delete a published one (both DELETE),
 * then reload the dashboard's data before the toast, so that the lists and badge already agree with it.
 */
export function useReviewActions() {
  const { t } = useTranslation("admin");
  const { busyId, change } = useStaffChange();
  const run = (review: AdminTestimonial, action: ReviewAction) =>
    change(
      review.id,
      () =>
        action === "approve"
          ? api(`/api/testimonials/${review.id}`, { method: "PUT", json: { approved: true } })
          : api(`/api/testimonials/${review.id}`, { method: "DELETE" }),
      { done: t(TOASTS[action].ok), failed: t(TOASTS[action].failed) },
    );
  return { busyId, run };
}

/** One client review as staff see it: status, rating, who wrote it, the text, and its actions. */
export function ReviewCard({
  review,
  language,
  busy,
  onAction,
}: {
  review: AdminTestimonial;
  language: string;
  busy: boolean;
  onAction: (review: AdminTestimonial, action: ReviewAction) => void;
}) {
  const { t } = useTranslation("admin");
  const name = review.customerName;
  return (
    <article aria-label={t("reviews.reviewLabel", { name })} className="rounded-xl border border-border bg-white p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={review.approved ? "success" : "warning"}>
          {review.approved ? t("reviews.approved") : t("reviews.pending")}
        </Badge>
        {review.isPublicSubmission ? <Badge tone="neutral">{t("reviews.publicSubmission")}</Badge> : null}
        {review.featured ? <Badge tone="primary">{t("reviews.featured")}</Badge> : null}
        {review.verified ? <VerifiedBadge /> : null}
        <StarRating rating={review.rating} size={16} className="ml-auto" />
      </div>
      <h3 className="mt-3 font-semibold">{name}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {review.customerTitle ? (
          <>
            <dt className="text-muted-foreground">{t("reviews.title")}</dt>
            <dd>{review.customerTitle}</dd>
          </>
        ) : null}
        {review.companyName ? (
          <>
            <dt className="text-muted-foreground">{t("reviews.company")}</dt>
            <dd>{review.companyName}</dd>
          </>
        ) : null}
        {review.customerEmail ? (
          <>
            <dt className="text-muted-foreground">{t("reviews.email")}</dt>
            <dd className="break-all">
              <a href={`mailto:${review.customerEmail}`} className="text-primary hover:underline">
                {review.customerEmail}
              </a>
            </dd>
          </>
        ) : null}
        {review.projectType ? (
          <>
            <dt className="text-muted-foreground">{t("reviews.projectType")}</dt>
            <dd>{review.projectType}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t("reviews.date")}</dt>
        <dd>
          <time dateTime={review.createdAt}>{formatPostDate(review.createdAt, language)}</time>
        </dd>
      </dl>
      <WrittenInLabel language={review.language} className="mt-3" />
      <blockquote lang={review.language} className="mt-3 whitespace-pre-line break-words border-l-4 border-border pl-4">
        {review.testimonialText}
      </blockquote>
      <div className="mt-4 flex flex-wrap gap-2">
        {review.approved ? (
          <DeleteButton
            text={t("reviews.delete")}
            label={t("reviews.deleteLabel", { name })}
            busy={busy}
            confirm={{
              title: t("reviews.deleteDialog.title"),
              description: t("reviews.deleteDialog.description", { name }),
              confirm: t("reviews.deleteDialog.confirm"),
              cancel: t("reviews.deleteDialog.cancel"),
            }}
            onDelete={() => onAction(review, "delete")}
          />
        ) : (
          <DecisionButtons
            busy={busy}
            texts={{
              approve: { text: t("reviews.approve"), label: t("reviews.approveLabel", { name }) },
              reject: { text: t("reviews.reject"), label: t("reviews.rejectLabel", { name }) },
            }}
            onDecide={(decision) => onAction(review, decision)}
          />
        )}
      </div>
    </article>
  );
}
