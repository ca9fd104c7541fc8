import { useTranslation } from "../../i18n/react.tsx";
import type { PostSummary } from "../../../core/blog/schema.ts";
import { GeneratedArt } from "../../components/ui/generated-art.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { ContentCard } from "../../components/content/content-card.tsx";
import { formatPostDate } from "../../i18n/format-date.ts";
import { PostBadges } from "./post-badges.tsx";

/** One post in the list (spec section 2): image, category, title, excerpt, date, reading time, share, Read More. */
export function PostCard({
  post,
  language,
  shareUrl,
  first = false,
}: {
  post: PostSummary;
  language: string;
  shareUrl: string;
  first?: boolean;
}) {
  const { t } = useTranslation("blog");
  return (
    <ContentCard
      headingId={`post-${post.id}-title`}
      title={post.title}
      summary={post.excerpt}
      language={post.language}
      image={
        post.featuredImage ? (
          // The first card's image is the page's largest paint on a phone: fetched at once, not lazily.
          <img
            src={post.featuredImage}
            alt=""
            width={800}
            height={450}
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : "auto"}
            className="h-full w-full object-cover"
          />
        ) : (
          <GeneratedArt seed={`post-${post.id}`} icon="newspaper" iconSize={48} className="h-full w-full" />
        )
      }
      badges={<PostBadges category={post.category} membersOnly={post.membersOnly} />}
      facts={
        <>
          <time dateTime={post.createdAt}>{formatPostDate(post.createdAt, language)}</time>
          <span className="inline-flex items-center gap-1">
            <Icon name="clock" aria-hidden="true" className="h-4 w-4" />
            {t("list.readingTime", { count: post.readingMinutes })}
          </span>
        </>
      }
      shareUrl={shareUrl}
      link={{
        to: `/posts/${post.id}`,
        text: t("list.readMore"),
        label: t("list.readMoreAbout", { title: post.title }),
      }}
    />
  );
}
