import { RecordList } from "./record-list.tsx";
import { useTranslation } from "../../i18n/react.tsx";
import type { AdminPost } from "../../../core/blog/schema.ts";
import type { PageInfo } from "../../../core/paging/rules.ts";
import type { Language } from "../../../core/i18n/language.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { api } from "../../lib/api.ts";
import { formatPostDate } from "../../i18n/format-date.ts";
import { LocalizedLink } from "../../i18n/localized-link.tsx";
import { PostForm } from "./post-form.tsx";
import { RecordActions, recordTexts, useRecordChanges, useRecordEditing } from "./records-tab.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/**
 * The Posts section: the create/edit form and a page of every post, drafts included, with their actions.
 * `linkable` are the posts the form offers as a translation (and those the page's posts translate).
 */
export function PostsTab({
  posts,
  paging,
  linkable,
  language,
}: {
  posts: AdminPost[];
  paging: PageInfo;
  linkable: AdminPost[];
  language: Language;
}) {
  const { t } = useTranslation("admin");
  const texts = recordTexts(t, "posts");
  const { editing, setEditing, formKey, onDone } = useRecordEditing<AdminPost>();
  const { busyId, change, remove } = useRecordChanges(texts);

  const togglePublished = (post: AdminPost) =>
    change(post.id, () => api(`/api/posts/${post.id}`, { method: "PUT", json: { published: !post.published } }), {
      done: post.published ? t("posts.toast.unpublished") : t("posts.toast.published"),
      failed: t("posts.toast.updateFailed"),
    });

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <PostForm key={formKey} editing={editing} posts={linkable} defaultLanguage={language} onDone={onDone} />
      <RecordList
        headingId="all-posts-heading"
        heading={t("posts.list.heading")}
        empty={t("posts.list.empty")}
        items={posts}
        paging={paging}
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
                  <TranslationTitle id={post.translationOf} posts={[...posts, ...linkable]} />
                </span>
              </p>
            ) : null}
            <RecordActions
              texts={texts}
              title={post.title}
              busy={busyId === post.id}
              onEdit={() => setEditing(post)}
              onDelete={() =>
                void remove(post.id, `/api/posts/${post.id}`, () => {
                  if (editing?.id === post.id) setEditing(null);
                })
              }
            >
              <Button
                size="sm"
                variant="outline"
                disabled={busyId === post.id}
                aria-label={t(post.published ? "posts.list.unpublishLabel" : "posts.list.publishLabel", {
                  title: post.title,
                })}
                onClick={() => void togglePublished(post)}
              >
                <Icon name={post.published ? "eye-off" : "eye"} aria-hidden="true" className="h-4 w-4" />
                {post.published ? t("posts.list.unpublish") : t("posts.list.publish")}
              </Button>
            </RecordActions>
          </article>
        )}
      </RecordList>
    </div>
  );
}

/** The title of the post another translates, in its own language; its number if it is not at hand. */
function TranslationTitle({ id, posts }: { id: number; posts: AdminPost[] }) {
  const post = posts.find((other) => other.id === id);
  return <span lang={post?.language}>{post?.title ?? `#${id}`}</span>;
}
