import { normalizeClassFilters } from "../../core/classes/rules.ts";
import type { PublicClass } from "../../core/classes/schema.ts";
import { isPastEnd, pageFromParam } from "../../core/paging/rules.ts";
import { translator } from "../../server/i18n.server.ts";
import { FilteredList } from "../components/content/filtered-list.tsx";
import { ListPager, listCountTexts, pagerLinkTags, pagerTexts } from "../components/content/list-pager.tsx";
import { useLoadMore } from "../components/content/use-load-more.ts";
import { ClassCard } from "../features/classes/class-card.tsx";
import { ClassFilters } from "../features/classes/class-filters.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { useTranslation } from "../i18n/react.tsx";
import { metaTags } from "../layout/page-meta.ts";
import { refusal } from "../lib/refusal.ts";
import type { Route } from "./+types/classes";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = pageLanguage(params, context);
  const url = new URL(request.url);
  const filters = normalizeClassFilters({ q: url.searchParams.get("q"), level: url.searchParams.get("level") });
  // "?page=abc" or "?page=0" names no page, and a page after the last one holds nothing: both are a 404.
  const page = pageFromParam(url.searchParams.get("page"));
  if (page === null) throw refusal(404);
  const { classes, paging } = await context.services.classes.listActivePage({ language, ...filters, page });
  if (isPastEnd(paging)) throw refusal(404);
  const t = translator(language);
  const title = t("classes:meta.listTitle");
  return {
    classes,
    paging,
    filters,
    language,
    meta: {
      title:
        page > 1
          ? `${title} (${listCountTexts(t, "classes:list", language, paging, paging).pageOf}) | ${context.publicConfig.companyName}`
          : `${title} | ${context.publicConfig.companyName}`,
      description: t("classes:meta.listDescription"),
    },
  };
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...metaTags(loaderData.meta), ...pagerLinkTags(location, loaderData.paging)];
}

/**
 * /classes (spec 000, section 2): the featured classes, then every class, twelve a page
 * (docs/decisions/0036-lists-a-page-at-a-time.md); "No Classes Available" when there are none. The list's
 * order puts the featured classes first, so the first unfiltered page shows them above the list.
 */
export default function Classes({ loaderData }: Route.ComponentProps) {
  const { classes, paging, filters, language } = loaderData;
  const { t } = useTranslation("classes");
  const filtered = filters.q !== "" || filters.level !== "all";
  const featured = !filtered && paging.page === 1 ? classes.filter((item) => item.featured) : [];
  const { shown, lastShown, loadingMore, loadMore, count, lastPage } = useLoadMore<PublicClass>({
    list: loaderData,
    items: classes,
    paging,
    api: (page) => {
      const query = new URLSearchParams({ language, page: String(page), limit: String(paging.limit) });
      if (filters.q) query.set("q", filters.q);
      if (filters.level !== "all") query.set("level", filters.level);
      return `/api/classes?${query}`;
    },
    read: (body) => (body as { data: PublicClass[] }).data,
  });
  const texts = listCountTexts(t, "list", language, paging, count, { items: shown.length, lastShown });

  return (
    <FilteredList
      heading={t("list.heading")}
      intro={t("list.intro")}
      filters={
        <>
          <ClassFilters filters={filters} />
          {featured.length > 0 ? (
            <section aria-labelledby="featured-classes" className="mt-8" data-testid="featured-classes">
              <h2 id="featured-classes" className="font-display text-2xl font-semibold">
                {t("list.featured")}
              </h2>
              <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {featured.map((item, index) => (
                  <li key={item.id} className="flex">
                    <ClassCard item={item} language={language} first={index === 0} section="featured" />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {featured.length > 0 ? <h2 className="mt-12 font-display text-2xl font-semibold">{t("list.all")}</h2> : null}
        </>
      }
      results={texts.results}
      listLabel={t("list.all")}
      path="/classes"
      items={shown}
      renderItem={(item, index) => (
        <ClassCard item={item} language={language} first={featured.length === 0 && index === 0} />
      )}
      empty={{
        icon: "users",
        title: filtered ? t("list.emptyFilteredTitle") : t("list.emptyTitle"),
        text: filtered ? t("list.emptyFiltered") : t("list.emptyText"),
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
