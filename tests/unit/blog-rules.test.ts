import { describe, expect, it } from "vitest";
import { DomainError } from "../../core/errors.ts";
import {
  assertCanReplyTo,
  canReadFullContent,
  hasActiveFilters,
  normalizeFilters,
  parseId,
  threadComments,
} from "../../core/blog/rules.ts";
import {
  commentInputSchema,
  isSafeImageUrl,
  newCommentSchema,
  postInputSchema,
  postUpdateSchema,
} from "../../core/blog/schema.ts";
import { sanitizePostHtml } from "../../core/blog/sanitize.server.ts";
import { resources } from "../../app/locales/resources.ts";

function english(key: string): string {
  const [ns, path] = key.split(":");
  let node: unknown = (resources.en as Record<string, unknown>)[ns];
  for (const part of path.split(".")) node = (node as Record<string, unknown>)[part];
  return node as string;
}

function messagesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), english(issue.message)]),
  );
}

// Searching and filtering the list itself runs in the database: tests/integration/blog-paging.test.ts.
describe("post list filters (spec section 2, /posts)", () => {
  it("keeps a search on one line within its length, and only the categories a visitor can pick", () => {
    expect(normalizeFilters({ q: "  seo  ", category: "design" })).toEqual({ q: "seo", category: "design" });
    expect(normalizeFilters({ category: "cooking" }).category).toBeNull();
    expect(normalizeFilters({ category: "all" }).category).toBeNull();
    expect(normalizeFilters({ q: "x".repeat(150) }).q).toHaveLength(100);
  });

  it("says whether a filter is active, for the empty state's wording", () => {
    expect(hasActiveFilters(normalizeFilters({}))).toBe(false);
    expect(hasActiveFilters(normalizeFilters({ q: "   ", category: "all" }))).toBe(false);
    expect(hasActiveFilters(normalizeFilters({ q: "seo" }))).toBe(true);
    expect(hasActiveFilters(normalizeFilters({ category: "design" }))).toBe(true);
    expect(english("blog:list.emptyTitle")).toBe("No posts found");
    expect(english("blog:list.emptyFiltered")).toBe("Try adjusting your search or filters");
    expect(english("blog:list.emptyAll")).toBe("Check back soon for new content!");
  });
});

describe("members-only content (spec README decision 16)", () => {
  it("is readable by signed-in users only", () => {
    expect(canReadFullContent({ membersOnly: true }, { signedIn: false })).toBe(false);
    expect(canReadFullContent({ membersOnly: true }, { signedIn: true })).toBe(true);
    expect(canReadFullContent({ membersOnly: false }, { signedIn: false })).toBe(true);
    expect(english("blog:post.premiumLogin")).toBe("Login to Access Premium Content");
  });
});

describe("HTML sanitising", () => {
  it("removes scripts, event handlers and script URLs", () => {
    const dirty = [
      `<p onclick="steal()">Hello</p>`,
      `<script>alert(1)</script>`,
      `<img src="x.png" onerror="alert(1)">`,
      `<a href="javascript:alert(1)">a</a>`,
      `<a href="JaVaScRiPt:alert(1)">b</a>`,
      `<a href="&#106;avascript:alert(1)">c</a>`,
      `<a href="java\tscript:alert(1)">d</a>`,
      `<svg onload="alert(1)"><script>alert(2)</script></svg>`,
      `<iframe src="https://evil.example"></iframe>`,
      `<style>body{display:none}</style>`,
      `<p style="background:url(javascript:alert(1))">styled</p>`,
      `<img src="data:image/svg+xml;base64,PHN2Zz4=">`,
      `<img src="//evil.example/pixel.png">`,
      `<form action="https://evil.example"><input name="x"></form>`,
    ].join("");
    const clean = sanitizePostHtml(dirty);
    expect(clean).not.toMatch(
      /<script|onclick|onerror|onload|javascript:|<iframe|<style|style=|data:|evil\.example|<form|<input|alert/i,
    );
    expect(clean).toContain("<p>Hello</p>");
    expect(clean).toContain("<p>styled</p>");
  });

  it("keeps normal formatting, safe links with rel noopener and https or site images", () => {
    const html = [
      "<h2>Heading</h2><h3>Sub</h3><p>Some <strong>bold</strong>, <em>italic</em> and <code>code</code>.</p>",
      "<ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol><blockquote>Quote</blockquote>",
      `<a href="https://example.com" target="_blank">ext</a><a href="/posts/2">int</a><a href="mailto:hi@example.com">mail</a>`,
      `<img src="https://cdn.example/a.png" alt="A"><img src="/images/blog/b.svg" alt="B">`,
    ].join("");
    const clean = sanitizePostHtml(html);
    for (const kept of [
      "<h2>Heading</h2>",
      "<h3>Sub</h3>",
      "<strong>bold</strong>",
      "<em>italic</em>",
      "<code>code</code>",
      "<ul><li>One</li><li>Two</li></ul>",
      "<ol><li>First</li></ol>",
      "<blockquote>Quote</blockquote>",
    ]) {
      expect(clean).toContain(kept);
    }
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ext</a>');
    expect(clean).toContain('<a href="/posts/2" rel="noopener noreferrer">int</a>');
    expect(clean).toContain('<a href="mailto:hi@example.com" rel="noopener noreferrer">mail</a>');
    expect(clean).toContain('<img src="https://cdn.example/a.png" alt="A" />');
    expect(clean).toContain('<img src="/images/blog/b.svg" alt="B" />');
  });

  it("turns an h1 into an h2 (the page keeps one h1) and drops images that are not https or on the site", () => {
    expect(sanitizePostHtml("<h1>Big</h1>")).toBe("<h2>Big</h2>");
    expect(sanitizePostHtml('<p>a<img src="http://insecure.example/a.png">b</p>')).toBe("<p>ab</p>");
  });
});

