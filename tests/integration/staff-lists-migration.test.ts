import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

describe("the migration that orders the staff dashboard's lists", () => {
  let db: MigrationDb;
  beforeAll(async () => {
    db = await openMigrationDb("atelier_staff_lists_migration");
    const before = migrationsBefore((tag) => tag.endsWith("_staff_lists_newest_first"));
    try {
      await db.migrate(before.folder);
    } finally {
      before.remove();
    }
    await db.query(
      `insert into posts (title, excerpt, content, category, language, published) values
        ('A draft', '', '', 'design', 'en', false), ('Published', '', '', 'design', 'en', true)`,
    );
    await db.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(() => db.close());

  it("keeps the rows already there", async () => {
    const rows = await db.query<{ title: string; published: boolean }>(
      "select title, published from posts order by id",
    );
    expect(rows).toEqual([
      { title: "A draft", published: false },
      { title: "Published", published: true },
    ]);
  });

  it("creates an index for each staff list's order and each moderation queue", async () => {
    const indexes = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = 'public'
         and (indexname like '%_staff_list_idx' or indexname like '%_moderation_idx' or indexname = 'media_items_pending_idx')
         order by indexname`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      "classes_staff_list_idx",
      "comments_moderation_idx",
      "hot_deals_staff_list_idx",
      "media_comments_moderation_idx",
      "media_items_pending_idx",
      "media_items_staff_list_idx",
      "posts_staff_list_idx",
      "testimonials_staff_list_idx",
      "tutorials_staff_list_idx",
    ]);
  });
});
