import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPost, PostDetail, PublicComment } from "../../core/blog/schema.ts";
import type { AdminDeal } from "../../core/deals/schema.ts";
import type { AdminTestimonial } from "../../core/testimonials/schema.ts";
import { PageCache } from "../../server/page-cache.server.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { signInAs, FIRST_ROWS } from "../helpers/factories.ts";

const FR_PAGE = { "x-page-language": "fr" };
const DAY = 24 * 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** `count` words of running text in paragraphs. */
const words = (count: number) => `<p>${Array.from({ length: count }, (_, i) => `word${i}`).join(" ")}</p>`;

function post(overrides: Record<string, unknown> = {}) {
  return {
    title: "A post",
    excerpt: "An excerpt.",
    content: words(10),
    category: "design",
    published: true,
    language: "en",
    ...overrides,
  };
}

describe("bilingual content through the HTTP API and the pages", () => {
  let t: TestApp;
  let visitor: TestClient;
  let staff: TestClient;
  let pageCache: PageCache;

  beforeAll(async () => {
    const { ssr } = await countingSsr();
    pageCache = new PageCache();
    t = await createTestApp({}, { ssr, pageCache });
    visitor = t.client();
    staff = await signInAs(t, "staff");
  }, 240_000);
  afterAll(() => t.close());

  const createPost = async (overrides: Record<string, unknown> = {}): Promise<AdminPost> => {
    const response = await staff.request("/api/posts", { method: "POST", json: post(overrides) });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.json();
  };

  describe("a post and its translation", () => {
    let english: AdminPost;
    let french: AdminPost;
    let englishOnly: AdminPost;

    beforeAll(async () => {
      english = await createPost({ title: "Colour systems", content: words(450) });
      french = await createPost({ title: "Palettes de couleurs", language: "fr", translationOf: english.id });
      englishOnly = await createPost({ title: "Only in English" });
    });

    it("links both directions when staff create the translation", async () => {
      expect(french.translationOf).toBe(english.id);
      const all: AdminPost[] = await (await staff.request("/api/admin/posts")).json();
      const byId = new Map(all.map((p) => [p.id, p]));
      expect(byId.get(english.id)?.translationOf).toBe(french.id);
      expect(byId.get(french.id)?.translationOf).toBe(english.id);
      expect(byId.get(englishOnly.id)?.translationOf).toBeNull();

      const detail: PostDetail = await (await visitor.request(`/api/posts/${english.id}`)).json();
      expect(detail.translation).toEqual({ id: french.id, language: "fr", title: "Palettes de couleurs" });
      const other: PostDetail = await (await visitor.request(`/api/posts/${french.id}`)).json();
      expect(other.translation).toMatchObject({ id: english.id, language: "en" });
      expect((await (await visitor.request(`/api/posts/${englishOnly.id}`)).json()).translation).toBeNull();
    });

    it("refuses a link to a post in the same language, to a post already linked, or to an unknown post, storing nothing", async () => {
      const before = (await t.services.blog.listStaffPage(FIRST_ROWS)).items.length;
      const refuse = async (json: Record<string, unknown>, headers: Record<string, string> = {}) => {
        const response = await staff.request("/api/posts", { method: "POST", json: post(json), headers });
        expect(response.status).toBe(400);
        return (await response.json()) as { message: string; fields: Record<string, string> };
      };
      expect(await refuse({ translationOf: englishOnly.id })).toMatchObject({
        message: "A translation must be written in the other language",
        fields: { translationOf: "A translation must be written in the other language" },
      });
      expect((await refuse({ language: "fr", translationOf: english.id })).message).toBe(
        "That post is already linked to another translation",
      );
      expect((await refuse({ language: "fr", translationOf: 999_999 }, FR_PAGE)).message).toBe(
        "L'article à lier comme traduction est introuvable",
      );
      expect((await t.services.blog.listStaffPage(FIRST_ROWS)).items.length).toBe(before);
    });

    it("staff can link, unlink and relink existing posts in the post form's API", async () => {
      const a = await createPost({ title: "Link me" });
      const b = await createPost({ title: "Liez-moi", language: "fr" });
      const linked = await staff.request(`/api/posts/${b.id}`, { method: "PUT", json: { translationOf: a.id } });
      expect(await linked.json()).toMatchObject({ id: b.id, translationOf: a.id });
      expect((await t.services.blog.getPublishedPost(a.id, { signedIn: false })).translation?.id).toBe(b.id);
      // Changing the language of one of a pair would put both in one language: refused.
      const sameLanguage = await staff.request(`/api/posts/${b.id}`, { method: "PUT", json: { language: "en" } });
      expect(sameLanguage.status).toBe(400);
      const unlinked = await staff.request(`/api/posts/${a.id}`, { method: "PUT", json: { translationOf: null } });
      expect(await unlinked.json()).toMatchObject({ translationOf: null });
      expect((await t.services.blog.getPublishedPost(b.id, { signedIn: false })).translation).toBeNull();
      // A deleted translation leaves its partner a post in one language.
      await staff.request(`/api/posts/${b.id}`, { method: "PUT", json: { translationOf: a.id } });
      expect((await staff.request(`/api/posts/${b.id}`, { method: "DELETE" })).status).toBe(204);
      expect((await t.services.blog.getPublishedPost(a.id, { signedIn: false })).translation).toBeNull();
    });

    it("/fr/posts/:id of an English post with a French version redirects to the French one, and the other way round", async () => {
      const toFrench = await visitor.request(`/fr/posts/${english.id}`);
      expect(toFrench.status).toBe(302);
      expect(toFrench.headers.get("location")).toBe(`/fr/posts/${french.id}`);
      const toEnglish = await visitor.request(`/en/posts/${french.id}`);
      expect(toEnglish.status).toBe(302);
      expect(toEnglish.headers.get("location")).toBe(`/en/posts/${english.id}`);
      // The plain address follows the visitor's language and stays plain.
      const plain = await visitor.request(`/posts/${english.id}`, { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
      expect(plain.status).toBe(302);
      expect(plain.headers.get("location")).toBe(`/posts/${french.id}`);
      expect((await visitor.request(`/en/posts/${english.id}`)).status).toBe(200);
    });

    it("points the hreflang alternates of a post to its translation's address", async () => {
      const html = await (await visitor.request(`/en/posts/${english.id}`)).text();
      const document = new JSDOM(html).window.document;
      const alternate = (lang: string) =>
        document.querySelector(`link[rel="alternate"][hreflang="${lang}"]`)?.getAttribute("href");
      expect(alternate("en")).toMatch(new RegExp(`/en/posts/${english.id}$`));
      expect(alternate("fr")).toMatch(new RegExp(`/fr/posts/${french.id}$`));
      const frenchPage = new JSDOM(await (await visitor.request(`/fr/posts/${french.id}`)).text()).window.document;
      expect(frenchPage.querySelector('link[rel="alternate"][hreflang="en"]')?.getAttribute("href")).toMatch(
        new RegExp(`/en/posts/${english.id}$`),
      );
    });

    it("shows a post without a translation in the other language with a note saying so", async () => {
      const response = await visitor.request(`/fr/posts/${englishOnly.id}`);
      expect(response.status).toBe(200);
      const document = new JSDOM(await response.text()).window.document;
      expect(document.querySelector('[data-testid="only-in-language"]')?.textContent).toContain(
        "Cet article n'existe qu'en anglais.",
      );
      expect(document.querySelector("article")?.getAttribute("lang")).toBe("en");
      expect(document.querySelector("h1")?.textContent).toBe("Only in English");
      const en = new JSDOM(await (await visitor.request(`/en/posts/${englishOnly.id}`)).text()).window.document;
      expect(en.querySelector('[data-testid="only-in-language"]')).toBeNull();
    });

    it("computes the reading time from the post's length", async () => {
      const list = await (await visitor.request("/api/posts?language=en")).json();
      const minutes = new Map(list.map((p: { id: number; readingMinutes: number }) => [p.id, p.readingMinutes]));
      expect(minutes.get(english.id)).toBe(2);
      expect(minutes.get(englishOnly.id)).toBe(1);
      const html = await (await visitor.request(`/fr/posts/${french.id}`)).text();
      expect(html).toContain("1 min de lecture");
      const edited = await staff.request(`/api/posts/${englishOnly.id}`, {
        method: "PUT",
        json: { content: words(1_000) },
      });
      expect(await edited.json()).toMatchObject({ readingMinutes: 5 });
      expect(await (await visitor.request(`/en/posts/${englishOnly.id}`)).text()).toContain("5 min read");
    });
  });

  describe("what people wrote keeps its language", () => {
    it("stores a comment's language from the page it was sent from, and shows it on a page in the other language", async () => {
      const target = await createPost({ title: "Commented" });
      const sent = await visitor.request(`/api/posts/${target.id}/comments`, {
        method: "POST",
        json: { author: "Léa", email: "lea@example.com", content: "Très bel article, merci !" },
        headers: FR_PAGE,
      });
      expect(sent.status).toBe(201);
      const comment: PublicComment = await sent.json();
      expect(comment.language).toBe("fr");
      const english = await visitor.request(`/api/posts/${target.id}/comments`, {
        method: "POST",
        json: { author: "Ada", email: "ada@example.com", content: "A lovely read." },
      });
      expect((await english.json()).language).toBe("en");
      await t.services.blog.approveComment(comment.id);

      const listed: PublicComment[] = await (await visitor.request(`/api/posts/${target.id}/comments`)).json();
      expect(listed).toEqual([expect.objectContaining({ id: comment.id, language: "fr" })]);
      const document = new JSDOM(await (await visitor.request(`/en/posts/${target.id}`)).text()).window.document;
      expect(document.querySelector('[data-testid="written-in"]')?.textContent).toBe("Français");
      expect(document.querySelector('[data-testid="written-in"]')?.getAttribute("lang")).toBe("fr");
      expect(
        [...document.querySelectorAll("p[lang='fr']")].some((p) => p.textContent === "Très bel article, merci !"),
      ).toBe(true);
      const french = new JSDOM(await (await visitor.request(`/fr/posts/${target.id}`)).text()).window.document;
      expect(french.querySelector('[data-testid="written-in"]')).toBeNull();
    });

    it("stores a review's language from the page it was sent from", async () => {
      const response = await visitor.request("/api/testimonials/submit", {
        method: "POST",
        json: { name: "Julie", content: "Une équipe formidable et très réactive.", rating: 5 },
        headers: FR_PAGE,
      });
      expect(response.status).toBe(201);
      const { testimonials }: { testimonials: AdminTestimonial[] } = await (
        await staff.request("/api/admin/testimonials")
      ).json();
      const stored = testimonials.find((x) => x.customerName === "Julie");
      expect(stored?.language).toBe("fr");
      await staff.request(`/api/testimonials/${stored?.id}`, { method: "PUT", json: { approved: true } });
      const document = new JSDOM(await (await visitor.request("/en/testimonials")).text()).window.document;
      const quote = [...document.querySelectorAll("blockquote")].find(
        (q) => q.textContent === "Une équipe formidable et très réactive.",
      );
      expect(quote?.getAttribute("lang")).toBe("fr");
      expect(quote?.closest("figure")?.querySelector('[data-testid="written-in"]')?.textContent).toBe("Français");
    });
  });

  describe("legal pages", () => {
    it("show the date each document last changed, in the page's language", async () => {
      const date = async (path: string) => {
        const document = new JSDOM(await (await visitor.request(path)).text()).window.document;
        const line = document.querySelector('[data-testid="last-updated"]');
        return {
          text: line?.textContent?.replace(/\s+/g, " "),
          datetime: line?.querySelector("time")?.getAttribute("datetime"),
        };
      };
      expect(await date("/en/privacy")).toEqual({ text: "Last updated: November 20, 2026", datetime: "2026-11-20" });
      expect(await date("/fr/privacy")).toEqual({
        text: "Dernière mise à jour : 20 novembre 2026",
        datetime: "2026-11-20",
      });
      expect(await date("/en/terms")).toEqual({ text: "Last updated: November 20, 2026", datetime: "2026-11-20" });
      expect(await date("/fr/terms")).toEqual({
        text: "Dernière mise à jour : 20 novembre 2026",
        datetime: "2026-11-20",
      });
    });
  });

  describe("caches", () => {
    it("an edit of a deal shows at once in both languages, through the page cache", async () => {
      const deal: AdminDeal = await t.services.deals.create({
        titleEn: "Cached deal",
        titleFr: "Offre en cache",
        descriptionEn: "A deal to check the page cache with.",
        descriptionFr: "Une offre pour vérifier le cache des pages.",
        serviceNameEn: "Website",
        serviceNameFr: "Site web",
        originalPrice: 10_000,
        discountedPrice: 5_000,
        discountPercentage: 50,
        validFrom: iso(-DAY),
        validUntil: iso(10 * DAY),
        claimLimit: 10,
      });
      const page = async (path: string) => (await visitor.request(path)).text();
      expect(await page("/en/hot-deals")).toContain("Cached deal");
      expect(await page("/fr/hot-deals")).toContain("Offre en cache");
      expect(pageCache.size).toBeGreaterThanOrEqual(2);

      const edited = await staff.request(`/api/admin/hot-deals/${deal.id}`, {
        method: "PUT",
        json: { titleEn: "Edited deal", titleFr: "Offre modifiée" },
      });
      expect(edited.status).toBe(200);
      expect(await page("/en/hot-deals")).toContain("Edited deal");
      expect(await page("/fr/hot-deals")).toContain("Offre modifiée");

      // A claim counted on the shared record moves both languages' progress.
      await t.services.deals.recordClaim(deal.id, 3);
      for (const path of ["/en/hot-deals", "/fr/hot-deals"]) {
        const document = new JSDOM(await page(path)).window.document;
        const card = [...document.querySelectorAll('[data-testid="deal-card"]')].find((c) =>
          /Edited deal|Offre modifiée/.test(c.textContent ?? ""),
        );
        expect(card?.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow"), path).toBe("30");
      }
    });

    it("an edit of a post shows at once in both languages' lists", async () => {
      const created = await createPost({ title: "Before the edit" });
      const list = async (language: string) =>
        (await (await visitor.request(`/api/posts?language=${language}`)).json()) as Array<{
          id: number;
          title: string;
        }>;
      expect((await list("en")).find((p) => p.id === created.id)?.title).toBe("Before the edit");
      await staff.request(`/api/posts/${created.id}`, {
        method: "PUT",
        json: { language: "fr", title: "Après la modification" },
      });
      expect((await list("en")).some((p) => p.id === created.id)).toBe(false);
      expect((await list("fr")).find((p) => p.id === created.id)?.title).toBe("Après la modification");
    });
  });
});
