import type { PendingCounts } from "../../../core/admin/rules.ts";
import type { AdminMedia, ModerationMediaComment } from "../../../core/media/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { api } from "../../lib/api.ts";
import { useStaffChange } from "./use-staff-change.ts";
import { DecisionButtons, ModerationQueue, type Decision } from "./moderation-queue.tsx";
import { MediaRecord, useMediaActions } from "./media-tab.tsx";

/** The media half of the Moderation tab: uploads awaiting approval and media comments awaiting review. */
export function MediaModeration({
  pending,
  comments,
  totals,
}: {
  pending: AdminMedia[];
  comments: ModerationMediaComment[];
  /** How many of each wait in all. */
  totals: Pick<PendingCounts, "media" | "mediaComments">;
}) {
  const { t } = useTranslation("media");
  const { busyId, approve, remove } = useMediaActions();
  const { busyId: commentBusy, change } = useStaffChange();
  const decide = (comment: ModerationMediaComment, action: Decision) =>
    change(comment.id, () => api(`/api/admin/media-comments/${comment.id}/${action}`, { method: "POST" }), {
      done: action === "approve" ? t("admin.commentApproved") : t("admin.commentRejected"),
      failed: t("admin.failed"),
    });

  return (
    <div className="mt-10 grid items-start gap-10 lg:grid-cols-2">
      <ModerationQueue
        id="moderation-media-heading"
        heading={t("admin.moderationMedia")}
        empty={t("admin.noPendingMedia")}
        items={pending}
        total={totals.media}
      >
        {(item) => (
          <div className="rounded-xl border border-border bg-white p-4">
            <MediaRecord
              item={item}
              busy={busyId === item.id}
              onApprove={() => void approve(item)}
              onDelete={() => void remove(item)}
            />
            {item.description ? (
              <p className="mt-3 whitespace-pre-line text-sm" lang={item.language}>
                {item.description}
              </p>
            ) : null}
          </div>
        )}
      </ModerationQueue>
      <ModerationQueue
        id="moderation-media-comments-heading"
        heading={t("admin.moderationComments")}
        empty={t("admin.noPendingComments")}
        items={comments}
        total={totals.mediaComments}
      >
        {(comment) => (
          <article
            className="rounded-xl border border-border bg-white p-4"
            aria-label={`${comment.authorName} ${t("admin.on", { title: comment.mediaTitle })}`}
          >
            <p className="text-sm text-muted-foreground">
              <span className="font-semibold text-foreground">{comment.authorName}</span>{" "}
              {t("admin.on", { title: comment.mediaTitle })}
            </p>
            <blockquote
              lang={comment.language}
              className="mt-2 whitespace-pre-line break-words border-l-4 border-border pl-4"
            >
              {comment.content}
            </blockquote>
            <div className="mt-3 flex flex-wrap gap-2">
              <DecisionButtons
                busy={commentBusy === comment.id}
                texts={{
                  approve: { text: t("admin.approve"), label: `${t("admin.approve")}: ${comment.authorName}` },
                  reject: { text: t("admin.reject"), label: `${t("admin.reject")}: ${comment.authorName}` },
                }}
                onDecide={(decision) => void decide(comment, decision)}
              />
            </div>
          </article>
        )}
      </ModerationQueue>
    </div>
  );
}
