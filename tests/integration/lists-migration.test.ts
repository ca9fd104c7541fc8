import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

describe("the migration that lists the blog a page at a time", () => {
  let db: MigrationDb;
  beforeAll(async () => {
    db = await openMigrationDb("atelier_lists_migration");
    const before = migrationsBefore((tag) => tag.endsWith("_lists_a_page_at_a_time"));
    try {
      await db.migrate(before.folder);
    } finally {
      before.remove();
    }
    await db.query(
      `insert into posts (title, excerpt, category, language, published) values
        ('Création de marque', 'Une identité au Café', 'marketing', 'fr', true),
        ('Plain title', 'Plain excerpt', 'design', 'en', false)`,
    );
    // Up to the release that still had these folded columns: migration 0024 replaced them by full-text
    // vectors (tests/integration/full-text-search-migration.test.ts).
    const upTo = migrationsBefore((tag) => tag.endsWith("_full_text_search_and_classes"));
    try {
      await db.migrate(upTo.folder);
    } finally {
      upTo.remove();
    }
  });
  afterAll(() => db.close());

  it("folds the title and excerpt of the posts already there for search", async () => {
    const rows = await db.query<{ title: string; search_text: string }>(
      "select title, search_text from posts order by id",
    );
    expect(rows).toEqual([
      { title: "Création de marque", search_text: "creation de marque\nune identite au cafe" },
      { title: "Plain title", search_text: "plain title\nplain excerpt" },
    ]);
  });

  it("keeps the folded text in step when a post changes", async () => {
    await db.query("update posts set title = 'Éléphant Ça' where title = 'Plain title'");
    const [row] = await db.query<{ search_text: string }>("select search_text from posts where title = 'Éléphant Ça'");
    expect(row.search_text).toBe("elephant ca\nplain excerpt");
  });

  it("creates the list's and the search's indexes, in place of the old one", async () => {
    const indexes = await db.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = 'public' and tablename = 'posts' order by indexname",
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      "posts_pkey",
      "posts_published_all_idx",
      "posts_published_category_idx",
      "posts_published_list_idx",
      "posts_search_trgm_idx",
      "posts_translation_group_language_idx",
    ]);
  });

  it("installs unaccent and pg_trgm, and an immutable unaccent a generated column may call", async () => {
    const extensions = await db.query<{ extname: string }>(
      "select extname from pg_extension where extname in ('unaccent', 'pg_trgm') order by extname",
    );
    expect(extensions.map((row) => row.extname)).toEqual(["pg_trgm", "unaccent"]);
    const [fn] = await db.query<{ provolatile: string; folded: string }>(
      "select provolatile, atelier_unaccent('Crème brûlée à Noël') as folded from pg_proc where proname = 'atelier_unaccent'",
    );
    expect(fn).toEqual({ provolatile: "i", folded: "Creme brulee a Noel" });
  });
});
