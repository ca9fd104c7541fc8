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
} from "../../core/paging/rules.ts";
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
