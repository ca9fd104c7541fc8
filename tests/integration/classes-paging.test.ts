import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminClass, PublicClass } from "../../core/classes/schema.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createClass, FIRST_ROWS } from "../helpers/factories.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

const FR = { "accept-language": "fr-FR,fr;q=0.9" };
const DAY = 86_400_000;
const start = Date.UTC(2027, 0, 1);
const LEVELS = ["beginner", "intermediate", "advanced"] as const;

function page(html: string) {
  const document = new JSDOM(html).window.document;
  const list = document.querySelector("main section[aria-busy]");
  return {
    cards: [...(list?.querySelectorAll("ul > li h3") ?? [])].map((node) => node.textContent?.trim()),
    featured: [...document.querySelectorAll("[data-testid=featured-classes] li h3")].map((node) =>
      node.textContent?.trim(),
    ),
    headLink: (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute("href") ?? null,
    anchor: (rel: string) => document.querySelector(`main a[rel="${rel}"]`)?.getAttribute("href") ?? null,
    text: document.querySelector("main")?.textContent ?? "",
  };
}

describe("the classes a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md)", () => {
  let t: TestApp;
  let visitor: TestClient;
  /** The active classes in the list's order: featured first, then by start date (undated last), then id. */
  const listed: AdminClass[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { ssr: (await countingSsr()).ssr });
    visitor = t.client();
    // 27 active classes: three pages of twelve, the last with three. Classes 5 and 20 are featured, 25 to 27
    // have no start date, 9 and 10 start on the same day.
    for (let i = 1; i <= 27; i++) {
      await createClass(t, {
        titleEn: i === 7 ? "Logo Design at the Café" : `Class ${String(i).padStart(2, "0")}`,
        titleFr: i === 7 ? "Créations de logos au café" : `Cours ${String(i).padStart(2, "0")}`,
        level: LEVELS[i % 3],
        featured: i === 5 || i === 20,
        startDate: i >= 25 ? null : new Date(start + (i === 10 ? 9 : i) * DAY).toISOString(),
      });
    }
    await createClass(t, { titleEn: "Closed class", titleFr: "Cours fermé", active: false });
    const all = (await t.services.classes.listStaffPage(FIRST_ROWS)).items.filter((item) => item.active);
    const day = (item: AdminClass) => (item.startDate ? Date.parse(item.startDate) : Number.POSITIVE_INFINITY);
    listed.push(...all.sort((a, b) => Number(b.featured) - Number(a.featured) || day(a) - day(b) || a.id - b.id));
  }, 240_000);
  afterAll(() => t.close());

  async function api(query: string, headers: Record<string, string> = {}) {
    const response = await visitor.request(`/api/classes${query}`, { headers });
    return { response, body: (await response.json()) as { data: PublicClass[] } };
  }

  describe("GET /api/classes", () => {
    it("answers the first twelve classes in data, featured first, with the total and links", async () => {
      const { response, body } = await api("?language=en");
      expect(response.status).toBe(200);
      expect(body.data.map((item) => item.id)).toEqual(listed.slice(0, 12).map((item) => item.id));
      expect(body.data.slice(0, 2).every((item) => item.featured)).toBe(true);
      expect(response.headers.get("x-total-count")).toBe("27");
      expect(response.headers.get("link")).toBe(
        [
          '</api/classes?language=en&page=1>; rel="first"',
          '</api/classes?language=en&page=2>; rel="next"',
          '</api/classes?language=en&page=3>; rel="last"',
        ].join(", "),
      );
    });

    it("orders classes of the same date by id, undated last, none on two pages or none, and ends with an empty page", async () => {
      const all = [
        ...(await api("?page=1")).body.data,
        ...(await api("?page=2")).body.data,
        ...(await api("?page=3")).body.data,
      ];
      expect(all.map((item) => item.id)).toEqual(listed.map((item) => item.id));
      expect(all.slice(-3).map((item) => item.startDate)).toEqual([null, null, null]);
      const last = await api("?page=3");
      expect(last.body.data).toHaveLength(3);
      expect(last.response.headers.get("link")).toContain('</api/classes?page=2>; rel="prev"');
      expect(last.response.headers.get("link")).not.toContain('rel="next"');
      const past = await api("?page=9");
      expect(past.response.status).toBe(200);
      expect(past.body).toEqual({ data: [] });
      expect(past.response.headers.get("x-total-count")).toBe("27");
    });

    it("takes a limit up to a hundred, kept in the links, and refuses more with a translated 400", async () => {
      const { response, body } = await api("?limit=5&page=2");
      expect(body.data.map((item) => item.id)).toEqual(listed.slice(5, 10).map((item) => item.id));
      expect(response.headers.get("link")).toContain('</api/classes?limit=5&page=6>; rel="last"');
      expect((await api("?limit=100")).body.data).toHaveLength(27);
      const tooMany = await visitor.request("/api/classes?limit=101");
      expect(tooMany.status).toBe(400);
      expect((await tooMany.json()).fields).toEqual({ limit: "Limit must be a whole number from 1 to 100." });
      const french = await visitor.request("/api/classes?page=0", { headers: FR });
      expect(french.status).toBe(400);
      expect((await french.json()).fields).toEqual({ page: "La page doit être un nombre entier de 1 à 100 000." });
      const level = await visitor.request("/api/classes?level=expert", { headers: FR });
      expect(level.status).toBe(400);
      expect(Object.keys((await level.json()).fields)).toEqual(["level"]);
    });

    it("searches title, category and instructor in the language of the texts, full-text", async () => {
      const titles = async (query: string) => (await api(query)).body.data.map((item) => item.title);
      expect(await titles("?q=logos")).toEqual(["Logo Design at the Café"]);
      expect(await titles("?q=cafe&language=fr")).toEqual(["Créations de logos au café"]);
      expect(await titles("?q=creation&language=fr")).toEqual(["Créations de logos au café"]);
      expect(await titles("?q=creation&language=en")).toEqual([]);
      expect(await titles("?q=jules&limit=100")).toHaveLength(27);
      expect(await titles(`?q=${encodeURIComponent("'&|!():*")}`)).toEqual([]);
    });

    it("combines the search, the level and the pages", async () => {
      const advanced = listed.filter((item) => item.level === "advanced");
      const { response, body } = await api("?level=advanced&limit=3&page=2");
      expect(response.headers.get("x-total-count")).toBe(String(advanced.length));
      expect(body.data.map((item) => item.id)).toEqual(advanced.slice(3, 6).map((item) => item.id));
      expect(response.headers.get("link")).toContain('</api/classes?level=advanced&limit=3&page=1>; rel="prev"');
      const searched = await api("?q=class&level=intermediate&limit=4&page=2");
      const intermediate = listed.filter((item) => item.level === "intermediate" && item.titleEn.startsWith("Class"));
      expect(searched.body.data.map((item) => item.id)).toEqual(intermediate.slice(4, 8).map((item) => item.id));
      expect((await api("?q=logo&level=beginner")).body.data).toEqual([]);
    });
  });

  describe("the /classes page", () => {
    it("shows the featured classes and twelve classes with links to the next page, in the head and below the list", async () => {
      const response = await visitor.request("/en/classes");
      expect(response.status).toBe(200);
      const first = page(await response.text());
      expect(first.featured).toEqual(listed.slice(0, 2).map((item) => item.titleEn));
      expect(first.cards).toEqual(listed.slice(0, 12).map((item) => item.titleEn));
      expect(first.headLink("next")).toBe("/en/classes?page=2");
      expect(first.headLink("prev")).toBeNull();
      expect(first.anchor("next")).toBe("/en/classes?page=2");
      expect(first.text).toContain("27 classes");
      expect(first.text).toContain("Page 1 of 3");
      expect(first.text).toContain("Load more classes");
    });

    it("shows the middle and last pages with their neighbours, and a 404 past the last or for a malformed page", async () => {
      const second = page(await (await visitor.request("/en/classes?page=2")).text());
      expect(second.cards).toEqual(listed.slice(12, 24).map((item) => item.titleEn));
      expect(second.featured).toEqual([]);
      expect(second.headLink("prev")).toBe("/en/classes");
      expect(second.headLink("next")).toBe("/en/classes?page=3");
      const last = page(await (await visitor.request("/classes?page=3")).text());
      expect(last.cards).toEqual(listed.slice(24).map((item) => item.titleEn));
      expect(last.anchor("prev")).toBe("/classes?page=2");
      expect(last.anchor("next")).toBeNull();
      expect(last.text).not.toContain("Load more classes");
      for (const address of ["/en/classes?page=4", "/en/classes?page=0", "/fr/classes?page=02", "/classes?page=x"])
        expect((await visitor.request(address)).status, address).toBe(404);
    });

    it("pages the French list in French, filters kept in the links", async () => {
      const french = page(await (await visitor.request("/fr/classes?page=2")).text());
      expect(french.cards).toEqual(listed.slice(12, 24).map((item) => item.titleFr));
      expect(french.text).toContain("27 cours");
      expect(french.text).toContain("Page 2 sur 3");
      expect(french.anchor("prev")).toBe("/fr/classes");
      const searched = page(await (await visitor.request("/fr/classes?q=cours&level=beginner")).text());
      expect(searched.featured).toEqual([]);
      expect(searched.cards).toHaveLength(9);
      expect(searched.anchor("next")).toBeNull();
      const paged = page(await (await visitor.request("/en/classes?q=class&page=2")).text());
      expect(paged.anchor("prev")).toBe("/en/classes?q=class");
      expect(paged.headLink("prev")).toBe("/en/classes?q=class");
      expect(page(await (await visitor.request("/en/classes?q=cafe")).text()).cards).toEqual([
        "Logo Design at the Café",
      ]);
      const nothing = await visitor.request("/en/classes?q=zzzz");
      expect(nothing.status).toBe(200);
      expect(page(await nothing.text()).text).toContain("No classes found");
    });
  });
});
