import { useTranslation } from "../i18n/react.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { DealCard } from "../features/deals/deal-card.tsx";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { pageLanguage } from "../i18n/page-language.server.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { NewsletterBox } from "../features/newsletter/newsletter-box.tsx";
import { isPastEnd, pageFromParam } from "../../core/paging/rules.ts";
import type { PublicDeal } from "../../core/deals/schema.ts";
import { ListPager, pagerLinkTags, pagerTexts } from "../components/content/list-pager.tsx";
import { useLoadMore } from "../components/content/use-load-more.ts";
import { refusal } from "../lib/refusal.ts";
import type { Route } from "./+types/hot-deals";
import { Icon } from "../components/ui/icon.tsx";

/**
 * One page of the deals shown now in the page's language (docs/decisions/0036-lists-a-page-at-a-time.md),
 * with their days left, hurry, sold-out and progress computed by the server.
 */
export async function loader(args: Route.LoaderArgs) {
  // "?page=abc" or "?page=0" names no page, and a page after the last one holds nothing: both are a 404.
  const page = pageFromParam(new URL(args.request.url).searchParams.get("page"));
  if (page === null) throw refusal(404);
  const language = pageLanguage(args.params, args.context);
  const { deals, paging } = await args.context.services.deals.listVisiblePage(language, { page });
  if (isPastEnd(paging)) throw refusal(404);
  return {
    deals,
    paging,
    language,
    meta: pageMeta(
      args,
      { title: "deals:page.metaTitle", description: "deals:page.metaDescription", pageOf: "deals:page.pageOf" },
      paging,
    ),
  };
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...metaTags(loaderData.meta), ...pagerLinkTags(location, loaderData.paging)];
}

/**
 * Hot deals (spec document 000, sections 2, 4 and 9), twelve a page with previous and next links and Load
 * more, which appends the next page from /api/hot-deals once the page's JavaScript runs; then the
 * newsletter box.
 */
export default function HotDeals({ loaderData }: Route.ComponentProps) {
  const { deals, paging, language } = loaderData;
  const { t } = useTranslation("deals");
  const { shown, lastShown, loadingMore, loadMore } = useLoadMore<PublicDeal>({
    list: loaderData,
    items: deals,
    paging,
    api: (page) => `/api/hot-deals?language=${language}&page=${page}&limit=${paging.limit}`,
  });
  return (
    <main id="main">
      <header className="relative overflow-hidden border-b border-border bg-white/60">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_90%_0%,rgba(185,28,28,0.10),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-14 sm:px-6 md:py-20">
          <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-red-700">
            <Icon name="flame" size={16} aria-hidden="true" />
            {t("page.eyebrow")}
          </p>
          <h1 className="mt-4 font-display text-4xl font-semibold leading-tight tracking-tight text-balance sm:text-5xl">
            {t("page.title")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">{t("page.lead")}</p>
        </div>
      </header>

      <div className="mx-auto max-w-6xl space-y-16 px-4 py-14 sm:px-6">
        {shown.length === 0 ? (
          <div
            className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-white px-6 py-16 text-center"
            data-testid="deals-empty"
          >
            <Icon name="ticket-percent" aria-hidden="true" className="h-12 w-12 text-muted-foreground" />
            <h2 className="mt-4 font-display text-2xl font-semibold">{t("page.emptyTitle")}</h2>
            <p className="mt-2 max-w-md text-muted-foreground">{t("page.emptyText")}</p>
            <LocalizedLink to="/" className={buttonClasses("outline", "md", "mt-6")}>
              {t("page.browseServices")}
            </LocalizedLink>
          </div>
        ) : (
          <section aria-label={t("page.listLabel")}>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((deal) => (
                <li key={deal.id} className="flex">
                  <DealCard deal={deal} />
                </li>
              ))}
            </ul>
            <ListPager
              firstShown={paging.page}
              lastShown={lastShown}
              lastPage={paging.lastPage}
              loadingMore={loadingMore}
              onLoadMore={loadMore}
              texts={pagerTexts(t, "page", { paging, shownItems: shown.length, lastShown })}
            />
          </section>
        )}

        <NewsletterBox />
      </div>
    </main>
  );
}
