import type { AdminMedia, ModerationMediaComment } from "../../../core/media/schema.ts";
import { useTranslation } from "../../i18n/react.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { api } from "../../lib/api.ts";
import { useStaffChange } from "./use-staff-change.ts";
import { MediaRecord, useMediaActions } from "./media-tab.tsx";

/** The media half of the Moderation tab: uploads awaiting approval and media comments awaiting review. */
export function MediaModeration({ pending, comments }: { pending: AdminMedia[]; comments: ModerationMediaComment[] }) {
  const { t } = useTranslation("media");
  const { busyId, approve, remove } = useMediaActions();
  const { busyId: commentBusy, change } = useStaffChange();
  const decide = (comment: ModerationMediaComment, action: "approve" | "reject") =>
    change(comment.id, () => api(`/api/admin/media-comments/${comment.id}/${action}`, { method: "POST" }), {
      done: action === "approve" ? t("admin.commentApproved") : t("admin.commentRejected"),
      failed: t("admin.failed"),
    });

  return (
    <div className="mt-10 grid items-start gap-10 lg:grid-cols-2">
      <section aria-labelledby="moderation-media-heading">
        <h2 id="moderation-media-heading" className="font-display text-2xl font-semibold">
          {t("admin.moderationMedia")}
        </h2>
        {pending.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t("admin.noPendingMedia")}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {pending.map((item) => (
              <li key={item.id} className="rounded-xl border border-border bg-white p-4">
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
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="moderation-media-comments-heading">
        <h2 id="moderation-media-comments-heading" className="font-display text-2xl font-semibold">
          {t("admin.moderationComments")}
        </h2>
        {comments.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t("admin.noPendingComments")}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {comments.map((comment) => (
              <li key={comment.id} className="rounded-xl border border-border bg-white p-4">
                <article aria-label={`${comment.authorName} ${t("admin.on", { title: comment.mediaTitle })}`}>
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
                    <Button
                      size="sm"
                      disabled={commentBusy === comment.id}
                      onClick={() => void decide(comment, "approve")}
                      aria-label={`${t("admin.approve")}: ${comment.authorName}`}
                    >
                      <Icon name="check" aria-hidden="true" className="h-4 w-4" />
                      {t("admin.approve")}
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={commentBusy === comment.id}
                      onClick={() => void decide(comment, "reject")}
                      aria-label={`${t("admin.reject")}: ${comment.authorName}`}
                    >
                      <Icon name="x" aria-hidden="true" className="h-4 w-4" />
                      {t("admin.reject")}
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
