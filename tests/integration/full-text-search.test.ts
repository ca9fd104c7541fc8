import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PostSummary } from "../../core/blog/schema.ts";
import type { TutorialSummary } from "../../core/tutorials/schema.ts";
import { createPost } from "../helpers/factories.ts";
import { countingSsr } from "../helpers/ssr.ts";
import { createTestApp, type TestApp, type TestClient } from "../helpers/test-app.ts";

// Full-text search of the public lists in the item's language (docs/decisions/0036-lists-a-page-at-a-time.md,
// "Full-text search"): stemming, accents, a prefix for the last word, each language apart, and input that
// the tsquery syntax would choke on. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
describe("full-text search of posts and tutorials", () => {
  let t: TestApp;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp({}, { ssr: (await countingSsr()).ssr });
    visitor = t.client();
    for (const [title, excerpt, language] of [
      ["Designing logos that last", "A mark for a small studio", "en"],
      ["Branding a coffee shop", "Colours and type for the counter", "en"],
      ["Notes from the Café", "Where the team meets on Fridays", "en"],
      ["Nos créations de l'année", "Une sélection de logos et d'affiches", "fr"],
      ["Le café du coin", "Une identité pour un commerce de quartier", "fr"],
      ["Studio weekly", "Running the studio, week after week", "en"],
    ] as const)
      await createPost(t, { title, excerpt, language, category: "design", published: true });
    for (const [titleEn, titleFr, categoryEn, categoryFr] of [
      ["Colour grading a film", "Étalonner un film", "Video", "Vidéo"],
      ["Typography basics", "Les bases de la typographie", "Design", "Conception"],
    ])
      await t.services.tutorials.create({
        titleEn,
        titleFr,
        summaryEn: "Summary",
        summaryFr: "Résumé",
        categoryEn,
        categoryFr,
        published: true,
      });
  }, 240_000);
  afterAll(() => t.close());

  async function posts(query: string) {
    const response = await visitor.request(`/api/posts${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as PostSummary[]).map((post) => post.title);
  }
  async function tutorials(query: string) {
    const response = await visitor.request(`/api/tutorials${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as TutorialSummary[]).map((tutorial) => tutorial.title);
  }
  const q = (text: string) => encodeURIComponent(text);

  it("finds the other forms of a word through its stem, in the post's language", async () => {
    expect(await posts(`?language=en&q=logo`)).toEqual(["Designing logos that last"]);
    expect(await posts(`?language=en&q=${q("design logos")}`)).toEqual(["Designing logos that last"]);
    expect(await posts(`?language=fr&q=${q("créations")}`)).toEqual(["Nos créations de l'année"]);
    expect(await posts(`?language=fr&q=${q("Création")}`)).toEqual(["Nos créations de l'année"]);
    // Every word is required.
    expect(await posts(`?language=en&q=${q("logos coffee")}`)).toEqual([]);
  });

  it("ignores accents and case both ways", async () => {
    expect(await posts(`?language=en&q=cafe`)).toEqual(["Notes from the Café"]);
    expect(await posts(`?language=fr&q=CAFE`)).toEqual(["Le café du coin"]);
    expect(await posts(`?language=fr&q=${q("identite")}`)).toEqual(["Le café du coin"]);
    expect(await tutorials(`?language=fr&q=${q("etalonner")}`)).toEqual(["Étalonner un film"]);
    expect(await tutorials(`?language=fr&q=${q("vidéo")}`)).toEqual(["Étalonner un film"]);
  });

  it("matches the last word as a prefix, for a visitor still typing it", async () => {
    expect(await posts(`?language=en&q=brand`)).toEqual(["Branding a coffee shop"]);
    expect(await posts(`?language=en&q=${q("coffee sh")}`)).toEqual(["Branding a coffee shop"]);
    expect(await posts(`?language=fr&q=${q("typo")}`)).toEqual([]);
    expect(await tutorials(`?language=fr&q=${q("typo")}`)).toEqual(["Les bases de la typographie"]);
    // Only the last: "bran coffee" needs the whole word "bran".
    expect(await posts(`?language=en&q=${q("bran coffee")}`)).toEqual([]);
  });

  it("keeps each language apart: a French word does not find English posts in the English list", async () => {
    expect(await posts(`?language=en&q=${q("créations")}`)).toEqual([]);
    expect(await posts(`?language=en&q=${q("identité")}`)).toEqual([]);
    expect(await tutorials(`?language=en&q=${q("étalonner")}`)).toEqual([]);
    expect(await tutorials(`?language=en&q=conception`)).toEqual([]);
    // Without a language, each post is searched in its own.
    expect(await posts(`?q=cafe`)).toEqual(["Le café du coin", "Notes from the Café"]);
  });

  it("answers hostile or empty input with a list, never an error", async () => {
    for (const text of ["'&|!():*", "!", "a & | b", "(((", "'", '"', "\\", ":*", "logo:*", "<->", "-", "a'b"]) {
      const response = await visitor.request(`/api/posts?language=en&q=${q(text)}`);
      expect(response.status, text).toBe(200);
      expect(Array.isArray(await response.json()), text).toBe(true);
    }
    expect(await posts(`?language=en&q=${q("'&|!():*")}`)).toEqual([]);
    expect(await posts(`?language=en&q=${q("logo:*")}`)).toEqual(["Designing logos that last"]);
    // Stop words only: nothing to look for, so nothing found.
    expect(await posts(`?language=en&q=the`)).toEqual([]);
    expect(await posts(`?language=en&q=${q("   ")}`)).toHaveLength(4);
    // Beyond the search's bound, the API says so (a 400 naming the field); up to it, any length is searched.
    const long = await visitor.request(`/api/posts?language=en&q=${q("logo ".repeat(2000))}`);
    expect(long.status).toBe(400);
    expect(Object.keys((await long.json()).fields)).toEqual(["q"]);
    expect(await posts(`?language=en&q=${q("logos ".repeat(16))}`)).toEqual(["Designing logos that last"]);
    expect(await tutorials(`?language=fr&q=${"é".repeat(100)}`)).toEqual([]);
    expect(await tutorials(`?language=fr&q=${q("é".repeat(40) + " ".repeat(20) + "'".repeat(40))}`)).toEqual([]);
  });

  it("serves hostile input on the pages too", async () => {
    for (const path of ["/en/posts", "/fr/posts", "/en/tutorials", "/fr/tutorials"]) {
      const response = await visitor.request(`${path}?q=${q("'&|!():* \\ <->")}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('value="&#x27;&amp;|!():* \\ &lt;-&gt;"');
    }
  });
});
