import { useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { pageSearch, type PageInfo } from "../../../core/paging/rules.ts";

/**
 * "Load more" of a list page (ListPager): the pages appended after the one the address names, read from
 * the list's public API, whose answer is exactly the cards' data (a fetcher of the route's loader would add
 * React Router's fetcher code to the framework chunk every page loads). A new address (`list`, the loader's
 * data) starts again from its own page.
 */
export function useLoadMore<Item>({
  list,
  items,
  paging,
  api,
  read = (body) => body as Item[],
  param = "page",
}: {
  /** The loader's data: a new object for each address. */
  list: unknown;
  items: Item[];
  paging: PageInfo;
  /** The API address of a page of the same list, its filters kept ("/api/posts?…&page=3"). */
  api: (page: number) => string;
  /** The items of the API's answer: the answer itself unless the list wraps them (`{ data: [...] }` for classes). */
  read?: (body: unknown) => Item[];
  /** The address's parameter of the page (ListPager's `param`). */
  param?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [appended, setAppended] = useState<{ items: Item[]; lastShown: number }>({
    items: [],
    lastShown: paging.page,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [shownFor, setShownFor] = useState(list);
  if (shownFor !== list) {
    setShownFor(list);
    setAppended({ items: [], lastShown: paging.page });
  }
  const current = useRef(list);
  current.current = list;

  async function loadMore() {
    const asked = list;
    const next = appended.lastShown + 1;
    setLoadingMore(true);
    try {
      const address = api(next);
      const response = await fetch(address, { headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`GET ${address}: ${response.status}`);
      const more = read(await response.json());
      // An answer that arrives after the search or the page changed belongs to a list no longer shown.
      if (current.current !== asked) return;
      setAppended((shown) => ({ items: [...shown.items, ...more], lastShown: next }));
    } catch {
      // The next page as a page of its own, as the link says, when the API cannot be reached.
      if (current.current === asked) navigate(`${location.pathname}${pageSearch(location.search, next, param)}`);
    } finally {
      setLoadingMore(false);
    }
  }

  const shown = appended.items.length > 0 ? [...items, ...appended.items] : items;
  return { shown, lastShown: appended.lastShown, loadingMore, loadMore };
}
