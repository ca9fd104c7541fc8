import { sql } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNT_CAP } from "../../core/paging/rules.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

/** More matches than the cap: each search below counts up to COUNT_CAP and says "more than". */
const MANY = 1030;

function page(html: string) {
  const document = new JSDOM(html).window.document;
  const main = document.querySelector("main");
  return {
    title: document.title,
    text: main?.textContent?.replace(/[ \t\n]+/g, " ") ?? "",
    cards: main?.querySelectorAll("section ul > li").length ?? 0,
    anchor: (rel: string) => main?.querySelector(`a[rel="${rel}"]`)?.getAttribute("href") ?? null,
    headLink: (rel: string) => document.head.querySelector(`link[rel="${rel}"]`)?.getAttribute("href") ?? null,
  };
}

describe("searched public lists count up to the cap (docs/decisions/0036-lists-a-page-at-a-time.md)", () => {
  let t: TestApp;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp({}, { ssr: (await countingSsr()).ssr });
    visitor = t.client();
    const db = t.services.database.db;
    // Seeded by SQL, as a bulk import would: many matches of one word in each list, a few of a rarer one.
    await db.execute(sql`
      insert into posts (title, excerpt, category, language, published, created_at)
      select 'Harvest notes ' || n || case when n % 500 = 0 then ' orchard' else '' end, 'Seasonal notes', 'design',
        'en', true, now() - n * interval '1 minute'
      from generate_series(1, ${MANY}) as n`);
    await db.execute(sql`
      insert into posts (title, excerpt, category, language, published, created_at)
      select 'Récolte ' || n, 'Notes de saison', 'design', 'fr', true, now() - n * interval '1 minute'
      from generate_series(1, ${MANY}) as n`);
    await db.execute(sql`
      insert into tutorials (title_en, title_fr, category_en, category_fr, published, created_at)
      select 'Harvest tutorial ' || n || case when n % 500 = 0 then ' orchard' else '' end, 'Tutoriel récolte ' || n,
        'Design', 'Conception', true, now() - n * interval '1 minute'
      from generate_series(1, ${MANY}) as n`);
    await db.execute(sql`
      insert into classes (title_en, title_fr, description_en, description_fr, instructor_name, category_en,
        category_fr, duration_en, duration_fr, price, active)
      select 'Harvest class ' || n || case when n % 500 = 0 then ' orchard' else '' end, 'Cours récolte ' || n,
        'A class', 'Un cours', 'Ada Lovelace', 'Design', 'Conception', '6 weeks', '6 semaines', 1000, true
      from generate_series(1, ${MANY}) as n`);
  }, 240_000);
  afterAll(() => t.close());

  async function api(path: string) {
    const response = await visitor.request(path);
    expect(response.status).toBe(200);
    const body = (await response.json()) as unknown[] | { data: unknown[] };
    return {
      items: Array.isArray(body) ? body : body.data,
      total: response.headers.get("x-total-count"),
      exact: response.headers.get("x-total-count-exact"),
      link: response.headers.get("link") ?? "",
    };
  }

  for (const [list, path, query] of [
    ["posts", "/api/posts", "language=en&q=harvest"],
    ["tutorials", "/api/tutorials", "language=en&q=harvest"],
    ["classes", "/api/classes", "language=en&q=harvest"],
  ] as const) {
    describe(`GET ${path} with a search`, () => {
      it(`counts the ${list} it matches up to the cap: a lower bound, no last link, the next page offered`, async () => {
        const first = await api(`${path}?${query}`);
        expect(first.items).toHaveLength(12);
        expect(first.total).toBe(String(COUNT_CAP));
        expect(first.exact).toBe("false");
        expect(first.link).not.toContain('rel="last"');
        expect(first.link).toContain(`<${path}?${query}&page=2>; rel="next"`);
        // The last page within the cap still offers the next one: the count knows there are more.
        const atCap = await api(`${path}?${query}&limit=100&page=10`);
        expect(atCap.items).toHaveLength(100);
        expect(atCap.exact).toBe("false");
        expect(atCap.link).toContain(`<${path}?${query}&limit=100&page=11>; rel="next"`);
        expect(atCap.link).not.toContain('rel="last"');
      });

      it("counts exactly past the cap when the page asked for lies there, and knows the last page", async () => {
        const deep = await api(`${path}?${query}&limit=100&page=11`);
        expect(deep.items).toHaveLength(MANY - 1000);
        expect(deep.total).toBe(String(MANY));
        expect(deep.exact).toBe("true");
        expect(deep.link).toContain(`<${path}?${query}&limit=100&page=11>; rel="last"`);
        expect(deep.link).not.toContain('rel="next"');
        const past = await api(`${path}?${query}&limit=100&page=12`);
        expect(past.items).toEqual([]);
      });

      it("counts a small search exactly, with its last page", async () => {
        const few = await api(`${path}?language=en&q=orchard`);
        expect(few.items).toHaveLength(2);
        expect(few.total).toBe("2");
        expect(few.exact).toBe("true");
        expect(few.link).toContain('rel="last"');
      });
    });
  }

  it("counts an unsearched list exactly, as before", async () => {
    const all = await api("/api/posts?language=en");
    expect(all.total).toBe(String(MANY));
    expect(all.exact).toBe("true");
    expect(all.link).toContain('rel="last"');
  });

  it("documents the lower bound in the OpenAPI document with the staff lists' headers", async () => {
    const document = (await (await visitor.request("/api/openapi.json")).json()) as {
      paths: Record<string, { get: { description?: string; responses: Record<string, { headers?: object }> } }>;
    };
    // The document's paths are under its server, /api.
    for (const path of ["/posts", "/tutorials", "/classes"]) {
      const operation = document.paths[path].get;
      expect(Object.keys(operation.responses[200].headers ?? {})).toEqual([
        "Link",
        "X-Total-Count",
        "X-Total-Count-Exact",
      ]);
      expect(operation.description).toContain("X-Total-Count-Exact is false");
    }
  });

  describe("the pages say what they know", () => {
    it("/posts with a search: more than 1,000 posts, page 1 with no last page, the next page linked", async () => {
      const html = page(await (await visitor.request("/en/posts?q=harvest")).text());
      expect(html.text).toContain("More than 1,000 posts");
      expect(html.text).toContain("Page 1");
      expect(html.text).not.toMatch(/Page 1 of/);
      expect(html.anchor("next")).toBe("/en/posts?q=harvest&page=2");
      expect(html.headLink("next")).toBe("/en/posts?q=harvest&page=2");
      expect(html.text).toContain("Load more posts");
    });

    it("/fr/posts with a search writes the number as French does, and a later page names no last page", async () => {
      const response = await visitor.request("/fr/posts?q=recolte&page=3");
      expect(response.status).toBe(200);
      const html = page(await response.text());
      expect(html.text).toContain("Plus de 1\u202f000 articles");
      expect(html.text).toContain("Page 3");
      expect(html.text).not.toMatch(/Page 3 sur/);
      expect(html.title).toMatch(/^Blog \(Page 3\) \| /);
      expect(html.anchor("prev")).toBe("/fr/posts?q=recolte&page=2");
      expect(html.anchor("next")).toBe("/fr/posts?q=recolte&page=4");
    });

    it("/posts with a small search keeps its exact count and its page of pages", async () => {
      const html = page(await (await visitor.request("/en/posts?q=orchard")).text());
      expect(html.text).toContain("2 posts");
      expect(html.text).not.toContain("More than");
    });

    it("/tutorials and /classes with a search say the same in both languages", async () => {
      const tutorials = page(await (await visitor.request("/en/tutorials?q=harvest&page=2")).text());
      expect(tutorials.text).toContain("More than 1,000 tutorials");
      expect(tutorials.text).toContain("Page 2");
      expect(tutorials.text).not.toMatch(/Page 2 of/);
      expect(tutorials.title).toMatch(/\(Page 2\) \| /);
      const tutoriels = page(await (await visitor.request("/fr/tutorials?q=recolte")).text());
      expect(tutoriels.text).toContain("Plus de 1\u202f000 tutoriels");
      const classes = page(await (await visitor.request("/en/classes?q=harvest")).text());
      expect(classes.text).toContain("More than 1,000 classes");
      expect(classes.anchor("next")).toBe("/en/classes?q=harvest&page=2");
      const cours = page(await (await visitor.request("/fr/classes?q=recolte&page=2")).text());
      expect(cours.text).toContain("Plus de 1\u202f000 cours");
      expect(cours.text).not.toMatch(/Page 2 sur/);
    });
  });
});
