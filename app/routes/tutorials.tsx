import { localizedPath } from "../../core/i18n/language.ts";
import { isPastEnd, pageFromParam } from "../../core/paging/rules.ts";
import { normalizeTutorialFilters } from "../../core/tutorials/rules.ts";
import type { TutorialSummary } from "../../core/tutorials/schema.ts";
import { translator } from "../../server/i18n.server.ts";
import { FilteredList } from "../components/content/filtered-list.tsx";
import { ListPager, listCountTexts, pagerLinkTags, pagerTexts } from "../components/content/list-pager.tsx";
import { useLoadMore } from "../components/content/use-load-more.ts";
import { usePathLanguage } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { TutorialCard } from "../features/tutorials/tutorial-card.tsx";
import { TutorialFilters } from "../features/tutorials/tutorial-filters.tsx";
import { useTranslation } from "../i18n/react.tsx";
import { refusal } from "../lib/refusal.ts";
import type { Route } from "./+types/tutorials";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const url = new URL(request.url);
  const filters = normalizeTutorialFilters({
    q: url.searchParams.get("q"),
    difficulty: url.searchParams.get("difficulty"),
  });
  // "?page=abc" or "?page=0" names no page, and a page after the last one holds nothing: both are a 404.
  const page = pageFromParam(url.searchParams.get("page"));
  if (page === null) throw refusal(404);
  const { tutorials, paging } = await context.services.tutorials.listPublishedPage({ language, ...filters, page });
  if (isPastEnd(paging)) throw refusal(404);
  const t = translator(language);
  const title = t("tutorials:meta.listTitle");
  return {
    tutorials,
    paging,
    filters,
    language,
    siteUrl: context.publicConfig.siteUrl,
    meta: {
      title:
        page > 1
          ? `${title} (${listCountTexts(t, "tutorials:list", language, paging, paging).pageOf}) | ${context.publicConfig.companyName}`
          : `${title} | ${context.publicConfig.companyName}`,
      description: t("tutorials:meta.listDescription"),
    },
  };
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...metaTags(loaderData.meta), ...pagerLinkTags(location, loaderData.paging)];
}

export default function Tutorials({ loaderData }: Route.ComponentProps) {
  const { tutorials, paging, filters, language, siteUrl } = loaderData;
  const { t } = useTranslation("tutorials");
  const pathLanguage = usePathLanguage();
  const filtered = filters.q !== "" || filters.difficulty !== "all";
  const { shown, lastShown, loadingMore, loadMore, count, lastPage } = useLoadMore<TutorialSummary>({
    list: loaderData,
    items: tutorials,
    paging,
    api: (page) => {
      const query = new URLSearchParams({ language, page: String(page), limit: String(paging.limit) });
      if (filters.q) query.set("q", filters.q);
      if (filters.difficulty !== "all") query.set("difficulty", filters.difficulty);
      return `/api/tutorials?${query}`;
    },
  });
  const texts = listCountTexts(t, "list", language, paging, count, { items: shown.length, lastShown });
  return (
    <FilteredList
      heading={t("list.heading")}
      intro={t("list.intro")}
      filters={<TutorialFilters filters={filters} />}
      results={texts.results}
      listLabel={t("list.listLabel")}
      path="/tutorials"
      items={shown}
      renderItem={(tutorial, index) => (
        <TutorialCard
          tutorial={tutorial}
          first={index === 0}
          shareUrl={`${siteUrl}${localizedPath(`/tutorials/${tutorial.id}`, pathLanguage ?? language)}`}
        />
      )}
      empty={{
        icon: "lightbulb",
        title: t("list.emptyTitle"),
        text: filtered ? t("list.emptyFiltered") : t("list.emptyAll"),
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
