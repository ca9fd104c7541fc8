import { describe, expect, it } from "vitest";
import {
  isPastEnd,
  lastPageOf,
  linkHeader,
  MAX_LIMIT,
  offsetOf,
  PAGE_SIZE,
  pageFromParam,
  pageInfo,
  pageSearch,
  readSearchedPage,
} from "../../core/paging/rules.ts";
import { listCountTexts } from "../../app/components/content/list-pager.tsx";
import { createTranslator } from "../../core/i18n/translator.ts";
import { pagingQuerySchema, pagingQuerySchemaOf } from "../../core/paging/schema.ts";
import { resources } from "../../app/locales/resources.ts";

const english = (key: string) => {
  const [ns, path] = key.split(":");
  let node: unknown = (resources.en as Record<string, unknown>)[ns];
  for (const part of path.split(".")) node = (node as Record<string, unknown>)[part];
  return node as string;
};

describe("page numbers", () => {
  it("shows twelve items a page and lets an API client ask for up to fifty", () => {
    expect(PAGE_SIZE).toBe(12);
    expect(MAX_LIMIT).toBe(100);
    expect(offsetOf({ page: 1, limit: 12 })).toBe(0);
    expect(offsetOf({ page: 5000, limit: 12 })).toBe(59_988);
  });

  it("counts the last page from the total, and an empty list still has its first page", () => {
    expect(lastPageOf(0, 12)).toBe(1);
    expect(lastPageOf(12, 12)).toBe(1);
    expect(lastPageOf(13, 12)).toBe(2);
    expect(lastPageOf(100_000, 12)).toBe(8334);
  });

  it("gives each page its neighbours, none before the first or after the last", () => {
    expect(pageInfo({ page: 1, limit: 12 }, 30)).toEqual({
      page: 1,
      limit: 12,
      total: 30,
      totalExact: true,
      lastPage: 3,
      prev: null,
      next: 2,
    });
    expect(pageInfo({ page: 3, limit: 12 }, 30)).toMatchObject({ prev: 2, next: null });
    expect(pageInfo({ page: 1, limit: 12 }, 0)).toMatchObject({ lastPage: 1, prev: null, next: null });
  });

  it("knows a page past the last, whose previous page is the last one", () => {
    const past = pageInfo({ page: 9, limit: 12 }, 30);
    expect(isPastEnd(past)).toBe(true);
    expect(past.prev).toBe(3);
    expect(isPastEnd(pageInfo({ page: 3, limit: 12 }, 30))).toBe(false);
    expect(isPastEnd(pageInfo({ page: 1, limit: 12 }, 0))).toBe(false);
  });

  it("reads a page from an address only as plain digits, so that one page has one address", () => {
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam("2")).toBe(2);
    expect(pageFromParam("100000")).toBe(100_000);
    for (const raw of ["", "0", "-1", "01", "1.0", "2e3", "abc", "100001", " 2"]) expect(pageFromParam(raw)).toBeNull();
  });
});

describe("addresses of other pages", () => {
  it("keeps the filters, puts the page last and leaves it out for the first page", () => {
    expect(pageSearch("?q=seo&page=3&category=design", 4)).toBe("?q=seo&category=design&page=4");
    expect(pageSearch("?q=seo&page=3", 1)).toBe("?q=seo");
    expect(pageSearch("", 1)).toBe("");
    expect(pageSearch("?q=caf%C3%A9", 2)).toBe("?q=caf%C3%A9&page=2");
  });

  it("names the page of a list inside another page by its own parameter, the others kept", () => {
    expect(pageSearch("?comments=2&ref=mail", 3, "comments")).toBe("?ref=mail&comments=3");
    expect(pageSearch("?comments=2", 1, "comments")).toBe("");
    expect(pageSearch("?page=4", 2, "comments")).toBe("?page=4&comments=2");
  });

  it("defaults a list's limit to its own page size", () => {
    expect(pagingQuerySchemaOf(20).parse({})).toEqual({ page: 1, limit: 20 });
    expect(pagingQuerySchemaOf(20).parse({ limit: "100" })).toEqual({ page: 1, limit: 100 });
    expect(pagingQuerySchemaOf(20).safeParse({ limit: "101" }).success).toBe(false);
  });

  it("links an API answer to its first, previous, next and last pages with the limit and filters kept", () => {
    const url = new URL("http://localhost/api/posts?limit=5&category=design&page=2");
    expect(linkHeader(url, pageInfo({ page: 2, limit: 5 }, 12))).toBe(
      [
        '</api/posts?limit=5&category=design&page=1>; rel="first"',
        '</api/posts?limit=5&category=design&page=1>; rel="prev"',
        '</api/posts?limit=5&category=design&page=3>; rel="next"',
        '</api/posts?limit=5&category=design&page=3>; rel="last"',
      ].join(", "),
    );
    expect(linkHeader(new URL("http://localhost/api/posts"), pageInfo({ page: 1, limit: 12 }, 3))).toBe(
      '</api/posts?page=1>; rel="first", </api/posts?page=1>; rel="last"',
    );
  });
});

