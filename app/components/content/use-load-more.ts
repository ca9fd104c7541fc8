import { useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { lastPageOf, pageSearch, type PageInfo } from "../../../core/paging/rules.ts";

/**
 * "Load more" of a list page (ListPager): the pages appended after the one the address names, read from
 * the list's public API, whose answer is exactly the cards' data (a fetcher of the route's loader would add
 * React Router's fetcher code to the framework chunk every page loads). A new address (`list`, the loader's
 * data) starts again from its own page. A list whose count is a lower bound ("more than 1,000") learns from
 * each page appended how far it is known (X-Total-Count and X-Total-Count-Exact): `lastPage` is null while
 * more pages follow and the last one is not known.
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
  const loaded = { items: [], lastShown: paging.page, count: { total: paging.total, totalExact: paging.totalExact } };
  const [appended, setAppended] = useState<{
    items: Item[];
    lastShown: number;
    count: { total: number; totalExact: boolean };
  }>(loaded);
  const [loadingMore, setLoadingMore] = useState(false);
  const [shownFor, setShownFor] = useState(list);
  if (shownFor !== list) {
    setShownFor(list);
    setAppended(loaded);
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
      // A capped count says how far it is known with each page; the other lists' counts stay the loader's.
      const total = response.headers.get("X-Total-Count");
      const exact = response.headers.get("X-Total-Count-Exact");
      const counted = total !== null && exact !== null ? { total: Number(total), totalExact: exact !== "false" } : null;
      setAppended((shown) => ({ items: [...shown.items, ...more], lastShown: next, count: counted ?? shown.count }));
    } catch {
      // The next page as a page of its own, as the link says, when the API cannot be reached.
      if (current.current === asked) navigate(`${location.pathname}${pageSearch(location.search, next, param)}`);
    } finally {
      setLoadingMore(false);
    }
  }

  const shown = appended.items.length > 0 ? [...items, ...appended.items] : items;
  const count = appended.count;
  const lastPage = count.totalExact ? lastPageOf(count.total, paging.limit) : null;
  return { shown, lastShown: appended.lastShown, loadingMore, loadMore, count, lastPage };
}
