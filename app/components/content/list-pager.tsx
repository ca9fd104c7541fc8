import type { MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import { pageSearch } from "../../../core/paging/rules.ts";
import { buttonClasses } from "../ui/button.tsx";

export interface ListPagerProps {
  /** The first page on screen: "previous" leads before it. */
  firstShown: number;
  /** The last page on screen (more than firstShown once "Load more" added pages): "next" leads after it. */
  lastShown: number;
  lastPage: number;
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
  const next = lastShown < lastPage ? lastShown + 1 : null;
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
