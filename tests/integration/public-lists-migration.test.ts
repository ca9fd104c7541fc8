import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

describe("the migration that lists the public media, reviews, deals and comments a page at a time", () => {
  let db: MigrationDb;
  beforeAll(async () => {
    db = await openMigrationDb("atelier_public_lists_migration");
    const before = migrationsBefore((tag) => tag.endsWith("_public_lists_a_page_at_a_time"));
    try {
      await db.migrate(before.folder);
    } finally {
      before.remove();
    }
    await db.query(
      `insert into testimonials (customer_name, testimonial_text, rating, approved) values
        ('Ada', 'Great work', 5, true), ('Brune', 'Fine', 3, false)`,
    );
    await db.migrate(MIGRATIONS_FOLDER);
  });
  afterAll(() => db.close());

  it("keeps the rows already there", async () => {
    const rows = await db.query<{ customer_name: string; approved: boolean }>(
      "select customer_name, approved from testimonials order by id",
    );
    expect(rows).toEqual([
      { customer_name: "Ada", approved: true },
      { customer_name: "Brune", approved: false },
    ]);
  });

  it("creates an index for the order and filters of each list", async () => {
    const indexes = await db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = 'public'
         and indexname in ('media_items_published_list_idx', 'media_items_published_category_idx',
           'media_comments_approved_idx', 'comments_post_threads_idx', 'comments_replies_idx',
           'testimonials_approved_list_idx', 'hot_deals_active_until_idx')
         order by indexname`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      "comments_post_threads_idx",
      "comments_replies_idx",
      "hot_deals_active_until_idx",
      "media_comments_approved_idx",
      "media_items_published_category_idx",
      "media_items_published_list_idx",
      "testimonials_approved_list_idx",
    ]);
    // Each is partial: only the rows a visitor may see are in it.
    for (const row of indexes) expect(row.indexdef, row.indexname).toMatch(/ WHERE /);
  });
});