describe("a searched page, counted up to the cap", () => {
  /** A search of `matches` rows among `listed`: what readSearchedPage asked for, and the page it answered. */
  async function search(matches: number, listed: number, request: { page: number; limit: number }) {
    const asked: { upTo?: number; matchesFirst?: boolean } = {};
    const answer = await readSearchedPage(
      request,
      async (upTo) => {
        asked.upTo = upTo;
        return Math.min(matches, upTo);
      },
      async () => listed,
      async (page, matchesFirst) => {
        asked.matchesFirst = matchesFirst;
        return Array.from(
          { length: Math.max(0, Math.min(page.limit, matches - page.offset)) },
          (_, i) => page.offset + i,
        );
      },
    );
    return { asked, ...answer };
  }

  it("stops counting past 1,000: a lower bound, a next page and no known last page", async () => {
    const { asked, rows, paging } = await search(50_000, 100_000, { page: 1, limit: 12 });
    expect(asked.upTo).toBe(1001);
    expect(rows).toHaveLength(12);
    expect(paging).toMatchObject({ total: 1000, totalExact: false, next: 2, prev: null });
    // Past the cap the plan is the database's: the walk of the list's order meets a match often.
    expect(asked.matchesFirst).toBe(false);
  });

  it("counts past a deep page's end, so that its neighbours are known", async () => {
    const deep = await search(50_000, 100_000, { page: 200, limit: 12 });
    expect(deep.asked.upTo).toBe(2401);
    expect(deep.paging).toMatchObject({ total: 2400, totalExact: false, next: 201 });
    const last = await search(2_000, 100_000, { page: 167, limit: 12 });
    expect(last.paging).toMatchObject({ total: 2000, totalExact: true, lastPage: 167, next: null });
  });

  it("counts a small search exactly and picks the cheaper plan from the counts", async () => {
    const rare = await search(30, 100_000, { page: 1, limit: 12 });
    expect(rare.paging).toMatchObject({ total: 30, totalExact: true, lastPage: 3 });
    expect(rare.asked.matchesFirst).toBe(true);
    const common = await search(900, 1_000, { page: 1, limit: 12 });
    expect(common.asked.matchesFirst).toBe(false);
  });

  it("reads no page for no match or a page past the last", async () => {
    const none = await search(0, 100_000, { page: 1, limit: 12 });
    expect(none.rows).toEqual([]);
    expect(none.asked.matchesFirst).toBeUndefined();
    const past = await search(30, 100_000, { page: 4, limit: 12 });
    expect(isPastEnd(past.paging)).toBe(true);
    expect(past.asked.matchesFirst).toBeUndefined();
  });

  it("says a lower bound as one in both languages, with the numbers as each writes them", () => {
    const texts = (language: string, total: number, totalExact: boolean, page = 3) =>
      listCountTexts(
        createTranslator(language, resources).getFixedT(language),
        "blog:list",
        language,
        { page, lastPage: Math.ceil(total / 12) },
        { total, totalExact },
      );
    expect(texts("en", 1000, false)).toEqual({ results: "More than 1,000 posts", pageOf: "Page 3" });
    expect(texts("fr", 1000, false)).toEqual({ results: "Plus de 1\u202f000 articles", pageOf: "Page 3" });
    expect(texts("en", 1000, true)).toEqual({ results: "1,000 posts", pageOf: "Page 3 of 84" });
    expect(texts("fr", 1, true, 1)).toEqual({ results: "1 article", pageOf: "Page 1 sur 1" });
    const shown = listCountTexts(
      createTranslator("en", resources).getFixedT("en"),
      "blog:list",
      "en",
      { page: 1, lastPage: 84 },
      { total: 1000, totalExact: false },
      { items: 24, lastShown: 2 },
    );
    expect(shown.pageOf).toBe("Showing 24 of more than 1,000 posts");
  });
});

describe("page and limit in a query", () => {
  it("defaults to the first page of twelve", () => {
    expect(pagingQuerySchema.parse({})).toEqual({ page: 1, limit: 12 });
    expect(pagingQuerySchema.parse({ page: "3", limit: "100" })).toEqual({ page: 3, limit: 100 });
  });

  it("refuses anything else with a translated message", () => {
    const messages = (query: Record<string, string>) =>
      pagingQuerySchema
        .safeParse(query)
        .error?.issues.map((issue) => `${issue.path.join(".")}: ${english(issue.message)}`);
    expect(messages({ limit: "101" })).toEqual(["limit: Limit must be a whole number from 1 to 100."]);
    expect(messages({ limit: "0" })).toEqual(["limit: Limit must be a whole number from 1 to 100."]);
    expect(messages({ page: "0" })).toEqual(["page: Page must be a whole number from 1 to 100,000."]);
    expect(messages({ page: "1.5" })).toEqual(["page: Page must be a whole number from 1 to 100,000."]);
    expect(messages({ page: "abc" })).toEqual(["page: Page must be a whole number from 1 to 100,000."]);
    expect(messages({ page: "100001" })).toEqual(["page: Page must be a whole number from 1 to 100,000."]);
  });
});
