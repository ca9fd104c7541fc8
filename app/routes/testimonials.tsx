import { useTranslation } from "../i18n/react.tsx";
import { RATING_MAX } from "../../core/testimonials/limits.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { ShareExperienceDialog } from "../features/testimonials/share-experience-dialog.tsx";
import { StarRating } from "../components/reviews/star-rating.tsx";
import { TestimonialCard } from "../features/testimonials/testimonial-card.tsx";
import { isPastEnd, pageFromParam } from "../../core/paging/rules.ts";
import type { PublicTestimonial } from "../../core/testimonials/schema.ts";
import { ListPager, pagerLinkTags, pagerTexts } from "../components/content/list-pager.tsx";
import { useLoadMore } from "../components/content/use-load-more.ts";
import { refusal } from "../lib/refusal.ts";
import type { Route } from "./+types/testimonials";
import { Icon } from "../components/ui/icon.tsx";

export async function loader(args: Route.LoaderArgs) {
  // "?page=abc" or "?page=0" names no page, and a page after the last one holds nothing: both are a 404.
  const page = pageFromParam(new URL(args.request.url).searchParams.get("page"));
  if (page === null) throw refusal(404);
  const { testimonials, paging, averageRating } = await args.context.services.testimonials.listApprovedPage({ page });
  if (isPastEnd(paging)) throw refusal(404);
  return {
    testimonials,
    paging,
    averageRating,
    meta: pageMeta(
      args,
      {
        title: "testimonials:page.metaTitle",
        description: "testimonials:page.metaDescription",
        pageOf: "testimonials:page.pageOf",
      },
      paging,
    ),
  };
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...metaTags(loaderData.meta), ...pagerLinkTags(location, loaderData.paging)];
}

/**
 * Approved reviews only (spec document 000, section 2 "/testimonials"), a page at a time
 * (docs/decisions/0036-lists-a-page-at-a-time.md), with the average of them all and the
 * share-your-experience dialog.
 */
export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { testimonials, paging, averageRating: average } = loaderData;
  const { t, i18n } = useTranslation("testimonials");
  const { shown, lastShown, loadingMore, loadMore } = useLoadMore<PublicTestimonial>({
    list: loaderData,
    items: testimonials,
    paging,
    api: (page) => `/api/testimonials?page=${page}&limit=${paging.limit}`,
  });

  return (
    <main id="main">
      <header className="border-b border-border bg-white/60">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-14 sm:px-6 md:flex-row md:items-end md:justify-between md:py-20">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("page.eyebrow")}</p>
            <h1 className="mt-4 font-display text-4xl font-semibold leading-tight tracking-tight text-balance sm:text-5xl">
              {t("page.title")}
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{t("page.intro")}</p>
            {average !== null ? (
              <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1">
                <StarRating rating={average} size={20} decorative />
                <span className="font-semibold">
                  {t("page.average", {
                    rating: new Intl.NumberFormat(i18n.language === "fr" ? "fr-FR" : "en-US", {
                      minimumFractionDigits: 1,
                      maximumFractionDigits: 1,
                    }).format(average),
                    max: RATING_MAX,
                  })}
                </span>
                <span className="text-muted-foreground">{t("page.count", { count: paging.total })}</span>
              </p>
            ) : null}
          </div>
          <ShareExperienceDialog triggerClassName="shrink-0 self-start rounded-full px-6 md:self-auto" />
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16">
        {shown.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-white/60 px-6 py-16 text-center">
            <Icon name="message-square-quote" aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
            <h2 className="mt-4 font-display text-2xl font-semibold">{t("messages.empty")}</h2>
            <p className="mt-2 max-w-md text-muted-foreground">{t("section.emptyText")}</p>
          </div>
        ) : (
          <section aria-labelledby="reviews-list-title">
            <h2 id="reviews-list-title" className="sr-only">
              {t("page.listTitle")}
            </h2>
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {shown.map((testimonial) => (
                <li key={testimonial.id} className="flex">
                  <TestimonialCard testimonial={testimonial} detailed />
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
      </div>
    </main>
  );
}
