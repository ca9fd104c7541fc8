// Paging rules shared by every public list (docs/decisions/0036-lists-a-page-at-a-time.md): page numbers
// start at 1, a page holds PAGE_SIZE items unless a client asks for up to MAX_LIMIT, and the links between
// pages are built here once for the pages' <a rel> and the API's Link header. Isomorphic, no zod: the
// browser's list pages use it in their first load.

/** Items on a page of a public list: four rows of three cards. */
export const PAGE_SIZE = 12;
/** Rows on a page of a staff list (a table read line by line, not a grid of cards). */
export const STAFF_PAGE_SIZE = 20;
/**
 * Comments on a page (a post's threads, a media item's comments): one column of short texts, so more of
 * them than cards make a page a reader goes through at once.
 */
export const COMMENT_PAGE_SIZE = 20;
/** The most items an API client may ask for in one answer. */
export const MAX_LIMIT = 100;
/** The highest page number accepted: beyond 1,200,000 items at the page size, a bound on the offset asked for. */
export const MAX_PAGE = 100_000;

export interface PageRequest {
  page: number;
  limit: number;
}

export interface PageInfo extends PageRequest {
  total: number;
  /**
   * false when `total` is a lower bound (a search counted up to COUNT_CAP): there are more items, the next
   * page exists and the last one is not known, so a screen says "more than" and names no last page.
   */
  totalExact: boolean;
  /** The last page holding items; 1 for an empty list, whose first page exists and says it is empty. */
  lastPage: number;
  prev: number | null;
  next: number | null;
}

/** One page of a list and where it stands. */
export interface Page<T> {
  items: T[];
  paging: PageInfo;
}

/**
 * Reads one page of a list: its rows (`read` is given the offset and limit) and how many there are in all
 * (`count`, which the caller may answer from a copy kept until the list changes), side by side.
 */
export async function readPage<Row, Item>(
  request: PageRequest,
  read: (page: { offset: number; limit: number }) => Promise<Row[]>,
  count: () => Promise<number>,
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const [rows, total] = await Promise.all([read({ offset: offsetOf(request), limit: request.limit }), count()]);
  return { items: await toItems(rows), paging: pageInfo(request, total) };
}

/** How many items come before the page. */
export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

export function lastPageOf(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** Where a page stands among `total` items: its neighbours, null at either end. */
export function pageInfo(request: PageRequest, total: number): PageInfo {
  const lastPage = lastPageOf(total, request.limit);
  return {
    ...request,
    total,
    totalExact: true,
    lastPage,
    prev: request.page > 1 ? Math.min(request.page - 1, lastPage) : null,
    next: request.page < lastPage ? request.page + 1 : null,
  };
}

/** A page after the last one holds nothing and does not exist (a 404 page; the API answers an empty list). */
export function isPastEnd(info: PageInfo): boolean {
  return info.page > info.lastPage;
}

/**
 * The page number an address asks for: none means the first; anything but a plain whole number from 1 to
 * MAX_PAGE is null (no such page). "01" and "1.0" are refused so that one page has one address.
 */
export function pageFromParam(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  const page = Number(raw);
  return page <= MAX_PAGE ? page : null;
}

/**
 * The query string of another page of the same list: the other parameters kept in their order, `page`
 * last and left out for the first page (whose address is the list's own). `param` names the page of a
 * list inside another page (a post's `comments`).
 */
export function pageSearch(search: string | URLSearchParams, page: number, param = "page"): string {
  const params = new URLSearchParams(search);
  params.delete(param);
  if (page > 1) params.set(param, String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * RFC 8288 Link header of an API list answer: first, last, and prev and next where they exist, each the
 * request's own address with its page changed (the limit and filters kept). `last: false` leaves out the
 * last page when the count is a lower bound.
 */
export function linkHeader(url: URL, info: PageInfo, options: { last?: boolean } = {}): string {
  const link = (page: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set("page", String(page));
    return `<${target.pathname}${target.search}>; rel="${rel}"`;
  };
  const links = [link(1, "first")];
  if (info.prev !== null) links.push(link(info.prev, "prev"));
  if (info.next !== null) links.push(link(info.next, "next"));
  // A capped count does not know the last page: no "last" link rather than a wrong one.
  if (options.last !== false) links.push(link(info.lastPage, "last"));
  return links.join(", ");
}

/**
 * Staff lists and public searches count their matches only this far (a count over a LIMIT subquery): past
 * it a screen says "more than 1,000" and the API marks its total as a lower bound, so that no request
 * counts a whole table.
 */
export const COUNT_CAP = 1000;

/** A list's count: exact, or `total` is the cap and there are more. */
export interface CappedTotal {
  total: number;
  exact: boolean;
}

/**
 * How many matches to count for a page: the cap, or past a deep page's end when it lies beyond the cap
 * (so that whether a next page exists is still known), plus one to tell "exactly this many" from "more".
 */
export function countLimitFor(request: PageRequest): number {
  return Math.max(COUNT_CAP, offsetOf(request) + request.limit) + 1;
}

/** What a count over `countLimitFor(request)` rows means. */
export function cappedTotal(counted: number, request: PageRequest): CappedTotal {
  const limit = countLimitFor(request);
  return counted < limit ? { total: counted, exact: true } : { total: limit - 1, exact: false };
}

/**
 * Where a page stands when its count may be a lower bound: with more matches than counted, the next page
 * exists and the last one is unknown (`lastPage` is then the last page counted so far).
 */
export function cappedPageInfo(request: PageRequest, counted: CappedTotal): PageInfo {
  const info = pageInfo(request, counted.total);
  return counted.exact ? info : { ...info, totalExact: false, next: request.page + 1 };
}

/**
 * One page of a searched public list, its matches counted up to the cap, or just past the page asked for
 * when that lies deeper (`count` is given how many to count at most): a search's matches are unbounded,
 * so they are counted each time, and never all of them.
 * The page is then read by walking the list's order and testing each row, or by letting the full-text
 * index find the matches and sorting them (`matchesFirst`): with the count exact, the walk tests about
 * (offset + limit) x listed / matches rows and the other way reads the matches, and the cheaper one is
 * taken; past the cap there are at least as many matches as counted, so the walk stops after a small
 * part of the list for the first pages and the plan is left to the database. No match, or a page past
 * the last, reads no page at all.
 */
export async function readSearchedPage<Row>(
  request: PageRequest,
  count: (upTo: number) => Promise<number>,
  listed: () => Promise<number>,
  read: (page: { offset: number; limit: number }, matchesFirst: boolean) => Promise<Row[]>,
): Promise<{ rows: Row[]; paging: PageInfo }> {
  const counted = cappedTotal(await count(countLimitFor(request)), request);
  const paging = cappedPageInfo(request, counted);
  const page = { offset: offsetOf(request), limit: request.limit };
  if (page.offset >= counted.total) return { rows: [], paging };
  if (!counted.exact) return { rows: await read(page, false), paging };
  const walk = ((page.offset + page.limit) * (await listed())) / counted.total;
  return { rows: await read(page, walk > counted.total), paging };
}
