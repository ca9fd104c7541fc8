import { useTranslation } from "../i18n/react.tsx";
import { redirect } from "react-router";
import { isLanguage, localizedPath } from "../../core/i18n/language.ts";
import { CommentsSection } from "../features/blog/comments-section.tsx";
import { formatPostDate } from "../i18n/format-date.ts";
import { LocalizedLink, usePathLanguage } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { ShareButton } from "../components/share/share-button.tsx";
import type { AlternatePaths } from "../root-data.ts";
import { PremiumNotice } from "../components/content/premium-notice.tsx";
import { articleMetaTags } from "../layout/page-meta.ts";
import { ContentNotFound } from "../components/content/content-not-found.tsx";
import type { Route } from "./+types/post";
import { PostBadges } from "../features/blog/post-badges.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { refusal } from "../lib/refusal.ts";
import { isPastEnd, pageFromParam } from "../../core/paging/rules.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const url = new URL(request.url);
  // The page of the comments (?comments=N, decision 36). A reader who follows an address of a comments page
  // that no longer exists, or a mangled one, came for the post: it is the post's own address, not a 404.
  const commentsPage = pageFromParam(url.searchParams.get("comments"));
  const found = await context.services.blog.readPost(params.id, { signedIn: Boolean(context.user) }, commentsPage ?? 1);
  // Unknown ids, ids that are not numbers and drafts all read "Post Not Found", with a real 404.
  if (!found) throw refusal(404);
  if (commentsPage === null || isPastEnd(found.commentPaging)) {
    url.searchParams.delete("comments");
    throw redirect(`${url.pathname}${url.search}#comments`);
  }
  const { post } = found;
  // A post opened on a page of the other language, when it has a translation in that language: the reader
  // gets the translation, at an address of the same tree (/fr/..., /en/... or the plain one).
  if (post.language !== language && post.translation?.language === language) {
    throw redirect(localizedPath(`/posts/${post.translation.id}`, isLanguage(params.lang) ? params.lang : null));
  }
  // Search engines learn where each language's version is (root.tsx renders the hreflang links).
  const alternatePaths: AlternatePaths["alternatePaths"] = post.translation
    ? { [post.language]: `/posts/${post.id}`, [post.translation.language]: `/posts/${post.translation.id}` }
    : undefined;
  return {
    ...found,
    language,
    alternatePaths,
    siteUrl: context.publicConfig.siteUrl,
    companyName: context.publicConfig.companyName,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return articleMetaTags({ title: loaderData.post.title, summary: loaderData.post.excerpt }, loaderData.companyName);
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, comments, commentPaging, language, siteUrl } = loaderData;
  const { t } = useTranslation("blog");
  const pathLanguage = usePathLanguage();
  const shareUrl = `${siteUrl}${localizedPath(`/posts/${post.id}`, pathLanguage ?? language)}`;
  const hasContent = post.content.trim() !== "";

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <LocalizedLink
        to="/posts"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <Icon name="arrow-left" aria-hidden="true" className="h-4 w-4" />
        {t("post.back")}
      </LocalizedLink>

      {post.language !== language && (post.language === "en" || post.language === "fr") ? (
        <p
          data-testid="only-in-language"
          className="mt-6 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-stone-800"
        >
          <Icon name="globe" aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-800" />
          {t(`post.onlyIn.${post.language}`)}
        </p>
      ) : null}

      <article lang={post.language} className="mt-6">
        <header>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <PostBadges category={post.category} membersOnly={post.membersOnly} />
            </div>
            <ShareButton title={post.title} description={post.excerpt} url={shareUrl} variant="dropdown" />
          </div>
          <h1 className="mt-5 font-display text-4xl font-semibold leading-tight sm:text-5xl">{post.title}</h1>
          {post.excerpt ? <p className="mt-4 text-xl text-muted-foreground">{post.excerpt}</p> : null}
          <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground" lang={language}>
            <time dateTime={post.createdAt}>{formatPostDate(post.createdAt, language)}</time>
            <span className="inline-flex items-center gap-1">
              <Icon name="clock" aria-hidden="true" className="h-4 w-4" />
              {t("list.readingTime", { count: post.readingMinutes })}
            </span>
          </p>
        </header>

        {post.featuredImage ? (
          <img
            src={post.featuredImage}
            alt=""
            width={1200}
            height={675}
            className="mt-8 aspect-[16/9] w-full rounded-xl object-cover"
          />
        ) : null}

        {post.locked ? (
          <PremiumNotice
            texts={{ title: t("post.premiumTitle"), text: t("post.premiumText"), login: t("post.premiumLogin") }}
          />
        ) : hasContent ? (
          // Sanitised on the server (core/blog/sanitize.server.ts) before it reaches the page.
          <div className="prose-content mt-10 text-lg" dangerouslySetInnerHTML={{ __html: post.content }} />
        ) : (
          <p className="mt-10 text-lg italic text-muted-foreground">{t("post.contentPlaceholder")}</p>
        )}
      </article>

      <div lang={language}>
        <CommentsSection postId={post.id} comments={comments} paging={commentPaging} language={language} />
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentNotFound error={error} keys="blog:post" listPath="/posts" />;
}
