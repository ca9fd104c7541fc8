import type { MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import type { TFunction } from "../../../core/i18n/translator.ts";
import { pageSearch, type PageInfo } from "../../../core/paging/rules.ts";
import { buttonClasses } from "../ui/button.tsx";

export interface ListPagerProps {
  /** The first page on screen: "previous" leads before it. */
  firstShown: number;
  /** The last page on screen (more than firstShown once "Load more" added pages): "next" leads after it. */
  lastShown: number;
  /** The last page, or null when the count is a lower bound ("more than 1,000"): there are pages after lastShown. */
  lastPage: number | null;
  loadingMore: boolean;
  /** Appends the next page in place; the link is followed instead when it is not given (before hydration). */
  onLoadMore?: () => void;
  texts: { label: string; previous: string; next: string; loadMore: string; loadingMore: string; pageOf: string };
  /** The address's parameter of the page: `page` unless the list is part of another page (a post's `comments`). */
  param?: string;
  /** Where the links land on the page: the list's own anchor when it is not the page's start ("comments"). */
  hash?: string;
}

/**
 * The head's <link rel="prev"> and <link rel="next"> of a list page's meta: search engines walk the pages
 * from one to the next with these, as readers do with the links below the list.
 */
export function pagerLinkTags(
  location: { pathname: string; search: string },
  paging: { prev: number | null; next: number | null },
) {
  const pageLink = (rel: "prev" | "next", page: number | null) =>
    page === null ? [] : [{ tagName: "link", rel, href: `${location.pathname}${pageSearch(location.search, page)}` }];
  return [...pageLink("prev", paging.prev), ...pageLink("next", paging.next)];
}

/**
 * The pager's texts from the keys of a list's namespace under `prefix` (`pagination`, `previousPage`,
 * `nextPage`, `loadMore`, `loadingMore`), with `pageOf` said beside the links. Without `pageOf`, that of a
 * list counted exactly: "Page 2 of 9" (`pageOf`), or once Load more appended pages "Showing 24 of 30"
 * (`shownOf`).
 */
export function pagerTexts(
  t: TFunction,
  prefix: string,
  pageOf: string | { paging: Pick<PageInfo, "page" | "lastPage" | "total">; shownItems: number; lastShown: number },
): ListPagerProps["texts"] {
  return {
    label: t(`${prefix}.pagination`),
    previous: t(`${prefix}.previousPage`),
    next: t(`${prefix}.nextPage`),
    loadMore: t(`${prefix}.loadMore`),
    loadingMore: t(`${prefix}.loadingMore`),
    pageOf:
      typeof pageOf === "string"
        ? pageOf
        : pageOf.lastShown > pageOf.paging.page
          ? t(`${prefix}.shownOf`, { shown: pageOf.shownItems, total: pageOf.paging.total })
          : t(`${prefix}.pageOf`, { page: pageOf.paging.page, last: pageOf.paging.lastPage }),
  };
}

/** How far a list is known: the count of its latest page read, which may be a lower bound. */
export type ListCount = Pick<PageInfo, "total" | "totalExact">;

/**
 * What a list page says of its count, from the `list` keys of its namespace (`prefix`: `list`, or the
 * namespace, a colon and `list` for a translator of every namespace): above the cards "12 posts"
 * (`results`), or "More than 1,000 posts" (`resultsMore`) when the count is a lower bound; beside the page
 * links "Page 2 of 9" (`pageOf`), or "Page 2" (`page`) when the last page is not known; once Load more
 * appended pages, "Showing 24 of 30 posts" (`shownOf`) or "Showing 24 of more than 1,000 posts"
 * (`shownOfMore`). Numbers as the language writes them ("1 000" in French).
 */
export function listCountTexts(
  t: TFunction,
  prefix: string,
  language: string,
  paging: Pick<PageInfo, "page" | "lastPage">,
  count: ListCount,
  shown?: { items: number; lastShown: number },
): { results: string; pageOf: string } {
  const total = count.total.toLocaleString(language);
  const results = count.totalExact
    ? t(`${prefix}.results`, { count: count.total, total })
    : t(`${prefix}.resultsMore`, { total });
  if (shown && shown.lastShown > paging.page) {
    const items = shown.items.toLocaleString(language);
    return {
      results,
      pageOf: count.totalExact
        ? t(`${prefix}.shownOf`, { shown: items, total })
        : t(`${prefix}.shownOfMore`, { shown: items, total }),
    };
  }
  return {
    results,
    pageOf: count.totalExact
      ? t(`${prefix}.pageOf`, {
          page: paging.page.toLocaleString(language),
          last: paging.lastPage.toLocaleString(language),
        })
      : t(`${prefix}.page`, { page: paging.page.toLocaleString(language) }),
  };
}

/**
 * The way through a list a page at a time: "Load more", a link to the next page that the browser follows
 * until the page's JavaScript runs and then appends it in place, and previous and next links that robots
 * and readers without JavaScript follow (rel="prev" and rel="next").
 */
export function ListPager({
  firstShown,
  lastShown,
  lastPage,
  loadingMore,
  onLoadMore,
  texts,
  param = "page",
  hash,
}: ListPagerProps) {
  const href = usePageHref(param, hash);
  const next = lastPage === null || lastShown < lastPage ? lastShown + 1 : null;
  const previous = firstShown > 1 ? firstShown - 1 : null;
  if (next === null && previous === null) return null;

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (!onLoadMore || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!loadingMore) onLoadMore();
  }

  return (
    <div className="mt-10 flex flex-col items-center gap-6">
      {next !== null ? (
        <Link
          to={href(next)}
          onClick={loadMore}
          aria-disabled={loadingMore || undefined}
          className={buttonClasses("primary", "lg")}
        >
          {loadingMore ? texts.loadingMore : texts.loadMore}
        </Link>
      ) : null}
      <PageLinks previous={previous} next={next} texts={texts} param={param} hash={hash} />
    </div>
  );
}

/**
 * Previous and next links between the pages of a list (rel="prev" and rel="next"), with where the reader
 * stands between them: below a public list's "Load more", and alone below a staff table.
 */
export function PageLinks({
  previous,
  next,
  texts,
  param,
  hash,
}: {
  previous: number | null;
  next: number | null;
  texts: { label: string; previous: string; next: string; pageOf: string };
  param?: string;
  hash?: string;
}) {
  const href = usePageHref(param, hash);
  if (next === null && previous === null) return null;
  return (
    <nav aria-label={texts.label} className="flex items-center gap-4 text-sm">
      {previous !== null ? (
        <Link to={href(previous)} rel="prev" className="font-medium text-primary underline-offset-4 hover:underline">
          {texts.previous}
        </Link>
      ) : null}
      <span className="text-muted-foreground">{texts.pageOf}</span>
      {next !== null ? (
        <Link to={href(next)} rel="next" className="font-medium text-primary underline-offset-4 hover:underline">
          {texts.next}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The address of another page of the list on screen: the same path and query, its page parameter
 * (`param`, "page" unless the list has its own) changed, and the list's anchor (`hash`) if it has one.
 */
function usePageHref(param = "page", hash?: string) {
  const location = useLocation();
  return (page: number) => ({
    pathname: location.pathname,
    search: pageSearch(location.search, page, param),
    hash: hash ? `#${hash}` : undefined,
  });
}
