import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminMedia, PublicMedia, PublicMediaComment } from "../../core/media/schema.ts";
import { PageCache } from "../../server/page-cache.server.ts";
import { png } from "../helpers/media-files.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };

function page(html: string) {
  const document = new JSDOM(html).window.document;
  return {
    cards: [...document.querySelectorAll('[data-testid="media-gallery"] > li h3')].map((node) =>
      node.textContent?.trim(),
    ),
    title: document.title,
    headLink: (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute("href") ?? null,
    anchor: (rel: string) => document.querySelector(`main a[rel="${rel}"]`)?.getAttribute("href") ?? null,
    text: document.querySelector("main")?.textContent ?? "",
  };
}

describe("the media gallery a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md)", () => {
  let t: TestApp;
  let visitor: TestClient;
  let renders: () => number;
  /** The published items in the gallery's order: featured first, then by sort order. */
  const listed: AdminMedia[] = [];

  beforeAll(async () => {
    const counting = await countingSsr();
    renders = counting.renders;
    t = await createTestApp({}, { ssr: counting.ssr, pageCache: new PageCache() });
    visitor = t.client();
    const bytes = await png();
    const store = async (title: string, category: string, by = { staff: true }) =>
      t.services.media.upload({ title, category }, await t.services.media.stage("shot.png", bytes), by);
    // 26 published items: three pages of twelve, the last with two. Every third is a "branding" item; item 20
    // is featured and comes first whatever its sort order.
    const items: AdminMedia[] = [];
    for (let i = 1; i <= 26; i++) {
      const number = String(i).padStart(2, "0");
      const item = await store(`Shot ${number}`, i % 3 === 0 ? "branding" : "portfolio");
      items.push(await t.services.media.update(item.id, { sortOrder: i, featured: i === 20 }));
    }
    // A visitor's upload waits for approval: never listed.
    await store("Pending shot", "portfolio", { staff: false });
    listed.push(items[19], ...items.filter((_, index) => index !== 19));
  }, 240_000);
  afterAll(() => t.close());

  async function api(query: string, headers: Record<string, string> = {}) {
    const response = await visitor.request(`/api/media${query}`, { headers });
    return { response, body: (await response.json()) as PublicMedia[] };
  }

  describe("GET /api/media", () => {
    it("answers the first twelve items, featured first, with the total and the links", async () => {
      const { response, body } = await api("");
      expect(response.status).toBe(200);
      expect(body.map((item) => item.title)).toEqual(listed.slice(0, 12).map((item) => item.title));
      expect(response.headers.get("x-total-count")).toBe("26");
      expect(response.headers.get("link")).toBe(
        ['</api/media?page=1>; rel="first"', '</api/media?page=2>; rel="next"', '</api/media?page=3>; rel="last"'].join(
          ", ",
        ),
      );
    });

    it("puts every item on one page and ends with an empty one", async () => {
      const all = [...(await api("?page=1")).body, ...(await api("?page=2")).body, ...(await api("?page=3")).body];
      expect(all.map((item) => item.id)).toEqual(listed.map((item) => item.id));
      const past = await api("?page=4");
      expect(past.response.status).toBe(200);
      expect(past.body).toEqual([]);
    });

    it("keeps the category in the database and in the links", async () => {
      const brand = listed.filter((item) => item.category === "branding");
      const { response, body } = await api("?category=branding&limit=3&page=2");
      expect(response.headers.get("x-total-count")).toBe(String(brand.length));
      expect(body.map((item) => item.id)).toEqual(brand.slice(3, 6).map((item) => item.id));
      expect(response.headers.get("link")).toContain('</api/media?category=branding&limit=3&page=1>; rel="prev"');
      expect((await visitor.request("/api/media?category=nope")).status).toBe(400);
    });

    it("takes a limit up to a hundred and refuses more with a translated 400", async () => {
      expect((await api("?limit=100")).body).toHaveLength(26);
      const tooMany = await visitor.request("/api/media?limit=101");
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).fields).toEqual({ limit: "Limit must be a whole number from 1 to 100." });
      const french = await visitor.request("/api/media?page=0", { headers: FR });
      expect(french.status).toBe(400);
      expect((await french.json()).fields).toEqual({ page: "La page doit être un nombre entier de 1 à 100 000." });
    });

    it("counts a newly published item at once", async () => {
      const extra = await t.services.media.upload(
        { title: "Late shot", category: "branding" },
        await t.services.media.stage("late.png", await png()),
        { staff: true },
      );
      expect((await api("")).response.headers.get("x-total-count")).toBe("27");
      await t.services.media.delete(extra.id);
      expect((await api("")).response.headers.get("x-total-count")).toBe("26");
    });
  });

  describe("GET /api/media/{id}/comments", () => {
    it("answers the approved comments twenty at a time, oldest first, with the total and the links", async () => {
      const item = listed[0];
      for (let i = 1; i <= 22; i++) {
        const sent = await t.services.media.submitComment(item.id, { name: `Reader ${i}`, comment: `Comment ${i}` });
        if (i !== 5) await t.services.media.approveComment(sent.id);
      }
      const first = await visitor.request(`/api/media/${item.id}/comments`);
      const firstBody = (await first.json()) as PublicMediaComment[];
      expect(firstBody.map((comment) => comment.content)).toEqual(
        [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21].map((i) => `Comment ${i}`),
      );
      expect(first.headers.get("x-total-count")).toBe("21");
      expect(first.headers.get("link")).toContain(`</api/media/${item.id}/comments?page=2>; rel="next"`);
      const second = await visitor.request(`/api/media/${item.id}/comments?page=2`);
      expect(((await second.json()) as PublicMediaComment[]).map((comment) => comment.content)).toEqual(["Comment 22"]);
      const tooMany = await visitor.request(`/api/media/${item.id}/comments?limit=101`, { headers: FR });
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).fields).toEqual({ limit: "La limite doit être un nombre entier de 1 à 100." });
      expect((await visitor.request("/api/media/999999/comments")).status).toBe(404);
    });
  });

  describe("the /media page", () => {
    it("shows twelve items with links to the next page, in the head and below the gallery", async () => {
      const response = await visitor.request("/en/media");
      expect(response.status).toBe(200);
      const first = page(await response.text());
      expect(first.cards).toEqual(listed.slice(0, 12).map((item) => item.title));
      expect(first.headLink("next")).toBe("/en/media?page=2");
      expect(first.headLink("prev")).toBeNull();
      expect(first.anchor("next")).toBe("/en/media?page=2");
      expect(first.anchor("prev")).toBeNull();
      expect(first.text).toContain("26 items");
      expect(first.text).toContain("Page 1 of 3");
      expect(first.text).toContain("Load more media");
    });

    it("shows the middle and last pages with their neighbours, and a 404 past the last or for a malformed page", async () => {
      const second = page(await (await visitor.request("/en/media?page=2")).text());
      expect(second.cards).toEqual(listed.slice(12, 24).map((item) => item.title));
      expect(second.title).toContain("(Page 2 of 3)");
      expect(second.headLink("prev")).toBe("/en/media");
      expect(second.headLink("next")).toBe("/en/media?page=3");
      const last = page(await (await visitor.request("/en/media?page=3")).text());
      expect(last.cards).toEqual(listed.slice(24).map((item) => item.title));
      expect(last.anchor("prev")).toBe("/en/media?page=2");
      expect(last.anchor("next")).toBeNull();
      expect(last.text).not.toContain("Load more media");
      for (const address of ["/en/media?page=4", "/en/media?page=0", "/fr/media?page=02", "/en/media?page=x"])
        expect((await visitor.request(address)).status, address).toBe(404);
    });

    it("pages the French gallery in French, the category kept in the links", async () => {
      const french = page(await (await visitor.request("/fr/media?page=2")).text());
      expect(french.cards).toEqual(listed.slice(12, 24).map((item) => item.title));
      expect(french.text).toContain("26 médias");
      expect(french.text).toContain("Page 2 sur 3");
      expect(french.anchor("prev")).toBe("/fr/media");
      const brand = listed.filter((item) => item.category === "branding");
      const category = page(await (await visitor.request("/fr/media?category=branding")).text());
      expect(category.cards).toEqual(brand.map((item) => item.title));
      expect(category.anchor("next")).toBeNull();
      const portfolio = page(await (await visitor.request("/en/media?category=portfolio&page=2")).text());
      expect(portfolio.anchor("prev")).toBe("/en/media?category=portfolio");
      expect(portfolio.cards).toHaveLength(18 - 12);
    });

    it("keeps each page in the page cache under its own address", async () => {
      await visitor.request("/en/media?category=portfolio");
      const before = renders();
      const again = await visitor.request("/en/media?category=portfolio");
      expect(renders()).toBe(before);
      const other = await visitor.request("/fr/media?category=portfolio&page=2");
      expect(renders()).toBe(before + 1);
      expect(page(await again.text()).cards).not.toEqual(page(await other.text()).cards);
    });
  });
});
