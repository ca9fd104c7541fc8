import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react.tsx";
import { threadComments } from "../../../core/blog/rules.ts";
import type { CommentPaging, PublicComment } from "../../../core/blog/schema.ts";
import { ListPager, pagerTexts } from "../../components/content/list-pager.tsx";
import { useLoadMore } from "../../components/content/use-load-more.ts";
import { Button } from "../../components/ui/button.tsx";
import { CommentForm } from "./comment-form.tsx";
import { formatPostDate } from "../../i18n/format-date.ts";
import { WrittenInLabel } from "../../i18n/written-in-label.tsx";
import { Icon } from "../../components/ui/icon.tsx";

function CommentBody({ comment, language }: { comment: PublicComment; language: string }) {
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <span className="font-semibold text-foreground">
          {comment.authorWebsite ? (
            <a
              href={comment.authorWebsite}
              rel="nofollow ugc noopener noreferrer"
              target="_blank"
              className="underline-offset-2 hover:underline"
            >
              {comment.authorName}
            </a>
          ) : (
            comment.authorName
          )}
        </span>
        <time dateTime={comment.createdAt} className="text-muted-foreground">
          {formatPostDate(comment.createdAt, language)}
        </time>
        <WrittenInLabel language={comment.language} />
      </p>
      <p lang={comment.language} className="mt-2 whitespace-pre-line break-words">
        {comment.content}
      </p>
    </>
  );
}

/**
 * Says where the form was that the comment was received and awaits moderation. It takes the focus the
 * closed form had, so that keyboard users stay in place and screen readers read it.
 */
function AwaitingModeration() {
  const { t } = useTranslation("blog");
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      data-testid="comment-awaiting-moderation"
      className="mt-6 flex items-start gap-2 rounded-xl border border-primary/30 bg-primary/5 p-4 text-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
    >
      <Icon name="clock" aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" />
      <span>
        <strong className="font-semibold">{t("comments.successTitle")}</strong> {t("comments.awaitingModeration")}
      </span>
    </p>
  );
}

/**
 * Approved comments with one level of replies, a page of threads at a time (`?comments=N#comments`, and
 * "Load more comments" appending the next page in place), and the forms to add a comment or a reply.
 */
export function CommentsSection({
  postId,
  comments: page,
  paging,
  language,
}: {
  postId: number;
  comments: PublicComment[];
  paging: CommentPaging;
  language: string;
}) {
  const { t } = useTranslation("blog");
  const {
    shown: comments,
    lastShown,
    loadingMore,
    loadMore,
  } = useLoadMore<PublicComment>({
    list: page,
    items: page,
    paging,
    param: "comments",
    api: (next) => `/api/posts/${postId}/comments?page=${next}&limit=${paging.limit}`,
  });
  // Which form is open: a new comment, a reply to one comment, or none. Only one at a time.
  const [open, setOpen] = useState<"new" | number | null>(null);
  // Where the last comment of this visit was sent from (a new comment, or a reply to one comment): it is
  // not public until approved, so the thread says so there, in place of the form.
  const [awaiting, setAwaiting] = useState<{ at: "new" | number; sent: number } | null>(null);
  const threads = threadComments(comments);
  const close = () => setOpen(null);
  const submittedFrom = (at: "new" | number) => () => {
    setOpen(null);
    setAwaiting((current) => ({ at, sent: (current?.sent ?? 0) + 1 }));
  };

  return (
    <section
      id="comments"
      aria-labelledby="comments-heading"
      className="mt-16 scroll-mt-24 border-t border-border pt-10"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="comments-heading" className="flex items-center gap-2 font-display text-2xl font-semibold">
          <Icon name="message-square" aria-hidden="true" className="h-6 w-6 text-primary" />
          {t("comments.heading")}
          <span className="text-base font-normal text-muted-foreground">
            ({t("comments.count", { count: paging.comments })})
          </span>
        </h2>
        <Button variant="outline" onClick={() => setOpen(open === "new" ? null : "new")} aria-expanded={open === "new"}>
          {t("comments.leave")}
        </Button>
      </div>

      {open === "new" ? (
        <div className="mt-6">
          <CommentForm postId={postId} onClose={close} onSubmitted={submittedFrom("new")} />
        </div>
      ) : null}

      {awaiting?.at === "new" ? <AwaitingModeration key={awaiting.sent} /> : null}

      {threads.length === 0 ? (
        awaiting ? null : (
          <p className="mt-6 text-muted-foreground">{t("comments.none")}</p>
        )
      ) : (
        <ol className="mt-8 space-y-6">
          {threads.map((comment) => (
            <li key={comment.id} className="rounded-xl border border-border bg-white p-5">
              <article aria-label={comment.authorName}>
                <CommentBody comment={comment} language={language} />
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-3 -ml-3"
                  aria-label={t("comments.replyLabel", { name: comment.authorName })}
                  aria-expanded={open === comment.id}
                  onClick={() => setOpen(open === comment.id ? null : comment.id)}
                >
                  <Icon name="reply" aria-hidden="true" className="h-4 w-4" />
                  {t("comments.reply")}
                </Button>
                {open === comment.id ? (
                  <div className="mt-4">
                    <CommentForm
                      postId={postId}
                      parent={{ id: comment.id, name: comment.authorName }}
                      onClose={close}
                      onSubmitted={submittedFrom(comment.id)}
                    />
                  </div>
                ) : null}
                {awaiting?.at === comment.id ? <AwaitingModeration key={awaiting.sent} /> : null}
                {comment.replies.length > 0 ? (
                  <ol
                    aria-label={t("comments.repliesLabel", { name: comment.authorName })}
                    className="mt-4 space-y-4 border-l-2 border-primary/20 pl-5"
                  >
                    {comment.replies.map((reply) => (
                      <li key={reply.id}>
                        <article aria-label={reply.authorName}>
                          <CommentBody comment={reply} language={language} />
                        </article>
                      </li>
                    ))}
                  </ol>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
      <ListPager
        firstShown={paging.page}
        lastShown={lastShown}
        lastPage={paging.lastPage}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        param="comments"
        hash="comments"
        texts={pagerTexts(t, "comments", { paging, shownItems: threads.length, lastShown })}
      />
    </section>
  );
}
