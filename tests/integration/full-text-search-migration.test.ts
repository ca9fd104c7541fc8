import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

describe("the migration to full-text search and the classes' list a page at a time", () => {
  let db: MigrationDb;
  beforeAll(async () => {
    db = await openMigrationDb("atelier_full_text_search_migration");
    const before = migrationsBefore((tag) => tag.endsWith("_full_text_search_and_classes"));
    try {
      await db.migrate(before.folder);
    } finally {
      before.remove();
    }
    await db.query(
      `insert into posts (title, excerpt, language, published) values
        ('Nos créations', 'Une identité au Café', 'fr', true),
        ('Designing logos', 'Notes from the café', 'en', true)`,
    );
    await db.query(
      `insert into tutorials (title_en, title_fr, category_en, category_fr, published) values
        ('Colour Grading', 'Étalonnage des couleurs', 'Video', 'Vidéo', true)`,
    );
    await db.query(
      `insert into classes (title_en, title_fr, description_en, description_fr, instructor_name, category_en, category_fr, duration_en, duration_fr, price)
        values ('Logo Design', 'Création de logos', 'A class', 'Un cours', 'Zoé Martin', 'Branding', 'Identité', '6 weeks', '6 semaines', 1000)`,
    );
    await db.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(() => db.close());

  it("creates English and French configurations that stem and ignore accents", async () => {
    const [row] = await db.query<{ en: string; fr: string }>(
      "select to_tsvector('atelier_en', 'Cafés and logos')::text as en, to_tsvector('atelier_fr', 'Créations du Café')::text as fr",
    );
    expect(row).toEqual({ en: "'cafe':1 'logo':3", fr: "'caf':3 'creation':1" });
  });

  it("builds the search vectors of the rows already there, each post in its own language", async () => {
    const posts = await db.query<{ title: string; found: boolean }>(
      `select title, case when language = 'fr' then search_vector @@ websearch_to_tsquery('atelier_fr', 'creation cafe')
        else search_vector @@ websearch_to_tsquery('atelier_en', 'design logo cafe') end as found from posts order by id`,
    );
    expect(posts).toEqual([
      { title: "Nos créations", found: true },
      { title: "Designing logos", found: true },
    ]);
    const [tutorial] = await db.query<{ en: boolean; fr: boolean }>(
      `select search_en @@ websearch_to_tsquery('atelier_en', 'grade video') as en,
        search_fr @@ websearch_to_tsquery('atelier_fr', 'etalonnage video') as fr from tutorials`,
    );
    expect(tutorial).toEqual({ en: true, fr: true });
    const [lesson] = await db.query<{ en: boolean; fr: boolean }>(
      `select search_en @@ websearch_to_tsquery('atelier_en', 'logos branding zoe') as en,
        search_fr @@ websearch_to_tsquery('atelier_fr', 'creations identite zoe') as fr from classes`,
    );
    expect(lesson).toEqual({ en: true, fr: true });
  });

  it("keeps the vectors in step when a row changes", async () => {
    await db.query("update posts set excerpt = 'Un atelier de typographie' where title = 'Nos créations'");
    const [row] = await db.query<{ found: boolean }>(
      "select search_vector @@ to_tsquery('atelier_fr', 'typo:*') as found from posts where title = 'Nos créations'",
    );
    expect(row.found).toBe(true);
  });

  it("replaces the trigram columns and indexes by GIN indexes, and indexes the classes' order and level", async () => {
    const indexes = await db.query<{ tablename: string; indexname: string }>(
      `select tablename, indexname from pg_indexes where schemaname = 'public' and tablename in ('posts', 'tutorials', 'classes')
        and indexname not like '%_pkey' and indexname not like '%_staff_list_idx' order by tablename, indexname`,
    );
    expect(indexes.map((row) => `${row.tablename}.${row.indexname}`)).toEqual([
      "classes.classes_active_level_idx",
      "classes.classes_active_list_idx",
      "classes.classes_search_en_idx",
      "classes.classes_search_fr_idx",
      "posts.posts_published_all_idx",
      "posts.posts_published_category_idx",
      "posts.posts_published_list_idx",
      "posts.posts_search_idx",
      "posts.posts_translation_group_language_idx",
      "tutorials.tutorials_published_difficulty_idx",
      "tutorials.tutorials_published_list_idx",
      "tutorials.tutorials_search_en_idx",
      "tutorials.tutorials_search_fr_idx",
    ]);
    const columns = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'posts' and column_name like 'search%'",
    );
    expect(columns.map((row) => row.column_name)).toEqual(["search_vector"]);
  });
});
