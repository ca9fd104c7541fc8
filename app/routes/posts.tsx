import { useTranslation } from "../i18n/react.tsx";
import { hasActiveFilters, normalizeFilters } from "../../core/blog/rules.ts";
import type { PostSummary } from "../../core/blog/schema.ts";
import { localizedPath } from "../../core/i18n/language.ts";
import { isPastEnd, pageFromParam } from "../../core/paging/rules.ts";
import { translator } from "../../server/i18n.server.ts";
import { PostCard } from "../features/blog/post-card.tsx";
import { PostFilters } from "../features/blog/post-filters.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { usePathLanguage } from "../i18n/localized-link.tsx";
import type { Route } from "./+types/posts";
import { FilteredList } from "../components/content/filtered-list.tsx";
import { ListPager, listCountTexts, pagerLinkTags, pagerTexts } from "../components/content/list-pager.tsx";
import { useLoadMore } from "../components/content/use-load-more.ts";
import { refusal } from "../lib/refusal.ts";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const url = new URL(request.url);
  const filters = normalizeFilters({ q: url.searchParams.get("q"), category: url.searchParams.get("category") });
  // "?page=abc" or "?page=0" names no page, and a page after the last one holds nothing: both are a 404.
  const page = pageFromParam(url.searchParams.get("page"));
  if (page === null) throw refusal(404);
  const { posts, paging } = await context.services.blog.listPublishedPage({
    language,
    q: filters.q,
    category: filters.category,
    page,
  });
  if (isPastEnd(paging)) throw refusal(404);
  const t = translator(language);
  return {
    posts,
    paging,
    filters,
    language,
    siteUrl: context.publicConfig.siteUrl,
    meta: {
      title:
        page > 1
          ? `${t("blog:meta.listTitle")} (${listCountTexts(t, "blog:list", language, paging, paging).pageOf}) | ${context.publicConfig.companyName}`
          : `${t("blog:meta.listTitle")} | ${context.publicConfig.companyName}`,
      description: t("blog:meta.listDescription"),
    },
  };
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { paging } = loaderData;
  return [
    { title: loaderData.meta.title },
    { name: "description", content: loaderData.meta.description },
    ...pagerLinkTags(location, paging),
  ];
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { posts, paging, filters, language, siteUrl } = loaderData;
  const { t } = useTranslation("blog");
  const pathLanguage = usePathLanguage();
  const { shown, lastShown, loadingMore, loadMore, count, lastPage } = useLoadMore<PostSummary>({
    list: loaderData,
    items: posts,
    paging,
    api: (page) => {
      const query = new URLSearchParams({ language, page: String(page), limit: String(paging.limit) });
      if (filters.q) query.set("q", filters.q);
      if (filters.category) query.set("category", filters.category);
      return `/api/posts?${query}`;
    },
  });
  const texts = listCountTexts(t, "list", language, paging, count, { items: shown.length, lastShown });
  return (
    <FilteredList
      heading={t("list.heading")}
      intro={t("list.intro")}
      filters={<PostFilters filters={filters} />}
      results={texts.results}
      listLabel={t("list.postsLabel")}
      path="/posts"
      items={shown}
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
      footer={
        <ListPager
          firstShown={paging.page}
          lastShown={lastShown}
          lastPage={lastPage}
          loadingMore={loadingMore}
          onLoadMore={loadMore}
          texts={pagerTexts(t, "list", texts.pageOf)}
        />
      }
    />
  );
}
