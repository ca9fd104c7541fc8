import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPost, PostSummary } from "../../core/blog/schema.ts";
import { PageCache } from "../../server/page-cache.server.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createPost } from "../helpers/factories.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

function page(html: string) {
  const document = new JSDOM(html).window.document;
  return {
    cards: [...document.querySelectorAll("main section ul > li h2, main section ul > li h3")].map((node) =>
      node.textContent?.trim(),
    ),
    headLink: (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute("href") ?? null,
    anchor: (rel: string) => document.querySelector(`main a[rel="${rel}"]`)?.getAttribute("href") ?? null,
    text: document.querySelector("main")?.textContent ?? "",
  };
}

describe("the blog a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md)", () => {
  let t: TestApp;
  let visitor: TestClient;
  let renders: () => number;
  /** The English posts, newest first as the list shows them. */
  const english: AdminPost[] = [];

  beforeAll(async () => {
    const counting = await countingSsr();
    renders = counting.renders;
    t = await createTestApp({}, { ssr: counting.ssr, pageCache: new PageCache() });
    visitor = t.client();
    // 26 published English posts: three pages of twelve, the last with two. Two of them share their date,
    // and the later id comes first.
    for (let i = 1; i <= 26; i++) {
      const createdAt = new Date(start + (i === 26 ? 25 : i) * DAY);
      english.unshift(
        await createPost(
          t,
          {
            title: `English post ${String(i).padStart(2, "0")}`,
            excerpt: i === 7 ? "Notes from the café on the corner" : "Studio notes",
            category: i % 2 === 0 ? "design" : "technology",
            language: "en",
            published: true,
          },
          { createdAt },
        ),
      );
    }
    await createPost(t, { title: "English draft", language: "en", published: false });
    for (const [title, excerpt] of [
      ["Création de marque", "Une identité qui dure"],
      ["Cafe sans accent", "Le titre n'en porte pas"],
      ["100% naturel", "Un titre avec un signe pour cent"],
    ])
      await createPost(t, { title, excerpt, category: "marketing", language: "fr", published: true });
  }, 240_000);
  afterAll(() => t.close());

  async function api(query: string, headers: Record<string, string> = {}) {
    const response = await visitor.request(`/api/posts${query}`, { headers });
    return { response, body: (await response.json()) as PostSummary[] };
  }

  describe("GET /api/posts", () => {
    it("answers the first twelve posts, newest first, with the total and links to the other pages", async () => {
      const { response, body } = await api("?language=en");
      expect(response.status).toBe(200);
      expect(body.map((post) => post.id)).toEqual(english.slice(0, 12).map((post) => post.id));
      expect(response.headers.get("x-total-count")).toBe("26");
      expect(response.headers.get("link")).toBe(
        [
          '</api/posts?language=en&page=1>; rel="first"',
          '</api/posts?language=en&page=2>; rel="next"',
          '</api/posts?language=en&page=3>; rel="last"',
        ].join(", "),
      );
    });

    it("orders posts of the same date by id, newest first, so that no post is on two pages or none", async () => {
      const all = [
        ...(await api("?language=en&page=1")).body,
        ...(await api("?language=en&page=2")).body,
        ...(await api("?language=en&page=3")).body,
      ];
      expect(all.map((post) => post.id)).toEqual(english.map((post) => post.id));
      const [newest, second] = english;
      expect(newest.createdAt).toBe(second.createdAt);
      expect(newest.id).toBeGreaterThan(second.id);
    });

    it("answers the last page with what is left, and a page past it with an empty list", async () => {
      const last = await api("?language=en&page=3");
      expect(last.body).toHaveLength(2);
      expect(last.response.headers.get("link")).toContain('</api/posts?language=en&page=2>; rel="prev"');
      expect(last.response.headers.get("link")).not.toContain('rel="next"');
      const past = await api("?language=en&page=9");
      expect(past.response.status).toBe(200);
      expect(past.body).toEqual([]);
      expect(past.response.headers.get("x-total-count")).toBe("26");
    });

    it("takes a limit up to a hundred, kept in the links", async () => {
      const { response, body } = await api("?language=en&limit=5&page=2");
      expect(body.map((post) => post.id)).toEqual(english.slice(5, 10).map((post) => post.id));
      expect(response.headers.get("link")).toContain('</api/posts?language=en&limit=5&page=6>; rel="last"');
      expect((await api("?limit=100")).body).toHaveLength(29);
    });

    it("refuses a limit over a hundred or a page that is not a whole number with a translated 400", async () => {
      const tooMany = await visitor.request("/api/posts?limit=101");
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).fields).toEqual({ limit: "Limit must be a whole number from 1 to 100." });
      const french = await visitor.request("/api/posts?page=0", { headers: FR });
      expect(french.status).toBe(400);
      expect((await french.json()).fields).toEqual({ page: "La page doit être un nombre entier de 1 à 100 000." });
      expect((await visitor.request("/api/posts?page=abc")).status).toBe(400);
    });

    it("searches title and excerpt in the database, ignoring accents and case both ways", async () => {
      const titles = async (query: string) => (await api(query)).body.map((post) => post.title);
      expect(await titles("?q=cafe")).toEqual(["Cafe sans accent", "English post 07"]);
      expect(await titles("?q=CAFÉ")).toEqual(["Cafe sans accent", "English post 07"]);
      expect(await titles("?q=creation")).toEqual(["Création de marque"]);
      expect(await titles("?q=identité")).toEqual(["Création de marque"]);
      // Punctuation is no part of a word: "100%" is the word "100", and a search without a word finds nothing.
      expect(await titles("?q=100%25")).toEqual(["100% naturel"]);
      expect(await titles("?q=%25%25")).toEqual([]);
      expect(await titles("?q=_")).toEqual([]);
      expect(await titles("?q=draft")).toEqual([]);
    });

    it("combines the search, the category and the pages", async () => {
      const design = await api("?language=en&category=design&limit=5&page=3");
      expect(design.response.headers.get("x-total-count")).toBe("13");
      expect(design.body.map((post) => post.id)).toEqual(
        english
          .filter((post) => post.category === "design")
          .slice(10, 15)
          .map((post) => post.id),
      );
      expect((await api("?q=cafe&category=design")).body).toEqual([]);
      expect((await api("?q=english post 0&category=technology")).response.headers.get("x-total-count")).toBe("5");
    });

    it("answers a first page kept in memory compressed for the client, and shows a change to the blog at once", async () => {
      for (const coding of ["br", "gzip"]) {
        const kept = await visitor.request("/api/posts?language=en&page=2", { headers: { "accept-encoding": coding } });
        expect(kept.headers.get("content-encoding")).toBe(coding);
        expect(kept.headers.get("x-total-count")).toBe("26");
        expect(kept.headers.get("link")).toContain('</api/posts?language=en&page=3>; rel="next"');
      }
      const newest = await createPost(t, { title: "English post 27", language: "en", published: true });
      const after = await api("?language=en&page=2");
      expect(after.response.headers.get("x-total-count")).toBe("27");
      // The post that closed the first page now opens the second.
      expect(after.body[0].id).toBe(english[11].id);
      expect((await api("?language=en")).body[0].id).toBe(newest.id);
      await t.services.blog.deletePost(newest.id);
      expect((await api("?language=en")).body[0].id).toBe(english[0].id);
    });
  });

  describe("the /posts page", () => {
    it("shows twelve posts with links to the next page, in the head and below the list", async () => {
      const response = await visitor.request("/en/posts");
      expect(response.status).toBe(200);
      const first = page(await response.text());
      expect(first.cards).toEqual(english.slice(0, 12).map((post) => post.title));
      expect(first.headLink("next")).toBe("/en/posts?page=2");
      expect(first.headLink("prev")).toBeNull();
      expect(first.anchor("next")).toBe("/en/posts?page=2");
      expect(first.anchor("prev")).toBeNull();
      expect(first.text).toContain("26 posts");
      expect(first.text).toContain("Page 1 of 3");
      expect(first.text).toContain("Load more posts");
    });

    it("shows the middle and last pages with their neighbours, and a 404 past the last", async () => {
      const second = page(await (await visitor.request("/en/posts?page=2")).text());
      expect(second.cards).toEqual(english.slice(12, 24).map((post) => post.title));
      expect(second.headLink("prev")).toBe("/en/posts");
      expect(second.headLink("next")).toBe("/en/posts?page=3");
      const last = page(await (await visitor.request("/en/posts?page=3")).text());
      expect(last.cards).toEqual(english.slice(24).map((post) => post.title));
      expect(last.anchor("prev")).toBe("/en/posts?page=2");
      expect(last.anchor("next")).toBeNull();
      expect(last.text).not.toContain("Load more posts");
      for (const address of ["/en/posts?page=4", "/en/posts?page=0", "/en/posts?page=02", "/fr/posts?page=2"])
        expect((await visitor.request(address)).status, address).toBe(404);
    });

    it("pages the French list in French", async () => {
      const html = await (await visitor.request("/fr/posts")).text();
      const french = page(html);
      expect(french.cards).toHaveLength(3);
      expect(french.text).toContain("3 articles");
      expect(french.anchor("next")).toBeNull();
    });

    it("keeps the search and the category in the links between pages", async () => {
      const design = page(await (await visitor.request("/en/posts?category=design&page=2")).text());
      expect(design.cards).toEqual(
        english
          .filter((post) => post.category === "design")
          .slice(12)
          .map((post) => post.title),
      );
      expect(design.anchor("prev")).toBe("/en/posts?category=design");
      const searched = page(await (await visitor.request("/en/posts?q=english")).text());
      expect(searched.anchor("next")).toBe("/en/posts?q=english&page=2");
      expect(page(await (await visitor.request("/fr/posts?q=cafe")).text()).cards).toEqual(["Cafe sans accent"]);
    });

    it("keeps each page in the page cache under its own address", async () => {
      await visitor.request("/en/posts?page=2&category=technology");
      const before = renders();
      const again = await visitor.request("/en/posts?page=2&category=technology");
      expect(renders()).toBe(before);
      const other = await visitor.request("/en/posts?page=1&category=technology");
      expect(renders()).toBe(before + 1);
      expect(page(await again.text()).cards).not.toEqual(page(await other.text()).cards);
    });
  });
});