describe("replies (one level, spec section 2)", () => {
  it("allows a reply to an approved top-level comment of the same post", () => {
    expect(() => assertCanReplyTo({ postId: 1, parentId: null, approved: true }, 1)).not.toThrow();
  });

  it("refuses a reply to a reply", () => {
    const error = (() => {
      try {
        assertCanReplyTo({ postId: 1, parentId: 7, approved: true }, 1);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("validation");
    expect(english((error as DomainError).messageKey)).toBe(
      "You can only reply to a top-level comment, not to a reply.",
    );
  });

  it("refuses a missing, unapproved or foreign parent", () => {
    for (const parent of [
      null,
      { postId: 1, parentId: null, approved: false },
      { postId: 2, parentId: null, approved: true },
    ]) {
      expect(() => assertCanReplyTo(parent, 1)).toThrow(DomainError);
    }
  });

  it("groups replies under their comment, oldest first", () => {
    const threads = threadComments([
      { id: 3, parentId: 1, createdAt: "2026-01-03T00:00:00.000Z" },
      { id: 2, parentId: null, createdAt: "2026-01-02T00:00:00.000Z" },
      { id: 1, parentId: null, createdAt: "2026-01-01T00:00:00.000Z" },
      { id: 4, parentId: 1, createdAt: "2026-01-02T12:00:00.000Z" },
      { id: 5, parentId: 99, createdAt: "2026-01-04T00:00:00.000Z" },
    ]);
    expect(threads.map((c) => [c.id, c.replies.map((r) => r.id)])).toEqual([
      [1, [4, 3]],
      [2, []],
    ]);
  });
});

describe("comment validation (spec section 5)", () => {
  const valid = { author: "Ada", email: "ada@example.com", content: "Lovely post" };

  it("accepts a complete comment, with an optional website", () => {
    expect(commentInputSchema.safeParse(valid).success).toBe(true);
    expect(commentInputSchema.safeParse({ ...valid, website: "", parentId: null }).data).toMatchObject({
      website: undefined,
      parentId: null,
    });
    expect(commentInputSchema.safeParse({ ...valid, website: "https://ada.example" }).success).toBe(true);
  });

  it("gives the English messages for each rule", () => {
    expect(messagesOf(commentInputSchema.safeParse({ ...valid, author: " " }))).toEqual({ author: "Name is required" });
    expect(messagesOf(commentInputSchema.safeParse({ ...valid, email: "ada@" }))).toEqual({
      email: "Valid email is required",
    });
    expect(messagesOf(commentInputSchema.safeParse({ ...valid, content: "1234" }))).toEqual({
      content: "Comment must be at least 5 characters",
    });
    expect(messagesOf(commentInputSchema.safeParse({ ...valid, content: "12345" }))).toEqual({});
    expect(messagesOf(commentInputSchema.safeParse({ ...valid, content: "x".repeat(5001) }))).toEqual({
      content: "Comment must be at most 5,000 characters",
    });
    expect(messagesOf(commentInputSchema.safeParse({ ...valid, website: "ftp://files.example" }))).toEqual({
      website: "Website must be a full address starting with http:// or https://",
    });
    expect(messagesOf(newCommentSchema.safeParse(valid))).toEqual({ postId: "Post is required" });
  });

  it("rejects unknown fields such as approved", () => {
    expect(commentInputSchema.safeParse({ ...valid, approved: true }).success).toBe(false);
  });
});

describe("post validation (spec section 5)", () => {
  it("requires a title ('Title is required') and a category", () => {
    expect(messagesOf(postInputSchema.safeParse({ title: "", category: "design" }))).toEqual({
      title: "Title is required",
    });
    expect(messagesOf(postInputSchema.safeParse({ category: "design" }))).toEqual({ title: "Title is required" });
    expect(messagesOf(postInputSchema.safeParse({ title: "Hello" }))).toEqual({ category: "Please select a category" });
  });

  it("defaults to an English draft with empty excerpt and content", () => {
    expect(postInputSchema.parse({ title: "Hello", category: "general" })).toEqual({
      title: "Hello",
      category: "general",
      excerpt: "",
      content: "",
      published: false,
      language: "en",
      tags: [],
      membersOnly: false,
      translationOf: null,
    });
  });

  it("accepts https and site images only", () => {
    expect(isSafeImageUrl("https://cdn.example/a.png")).toBe(true);
    expect(isSafeImageUrl("/images/blog/a.svg")).toBe(true);
    const apiRoutes = [
      "/api/logout",
      "/api/auth/logout",
      "/API/logout",
      "/images/../api/logout",
      "/%61pi/logout",
      "/api/x.png",
      "/api",
    ];
    for (const bad of [
      "http://cdn.example/a.png",
      "//evil.example/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "images/a.png",
      "/images/",
      "/%E0%A4%A",
      ...apiRoutes,
    ]) {
      expect(isSafeImageUrl(bad), bad).toBe(false);
    }
  });

  it("an edit needs at least one field and may clear the image", () => {
    expect(postUpdateSchema.safeParse({}).success).toBe(false);
    expect(postUpdateSchema.parse({ featuredImage: "" })).toEqual({ featuredImage: null });
    expect(postUpdateSchema.parse({ published: true })).toEqual({ published: true });
  });
});

describe("ids from addresses", () => {
  it("accepts positive whole numbers only", () => {
    expect(parseId("42")).toBe(42);
    expect(parseId(7)).toBe(7);
    for (const bad of ["0", "-1", "1.5", "abc", "", "01", "2147483648", null, undefined])
      expect(parseId(bad), String(bad)).toBeNull();
  });
});
