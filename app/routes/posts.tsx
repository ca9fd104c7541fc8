import { useTranslation } from "../i18n/react.tsx";
import { hasActiveFilters, normalizeFilters } from "../../core/blog/rules.ts";
import { localizedPath } from "../../core/i18n/language.ts";
import { translator } from "../../server/i18n.server.ts";
import { PostCard } from "../features/blog/post-card.tsx";
import { PostFilters } from "../features/blog/post-filters.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { usePathLanguage } from "../i18n/localized-link.tsx";
import type { Route } from "./+types/posts";
import { FilteredList } from "../components/content/filtered-list.tsx";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const url = new URL(request.url);
  const filters = normalizeFilters({ q: url.searchParams.get("q"), category: url.searchParams.get("category") });
  const posts = await context.services.blog.listPublishedPosts({ language, q: filters.q, category: filters.category });
  const t = translator(language);
  return {
    posts,
    filters,
    language,
    siteUrl: context.publicConfig.siteUrl,
    meta: {
      title: `${t("blog:meta.listTitle")} | ${context.publicConfig.companyName}`,
      description: t("blog:meta.listDescription"),
    },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }];
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { posts, filters, language, siteUrl } = loaderData;
  const { t } = useTranslation("blog");
  const pathLanguage = usePathLanguage();
  return (
    <FilteredList
      heading={t("list.heading")}
      intro={t("list.intro")}
      filters={<PostFilters filters={filters} />}
      results={t("list.results", { count: posts.length })}
      listLabel={t("list.postsLabel")}
      path="/posts"
      items={posts}
      renderItem={(post, index) => (
        <PostCard
          post={post}
          language={language}
          first={index === 0}
          shareUrl={`${siteUrl}${localizedPath(`/posts/${post.id}`, pathLanguage ?? language)}`}
        />
      )}
      empty={{
        icon: "newspaper",
        title: t("list.emptyTitle"),
        text: hasActiveFilters(filters) ? t("list.emptyFiltered") : t("list.emptyAll"),
      }}
    />
  );
}
