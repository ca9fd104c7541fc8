import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

describe("the migration that lists the tutorials a page at a time", () => {
  let db: MigrationDb;
  beforeAll(async () => {
    db = await openMigrationDb("atelier_tutorials_list_migration");
    const before = migrationsBefore((tag) => tag.endsWith("_tutorials_a_page_at_a_time"));
    try {
      await db.migrate(before.folder);
    } finally {
      before.remove();
    }
    await db.query(
      `insert into tutorials (title_en, title_fr, category_en, category_fr, published) values
        ('Colour Grading', 'Étalonnage des couleurs', 'Vidéo', 'Vidéo', true),
        ('Plain Title', 'Titre simple', 'Design', 'Conception', false)`,
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

  it("folds the title and category of each language of the tutorials already there for search", async () => {
    const rows = await db.query<{ search_en: string; search_fr: string }>(
      "select search_en, search_fr from tutorials order by id",
    );
    expect(rows).toEqual([
      { search_en: "colour grading\nvideo", search_fr: "etalonnage des couleurs\nvideo" },
      { search_en: "plain title\ndesign", search_fr: "titre simple\nconception" },
    ]);
  });

  it("keeps the folded texts in step when a tutorial changes", async () => {
    await db.query("update tutorials set title_fr = 'Éléphant Ça' where title_en = 'Plain Title'");
    const [row] = await db.query<{ search_fr: string }>(
      "select search_fr from tutorials where title_en = 'Plain Title'",
    );
    expect(row.search_fr).toBe("elephant ca\nconception");
  });

  it("creates the list's and the searches' indexes, in place of the old one", async () => {
    const indexes = await db.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = 'public' and tablename = 'tutorials' order by indexname",
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      "tutorials_pkey",
      "tutorials_published_difficulty_idx",
      "tutorials_published_list_idx",
      "tutorials_search_en_trgm_idx",
      "tutorials_search_fr_trgm_idx",
    ]);
  });
});
