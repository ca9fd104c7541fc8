import { useState } from "react";
import { RecordList } from "./record-list.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import { useRevalidator } from "react-router";
import { toast } from "../../components/ui/toast.ts";
import type { AdminPost } from "../../../core/blog/schema.ts";
import type { Language } from "../../../core/i18n/language.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { formatPostDate } from "../../i18n/format-date.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { PostForm } from "./post-form.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/** The Posts tab: the create/edit form and every post, drafts included, with their actions. */
export function PostsTab({ posts, language }: { posts: AdminPost[]; language: Language }) {
  const { t } = useTranslation("admin");
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<AdminPost | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function togglePublished(post: AdminPost) {
    setBusyId(post.id);
    try {
      await api(`/api/posts/${post.id}`, { method: "PUT", json: { published: !post.published } });
      await revalidator.revalidate();
      toast.success(post.published ? t("posts.toast.unpublished") : t("posts.toast.published"));
    } catch (error) {
      toast.error(t("posts.toast.updateFailed"), {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setBusyId(null);
    }
  }

  async function remove(post: AdminPost) {
    setBusyId(post.id);
    try {
      await api(`/api/posts/${post.id}`, { method: "DELETE" });
      if (editing?.id === post.id) setEditing(null);
      await revalidator.revalidate();
      toast.success(t("posts.toast.deleted"));
    } catch (error) {
      toast.error(t("posts.toast.deleteFailed"), {
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <PostForm
        key={editing?.id ?? "new"}
        editing={editing}
        posts={posts}
        defaultLanguage={language}
        onDone={async () => {
          setEditing(null);
          await revalidator.revalidate();
        }}
      />
      <RecordList
        headingId="all-posts-heading"
        heading={t("posts.list.heading")}
        empty={t("posts.list.empty")}
        items={posts}
      >
        {(post) => (
          <article aria-labelledby={`admin-post-${post.id}`}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={post.published ? "success" : "neutral"}>
                {post.published ? t("posts.list.published") : t("posts.list.draft")}
              </Badge>
              <Badge tone="primary">{t(`blog:categories.${post.category}`, { defaultValue: post.category })}</Badge>
              <span className="text-xs font-semibold uppercase text-muted-foreground">{post.language}</span>
              {post.membersOnly ? (
                <Badge tone="warning">
                  <Icon name="lock" aria-hidden="true" className="mr-1 h-3 w-3" />
                  {t("blog:list.premium")}
                </Badge>
              ) : null}
            </div>
            <h3 id={`admin-post-${post.id}`} lang={post.language} className="mt-2 font-semibold">
              {post.published ? (
                <LocalizedLink to={`/posts/${post.id}`} className="hover:underline">
                  {post.title}
                </LocalizedLink>
              ) : (
                post.title
              )}
            </h3>
            <p className="text-sm text-muted-foreground">
              <time dateTime={post.createdAt}>{formatPostDate(post.createdAt, language)}</time>
            </p>
            {post.translationOf !== null ? (
              <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground" data-testid="post-translation">
                <Icon name="globe" aria-hidden="true" className="h-4 w-4" />
                <span>
                  {t("posts.list.translatedAs", { title: "" })}
                  <span lang={posts.find((other) => other.id === post.translationOf)?.language}>
                    {posts.find((other) => other.id === post.translationOf)?.title ?? `#${post.translationOf}`}
                  </span>
                </span>
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                aria-label={t("posts.list.editLabel", { title: post.title })}
                onClick={() => setEditing(post)}
              >
                <Icon name="pencil" aria-hidden="true" className="h-4 w-4" />
                {t("posts.list.edit")}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busyId === post.id}
                aria-label={t(post.published ? "posts.list.unpublishLabel" : "posts.list.publishLabel", {
                  title: post.title,
                })}
                onClick={() => void togglePublished(post)}
              >
                {post.published ? (
                  <Icon name="eye-off" aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Icon name="eye" aria-hidden="true" className="h-4 w-4" />
                )}
                {post.published ? t("posts.list.unpublish") : t("posts.list.publish")}
              </Button>
              <ConfirmDialog
                trigger={
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busyId === post.id}
                    aria-label={t("posts.list.deleteLabel", { title: post.title })}
                    className="text-destructive"
                  >
                    <Icon name="trash-2" aria-hidden="true" className="h-4 w-4" />
                    {t("posts.list.delete")}
                  </Button>
                }
                title={t("posts.delete.title")}
                description={t("posts.delete.description", { title: post.title })}
                confirmLabel={t("posts.delete.confirm")}
                cancelLabel={t("posts.delete.cancel")}
                onConfirm={() => void remove(post)}
              />
            </div>
          </article>
        )}
      </RecordList>
    </div>
  );
}
