import { useTranslation } from "../i18n/react.tsx";
import { MEDIA_CATEGORIES, type MediaCategory } from "../../core/media/limits.ts";
import type { PublicMedia } from "../../core/media/schema.ts";
import { megabytes } from "../../core/media/rules.ts";
import { isStaff } from "../../core/auth/rules.ts";
import { isPastEnd, pageFromParam } from "../../core/paging/rules.ts";
import { metaTags } from "../layout/page-meta.ts";
import { pageMeta } from "../layout/page-meta.server.ts";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { ListPager, pagerLinkTags, pagerTexts } from "../components/content/list-pager.tsx";
import { useLoadMore } from "../components/content/use-load-more.ts";
import { MediaCard } from "../features/media/media-card.tsx";
import { UploadForm } from "../components/upload/upload-form.tsx";
import { cn } from "../lib/cn.ts";
import { refusal } from "../lib/refusal.ts";
import type { Route } from "./+types/media";

function categoryOf(url: URL): MediaCategory | undefined {
  const value = url.searchParams.get("category");
  return (MEDIA_CATEGORIES as readonly string[]).includes(value ?? "") ? (value as MediaCategory) : undefined;
}

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const category = categoryOf(url);
  // "?page=abc" or "?page=0" names no page, and a page after the last one holds nothing: both are a 404.
  const page = pageFromParam(url.searchParams.get("page"));
  if (page === null) throw refusal(404);
  const { media } = args.context.services;
  const { items, paging } = await media.listPublishedPage({ category, page });
  if (isPastEnd(paging)) throw refusal(404);
  const limits = media.limits;
  return {
    items,
    paging,
    category: category ?? null,
    limits: { image: megabytes(limits.image), video: megabytes(limits.video), audio: megabytes(limits.audio) },
    staff: Boolean(args.context.user && isStaff(args.context.user.role)),
    meta: pageMeta(
      args,
      { title: "media:page.metaTitle", description: "media:page.metaDescription", pageOf: "media:page.pageOf" },
      paging,
    ),
  };
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...metaTags(loaderData.meta), ...pagerLinkTags(location, loaderData.paging)];
}

/**
 * The media portfolio (spec document 000, section 2 "/media"): the gallery by category, a page at a time
 * (docs/decisions/0036-lists-a-page-at-a-time.md), and the upload form.
 */
export default function Media({ loaderData }: Route.ComponentProps) {
  const { items, paging, category, limits, staff } = loaderData;
  const { t } = useTranslation("media");
  const chips: Array<MediaCategory | null> = [null, ...MEDIA_CATEGORIES];
  const { shown, lastShown, loadingMore, loadMore } = useLoadMore<PublicMedia>({
    list: loaderData,
    items,
    paging,
    api: (page) => {
      const query = new URLSearchParams({ page: String(page), limit: String(paging.limit) });
      if (category) query.set("category", category);
      return `/api/media?${query}`;
    },
  });

  return (
    <main id="main">
      <header className="border-b border-border bg-white/60">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("page.eyebrow")}</p>
          <h1 className="mt-4 font-display text-4xl font-semibold leading-tight tracking-tight text-balance sm:text-5xl">
            {t("page.title")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">{t("page.intro")}</p>
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="gallery-heading" className="min-w-0">
          <h2 id="gallery-heading" className="sr-only">
            {t("page.title")}
          </h2>
          <nav aria-label={t("page.filterLabel")} className="-mx-1 flex flex-wrap gap-2">
            {chips.map((chip) => {
              const current = chip === category;
              return (
                <LocalizedLink
                  key={chip ?? "all"}
                  to={chip ? `/media?category=${chip}` : "/media"}
                  preventScrollReset
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "rounded-full border px-3 py-1.5 text-sm font-medium transition-colors",
                    current
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-border bg-white hover:border-primary hover:text-primary",
                  )}
                >
                  {t(`categories.${chip ?? "all"}`)}
                </LocalizedLink>
              );
            })}
          </nav>
          {shown.length === 0 ? (
            <p className="mt-8 rounded-xl border border-dashed border-border px-6 py-12 text-center text-muted-foreground">
              {t("page.empty")}
            </p>
          ) : (
            <>
              <p role="status" className="mt-6 text-sm text-muted-foreground">
                {t("page.results", { count: paging.total })}
              </p>
              <ul className="mt-4 grid gap-6 sm:grid-cols-2" data-testid="media-gallery">
                {shown.map((item) => (
                  <li key={item.id}>
                    <MediaCard item={item} />
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
            </>
          )}
        </section>
        <aside aria-labelledby="upload-heading" className="lg:sticky lg:top-24 lg:self-start">
          <UploadForm limits={limits} staff={staff} />
        </aside>
      </div>
    </main>
  );
}
