import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminTutorial, TutorialSummary } from "../../core/tutorials/schema.ts";
import { PageCache } from "../../server/page-cache.server.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";
import { FIRST_ROWS } from "../helpers/factories.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);
const DIFFICULTY = ["beginner", "intermediate", "advanced"] as const;

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

describe("the tutorials a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md)", () => {
  let t: TestApp;
  let visitor: TestClient;
  let renders: () => number;
  /** The published tutorials, newest first as the list shows them. */
  const listed: AdminTutorial[] = [];

  beforeAll(async () => {
    const counting = await countingSsr();
    renders = counting.renders;
    t = await createTestApp({}, { ssr: counting.ssr, pageCache: new PageCache() });
    visitor = t.client();
    // 26 published tutorials: three pages of twelve, the last with two. The two newest share their date,
    // and the later id comes first. Every third is members-only: listed like the others.
    for (let i = 1; i <= 26; i++) {
      const createdAt = new Date(start + (i === 26 ? 25 : i) * DAY);
      const number = String(i).padStart(2, "0");
      listed.unshift(
        await t.services.tutorials.create(
          {
            titleEn: i === 7 ? "Shooting a Café Interview" : `Tutorial ${number}`,
            titleFr: i === 7 ? "Filmer une interview au café" : `Tutoriel ${number}`,
            categoryEn: i === 9 ? "Vidéo production" : "Design",
            categoryFr: i === 9 ? "Production vidéo" : "Conception",
            difficulty: DIFFICULTY[i % 3],
            membersOnly: i % 3 === 0,
            published: true,
          },
          { createdAt },
        ),
      );
    }
    await t.services.tutorials.create({
      titleEn: "Tutorial draft",
      titleFr: "Brouillon",
      categoryEn: "Design",
      categoryFr: "Conception",
      published: false,
    });
    await t.services.tutorials.create({
      titleEn: "100% Natural Light",
      titleFr: "Lumière 100% naturelle",
      categoryEn: "Photo",
      categoryFr: "Photo",
      published: true,
    });
    // The last one is the newest of all: first in the list.
    listed.unshift((await t.services.tutorials.listStaffPage(FIRST_ROWS)).items[0]);
  }, 240_000);
  afterAll(() => t.close());

  async function api(query: string, headers: Record<string, string> = {}) {
    const response = await visitor.request(`/api/tutorials${query}`, { headers });
    return { response, body: (await response.json()) as TutorialSummary[] };
  }

  describe("GET /api/tutorials", () => {
    it("answers the first twelve tutorials, newest first, members-only ones included, with the total and links", async () => {
      const { response, body } = await api("?language=en");
      expect(response.status).toBe(200);
      expect(body.map((tutorial) => tutorial.id)).toEqual(listed.slice(0, 12).map((tutorial) => tutorial.id));
      expect(body.some((tutorial) => tutorial.membersOnly)).toBe(true);
      expect(response.headers.get("x-total-count")).toBe("27");
      expect(response.headers.get("link")).toBe(
        [
          '</api/tutorials?language=en&page=1>; rel="first"',
          '</api/tutorials?language=en&page=2>; rel="next"',
          '</api/tutorials?language=en&page=3>; rel="last"',
        ].join(", "),
      );
    });

    it("orders tutorials of the same date by id, so that none is on two pages or none, and ends with an empty page", async () => {
      const all = [...(await api("?page=1")).body, ...(await api("?page=2")).body, ...(await api("?page=3")).body];
      expect(all.map((tutorial) => tutorial.id)).toEqual(listed.map((tutorial) => tutorial.id));
      const last = await api("?page=3");
      expect(last.body).toHaveLength(3);
      expect(last.response.headers.get("link")).toContain('</api/tutorials?page=2>; rel="prev"');
      expect(last.response.headers.get("link")).not.toContain('rel="next"');
      const past = await api("?page=9");
      expect(past.response.status).toBe(200);
      expect(past.body).toEqual([]);
      expect(past.response.headers.get("x-total-count")).toBe("27");
    });

    it("takes a limit up to a hundred, kept in the links, and refuses more with a translated 400", async () => {
      const { response, body } = await api("?limit=5&page=2");
      expect(body.map((tutorial) => tutorial.id)).toEqual(listed.slice(5, 10).map((tutorial) => tutorial.id));
      expect(response.headers.get("link")).toContain('</api/tutorials?limit=5&page=6>; rel="last"');
      expect((await api("?limit=100")).body).toHaveLength(27);
      const tooMany = await visitor.request("/api/tutorials?limit=101");
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).fields).toEqual({ limit: "Limit must be a whole number from 1 to 100." });
      const french = await visitor.request("/api/tutorials?page=0", { headers: FR });
      expect(french.status).toBe(400);
      expect((await french.json()).fields).toEqual({ page: "La page doit être un nombre entier de 1 à 100 000." });
    });

    it("searches the title or category of the language read, in the database, ignoring accents and case", async () => {
      const titles = async (query: string) => (await api(query)).body.map((tutorial) => tutorial.title);
      expect(await titles("?q=cafe")).toEqual(["Shooting a Café Interview"]);
      expect(await titles("?q=CAFÉ&language=fr")).toEqual(["Filmer une interview au café"]);
      expect(await titles("?q=video")).toEqual(["Tutorial 09"]);
      expect(await titles("?q=conception&language=fr")).toHaveLength(12);
      expect(await titles("?q=conception")).toEqual([]);
      // Punctuation is no part of a word: "100%" is the word "100", and a search without a word finds nothing.
      expect(await titles("?q=100%25")).toEqual(["100% Natural Light"]);
      expect(await titles("?q=_")).toEqual([]);
      expect(await titles("?q=draft")).toEqual([]);
    });

    it("combines the search, the difficulty and the pages", async () => {
      const advanced = await api("?difficulty=advanced&limit=3&page=2");
      const all = listed.filter((tutorial) => tutorial.difficulty === "advanced");
      expect(advanced.response.headers.get("x-total-count")).toBe(String(all.length));
      expect(advanced.body.map((tutorial) => tutorial.id)).toEqual(all.slice(3, 6).map((tutorial) => tutorial.id));
      expect(advanced.response.headers.get("link")).toContain(
        '</api/tutorials?difficulty=advanced&limit=3&page=1>; rel="prev"',
      );
      const searched = await api("?q=tutorial 1&difficulty=beginner");
      expect(searched.body.map((tutorial) => tutorial.title)).toEqual(["Tutorial 18", "Tutorial 15", "Tutorial 12"]);
      expect((await api("?q=cafe&difficulty=advanced")).body).toEqual([]);
    });
  });

  describe("the /tutorials page", () => {
    it("shows twelve tutorials with links to the next page, in the head and below the list", async () => {
      const response = await visitor.request("/en/tutorials");
      expect(response.status).toBe(200);
      const first = page(await response.text());
      expect(first.cards).toEqual(listed.slice(0, 12).map((tutorial) => tutorial.titleEn));
      expect(first.headLink("next")).toBe("/en/tutorials?page=2");
      expect(first.headLink("prev")).toBeNull();
      expect(first.anchor("next")).toBe("/en/tutorials?page=2");
      expect(first.anchor("prev")).toBeNull();
      expect(first.text).toContain("27 tutorials");
      expect(first.text).toContain("Page 1 of 3");
      expect(first.text).toContain("Load more tutorials");
    });

    it("shows the middle and last pages with their neighbours, and a 404 past the last", async () => {
      const second = page(await (await visitor.request("/en/tutorials?page=2")).text());
      expect(second.cards).toEqual(listed.slice(12, 24).map((tutorial) => tutorial.titleEn));
      expect(second.headLink("prev")).toBe("/en/tutorials");
      expect(second.headLink("next")).toBe("/en/tutorials?page=3");
      const last = page(await (await visitor.request("/en/tutorials?page=3")).text());
      expect(last.cards).toEqual(listed.slice(24).map((tutorial) => tutorial.titleEn));
      expect(last.anchor("prev")).toBe("/en/tutorials?page=2");
      expect(last.anchor("next")).toBeNull();
      expect(last.text).not.toContain("Load more tutorials");
      for (const address of ["/en/tutorials?page=4", "/en/tutorials?page=0", "/fr/tutorials?page=02"])
        expect((await visitor.request(address)).status, address).toBe(404);
    });

    it("pages the French list in French, filters kept in the links", async () => {
      const french = page(await (await visitor.request("/fr/tutorials?page=2")).text());
      expect(french.cards).toEqual(listed.slice(12, 24).map((tutorial) => tutorial.titleFr));
      expect(french.text).toContain("27 tutoriels");
      expect(french.text).toContain("Page 2 sur 3");
      expect(french.anchor("prev")).toBe("/fr/tutorials");
      const searched = page(await (await visitor.request("/fr/tutorials?q=tutoriel&difficulty=beginner")).text());
      expect(searched.cards).toHaveLength(8);
      expect(searched.anchor("next")).toBeNull();
      const paged = page(await (await visitor.request("/en/tutorials?q=tutorial&page=2")).text());
      expect(paged.anchor("prev")).toBe("/en/tutorials?q=tutorial");
      expect(page(await (await visitor.request("/en/tutorials?q=cafe")).text()).cards).toEqual([
        "Shooting a Café Interview",
      ]);
    });

    it("keeps each page in the page cache under its own address", async () => {
      // Addresses no other test asked for: a copy older than its time to live is renewed in the background.
      await visitor.request("/en/tutorials?q=design&page=2");
      const before = renders();
      const again = await visitor.request("/en/tutorials?q=design&page=2");
      expect(renders()).toBe(before);
      const other = await visitor.request("/en/tutorials?q=design");
      expect(renders()).toBe(before + 1);
      expect(page(await again.text()).cards).not.toEqual(page(await other.text()).cards);
    });
  });
});
