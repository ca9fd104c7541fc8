import { useTranslation } from "../../i18n/react.tsx";
import type { PostSummary } from "../../../core/blog/schema.ts";
import { Card } from "../../components/ui/card.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { ShareButton } from "../share/share-button.tsx";
import { formatPostDate } from "./format-date.ts";
import { PostBadges } from "./post-badges.tsx";
import { Icon } from "../../components/ui/icon.tsx";

/** One post in the list (spec section 2): image, category, title, excerpt, date, "5 min read", share, Read More. */
export function PostCard({ post, language, shareUrl, first = false }: { post: PostSummary; language: string; shareUrl: string; first?: boolean }) {
  const { t } = useTranslation("blog");
  const headingId = `post-${post.id}-title`;
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <article aria-labelledby={headingId} className="flex flex-1 flex-col">
        <div className="aspect-[16/9] overflow-hidden bg-muted">
          {post.featuredImage ? (
            // The first card's image is the page's largest paint on a phone: fetched at once, not lazily.
            <img src={post.featuredImage} alt="" width={800} height={450} loading={first ? "eager" : "lazy"} fetchPriority={first ? "high" : "auto"} className="h-full w-full object-cover" />
          ) : (
            <div aria-hidden="true" className="h-full w-full bg-gradient-to-br from-primary/20 via-muted to-accent/20" />
          )}
        </div>
        <div className="flex flex-1 flex-col gap-3 p-5">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <PostBadges category={post.category} membersOnly={post.membersOnly} />
          </div>
          <h2 id={headingId} lang={post.language} className="font-display text-xl font-semibold leading-snug">
            {post.title}
          </h2>
          {post.excerpt ? (
            <p lang={post.language} className="text-muted-foreground">
              {post.excerpt}
            </p>
          ) : null}
          <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <time dateTime={post.createdAt}>{formatPostDate(post.createdAt, language)}</time>
            <span className="inline-flex items-center gap-1">
              <Icon name="clock" aria-hidden="true" className="h-4 w-4" />
              {t("list.readingTime", { count: post.readingMinutes })}
            </span>
          </p>
          <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
            <ShareButton title={post.title} description={post.excerpt} url={shareUrl} variant="dropdown" />
            <LocalizedLink
              to={`/posts/${post.id}`}
              aria-label={t("list.readMoreAbout", { title: post.title })}
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              {t("list.readMore")}
              {/* Said by the label already; in the link's text too, for crawlers that read "Read More" as a generic link. */}
              <span className="sr-only" lang={post.language}>
                : {post.title}
              </span>
              <Icon name="arrow-right" aria-hidden="true" className="h-4 w-4" />
            </LocalizedLink>
          </div>
        </div>
      </article>
    </Card>
  );
}
