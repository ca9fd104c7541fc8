import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminTestimonial, PublicTestimonial } from "../../core/testimonials/schema.ts";
import { PageCache } from "../../server/page-cache.server.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

function page(html: string) {
  const document = new JSDOM(html).window.document;
  return {
    cards: [...document.querySelectorAll("main section ul > li")].map(
      (node) => node.textContent?.match(/Client \d\d/)?.[0] ?? null,
    ),
    title: document.title,
    headLink: (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute("href") ?? null,
    anchor: (rel: string) => document.querySelector(`main a[rel="${rel}"]`)?.getAttribute("href") ?? null,
    text: document.querySelector("main")?.textContent ?? "",
  };
}

describe("the testimonials a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md)", () => {
  let t: TestApp;
  let visitor: TestClient;
  let renders: () => number;
  /** The approved testimonials, newest first as the list shows them. */
  const listed: AdminTestimonial[] = [];

  beforeAll(async () => {
    const counting = await countingSsr();
    renders = counting.renders;
    t = await createTestApp({}, { ssr: counting.ssr, pageCache: new PageCache() });
    visitor = t.client();
    // 26 approved testimonials (three pages of twelve, the last with two), rated 5 but every fourth rated
    // 3; the two newest share their date, and the later id comes first. One awaits review: never listed.
    for (let i = 1; i <= 26; i++) {
      const number = String(i).padStart(2, "0");
      listed.unshift(
        await t.services.testimonials.create(
          {
            name: `Client ${number}`,
            content: `Review number ${number} of the paging test.`,
            rating: i % 4 === 0 ? 3 : 5,
          },
          { approved: true, createdAt: new Date(start + (i === 26 ? 25 : i) * DAY) },
        ),
      );
    }
    await t.services.testimonials.submit({
      name: "Client 99",
      content: "A review still waiting for the team.",
      email: "waiting@example.com",
      rating: 1,
    });
  }, 240_000);
  afterAll(() => t.close());

  async function api(query: string, headers: Record<string, string> = {}) {
    const response = await visitor.request(`/api/testimonials${query}`, { headers });
    return { response, body: (await response.json()) as PublicTestimonial[] };
  }

  describe("GET /api/testimonials", () => {
    it("answers the first twelve, newest first, with the total and the links", async () => {
      const { response, body } = await api("");
      expect(response.status).toBe(200);
      expect(body.map((item) => item.id)).toEqual(listed.slice(0, 12).map((item) => item.id));
      expect(response.headers.get("x-total-count")).toBe("26");
      expect(response.headers.get("link")).toBe(
        [
          '</api/testimonials?page=1>; rel="first"',
          '</api/testimonials?page=2>; rel="next"',
          '</api/testimonials?page=3>; rel="last"',
        ].join(", "),
      );
    });

    it("puts every testimonial on one page and ends with an empty one", async () => {
      const all = [...(await api("?page=1")).body, ...(await api("?page=2")).body, ...(await api("?page=3")).body];
      expect(all.map((item) => item.id)).toEqual(listed.map((item) => item.id));
      const past = await api("?page=4");
      expect(past.response.status).toBe(200);
      expect(past.body).toEqual([]);
      expect(past.response.headers.get("link")).toContain('</api/testimonials?page=3>; rel="prev"');
    });

    it("takes a limit up to a hundred, kept in the links, and refuses more with a translated 400", async () => {
      const { response, body } = await api("?limit=5&page=2");
      expect(body.map((item) => item.id)).toEqual(listed.slice(5, 10).map((item) => item.id));
      expect(response.headers.get("link")).toContain('</api/testimonials?limit=5&page=6>; rel="last"');
      expect((await api("?limit=100")).body).toHaveLength(26);
      const tooMany = await visitor.request("/api/testimonials?limit=101");
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).fields).toEqual({ limit: "Limit must be a whole number from 1 to 100." });
      const french = await visitor.request("/api/testimonials?page=abc", { headers: FR });
      expect(french.status).toBe(400);
      expect((await french.json()).fields).toEqual({ page: "La page doit être un nombre entier de 1 à 100 000." });
    });
  });

  describe("the /testimonials page", () => {
    it("shows twelve reviews, the average and count of them all, and links to the next page", async () => {
      const response = await visitor.request("/en/testimonials");
      expect(response.status).toBe(200);
      const first = page(await response.text());
      expect(first.cards).toEqual(listed.slice(0, 12).map((item) => item.customerName));
      expect(first.headLink("next")).toBe("/en/testimonials?page=2");
      expect(first.headLink("prev")).toBeNull();
      expect(first.anchor("next")).toBe("/en/testimonials?page=2");
      // (20 x 5 + 6 x 3) / 26 = 4.54: every approved review, not only the page's.
      expect(first.text).toContain("4.5 out of 5");
      expect(first.text).toContain("from 26 reviews");
      expect(first.text).toContain("Page 1 of 3");
      expect(first.text).toContain("Load more reviews");
    });

    it("shows the middle and last pages with their neighbours, and a 404 past the last or for a malformed page", async () => {
      const second = page(await (await visitor.request("/en/testimonials?page=2")).text());
      expect(second.cards).toEqual(listed.slice(12, 24).map((item) => item.customerName));
      expect(second.title).toContain("(Page 2 of 3)");
      expect(second.headLink("prev")).toBe("/en/testimonials");
      expect(second.headLink("next")).toBe("/en/testimonials?page=3");
      const last = page(await (await visitor.request("/en/testimonials?page=3")).text());
      expect(last.cards).toEqual(listed.slice(24).map((item) => item.customerName));
      expect(last.anchor("next")).toBeNull();
      expect(last.text).not.toContain("Load more reviews");
      for (const address of ["/en/testimonials?page=4", "/en/testimonials?page=0", "/fr/testimonials?page=02"])
        expect((await visitor.request(address)).status, address).toBe(404);
    });

    it("pages the French list in French", async () => {
      const french = page(await (await visitor.request("/fr/testimonials?page=2")).text());
      expect(french.cards).toEqual(listed.slice(12, 24).map((item) => item.customerName));
      expect(french.text).toContain("Page 2 sur 3");
      expect(french.text).toContain("26 avis");
      expect(french.anchor("prev")).toBe("/fr/testimonials");
      expect(french.anchor("next")).toBe("/fr/testimonials?page=3");
      expect(french.text).toContain("Afficher plus d'avis");
    });

    it("keeps each page in the page cache under its own address", async () => {
      await visitor.request("/fr/testimonials?page=3");
      const before = renders();
      const again = await visitor.request("/fr/testimonials?page=3");
      expect(renders()).toBe(before);
      const other = await visitor.request("/fr/testimonials");
      expect(renders()).toBe(before + 1);
      expect(page(await again.text()).cards).not.toEqual(page(await other.text()).cards);
    });
  });
});
