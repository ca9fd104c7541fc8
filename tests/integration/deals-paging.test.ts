import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicDeal } from "../../core/deals/schema.ts";
import { PageCache } from "../../server/page-cache.server.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function page(html: string) {
  const document = new JSDOM(html).window.document;
  return {
    cards: [...document.querySelectorAll('[data-testid="deal-card"] h2')].map((node) => node.textContent?.trim()),
    title: document.title,
    headLink: (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute("href") ?? null,
    anchor: (rel: string) => document.querySelector(`main a[rel="${rel}"]`)?.getAttribute("href") ?? null,
    text: document.querySelector("main")?.textContent ?? "",
  };
}

describe("the hot deals a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md)", () => {
  let t: TestApp;
  let visitor: TestClient;
  let renders: () => number;
  /** The deals shown now, ending soonest first. */
  const titles: string[] = [];

  beforeAll(async () => {
    const counting = await countingSsr();
    renders = counting.renders;
    t = await createTestApp({}, { ssr: counting.ssr, pageCache: new PageCache() });
    visitor = t.client();
    const create = (title: string, overrides: Record<string, unknown>) =>
      t.services.deals.create({
        titleEn: title,
        titleFr: `${title} (FR)`,
        descriptionEn: "A deal of the paging test, with enough words to pass.",
        descriptionFr: "Une offre du test des pages, avec assez de mots pour passer.",
        serviceNameEn: "Video Marketing",
        serviceNameFr: "Marketing vidéo",
        originalPrice: 30_000,
        discountedPrice: 21_000,
        discountPercentage: 30,
        validFrom: iso(-DAY),
        ...overrides,
      });
    // 14 deals shown now, ending one day apart (two pages: twelve, then two); one ended, one not started
    // and one inactive, never listed.
    for (let i = 1; i <= 14; i++) {
      const title = `Deal ${String(i).padStart(2, "0")}`;
      await create(title, { validUntil: iso(i * DAY) });
      titles.push(title);
    }
    await create("Ended deal", { validFrom: iso(-3 * DAY), validUntil: iso(-DAY) });
    await create("Future deal", { validFrom: iso(DAY), validUntil: iso(3 * DAY) });
    await create("Inactive deal", { validUntil: iso(3 * DAY), active: false });
  }, 240_000);
  afterAll(() => t.close());

  async function api(query: string, headers: Record<string, string> = {}) {
    const response = await visitor.request(`/api/hot-deals${query}`, { headers });
    return { response, body: (await response.json()) as PublicDeal[] };
  }

  describe("GET /api/hot-deals", () => {
    it("answers the first twelve deals shown now, ending soonest first, with the total and the links", async () => {
      const { response, body } = await api("");
      expect(response.status).toBe(200);
      expect(body.map((deal) => deal.title)).toEqual(titles.slice(0, 12));
      expect(response.headers.get("x-total-count")).toBe("14");
      expect(response.headers.get("link")).toBe(
        [
          '</api/hot-deals?page=1>; rel="first"',
          '</api/hot-deals?page=2>; rel="next"',
          '</api/hot-deals?page=2>; rel="last"',
        ].join(", "),
      );
      const second = await api("?language=fr&page=2");
      expect(second.body.map((deal) => deal.title)).toEqual(titles.slice(12).map((title) => `${title} (FR)`));
      expect((await api("?page=3")).body).toEqual([]);
    });

    it("takes a limit up to a hundred and refuses more with a translated 400", async () => {
      const { response, body } = await api("?limit=5&page=3");
      expect(body.map((deal) => deal.title)).toEqual(titles.slice(10, 14));
      expect(response.headers.get("link")).toContain('</api/hot-deals?limit=5&page=2>; rel="prev"');
      expect((await api("?limit=100")).body).toHaveLength(14);
      const tooMany = await visitor.request("/api/hot-deals?limit=101");
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).fields).toEqual({ limit: "Limit must be a whole number from 1 to 100." });
      const french = await visitor.request("/api/hot-deals?page=-1", { headers: FR });
      expect(french.status).toBe(400);
      expect((await french.json()).fields).toEqual({ page: "La page doit être un nombre entier de 1 à 100 000." });
    });
  });

  describe("the /hot-deals page", () => {
    it("shows twelve deals with links to the next page, in the head and below the list", async () => {
      const first = page(await (await visitor.request("/en/hot-deals")).text());
      expect(first.cards).toEqual(titles.slice(0, 12));
      expect(first.headLink("next")).toBe("/en/hot-deals?page=2");
      expect(first.anchor("next")).toBe("/en/hot-deals?page=2");
      expect(first.anchor("prev")).toBeNull();
      expect(first.text).toContain("Page 1 of 2");
      expect(first.text).toContain("Load more deals");
    });

    it("shows the last page in French with its previous link, and a 404 past the last or for a malformed page", async () => {
      const last = page(await (await visitor.request("/fr/hot-deals?page=2")).text());
      expect(last.cards).toEqual(titles.slice(12).map((title) => `${title} (FR)`));
      expect(last.title).toContain("(Page 2 sur 2)");
      expect(last.headLink("prev")).toBe("/fr/hot-deals");
      expect(last.anchor("next")).toBeNull();
      expect(last.text).toContain("Page 2 sur 2");
      for (const address of ["/en/hot-deals?page=3", "/en/hot-deals?page=0", "/fr/hot-deals?page=01"])
        expect((await visitor.request(address)).status, address).toBe(404);
    });

    it("keeps each page in the page cache under its own address", async () => {
      await visitor.request("/en/hot-deals?page=2");
      const before = renders();
      await visitor.request("/en/hot-deals?page=2");
      expect(renders()).toBe(before);
    });
  });
});
