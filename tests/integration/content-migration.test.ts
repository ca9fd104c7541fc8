import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, migrationsBefore, openMigrationDb, type MigrationDb } from "../helpers/migration-db.ts";

// The first migration of bilingual deals, comments and reviews.
const BILINGUAL = "0003_bilingual_content";

const FROM = "2026-01-10T09:00:00Z";
const UNTIL = "2026-02-10T09:00:00Z";

describe("migrating per-language content to one bilingual record", () => {
  let db: MigrationDb;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    db = await openMigrationDb("atelier_migration");
    const old = migrationsBefore((tag) => tag === BILINGUAL);
    try {
      await db.migrate(old.folder);
    } finally {
      old.remove();
    }
    // Rows in the old shape: each language held its own copy of a deal, with its own claim count.
    const deal = async (
      key: string,
      values: [string, string, string, string, number, number, number, string, string, number | null, number],
    ) => {
      const [row] = await db.query<{ id: number }>(
        `insert into hot_deals (title, description, service_name, language, original_price, discounted_price, discount_percentage, valid_from, valid_until, claim_limit, claim_count)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        values,
      );
      ids[key] = row.id;
    };
    await deal("websiteEn", [
      "Launch-Ready Website",
      "A five-page website.",
      "Website",
      "en",
      250_000,
      175_000,
      30,
      FROM,
      UNTIL,
      20,
      14,
    ]);
    await deal("logoEn", [
      "Logo Kit",
      "A logo and a palette.",
      "Logo Design",
      "en",
      60_000,
      39_000,
      35,
      FROM,
      UNTIL,
      15,
      15,
    ]);
    await deal("websiteFr", [
      "Site web prêt à lancer",
      "Un site de cinq pages.",
      "Site web",
      "fr",
      250_000,
      175_000,
      30,
      FROM,
      UNTIL,
      20,
      11,
    ]);
    await deal("logoFr", [
      "Kit logo",
      "Un logo et une palette.",
      "Création de logo",
      "fr",
      60_000,
      39_000,
      35,
      FROM,
      UNTIL,
      15,
      12,
    ]);
    // Only in French: nothing to pair it with.
    await deal("frOnly", [
      "Offre unique",
      "Seulement en français.",
      "Vidéo",
      "fr",
      10_000,
      5_000,
      50,
      FROM,
      UNTIL,
      null,
      3,
    ]);

    const [post] = await db.query<{ id: number }>(
      `insert into posts (title, content, language, published) values ('Un article', '<p>Bonjour <strong>tout</strong> le monde</p>', 'fr', true) returning id`,
    );
    ids.post = post.id;
    const [comment] = await db.query<{ id: number }>(
      `insert into comments (post_id, author_name, author_email, content, approved) values ($1, 'Léa', 'lea@example.com', 'Merci pour cet article', true) returning id`,
      [post.id],
    );
    ids.comment = comment.id;
    const review = async (key: string, text: string) => {
      const [row] = await db.query<{ id: number }>(
        `insert into testimonials (customer_name, testimonial_text, approved) values ('X', $1, true) returning id`,
        [text],
      );
      ids[key] = row.id;
    };
    await review("reviewEn", "The team was quick and the site is beautiful.");
    await review("reviewFr", "Une équipe très réactive, nous sommes ravis de notre nouveau site.");

    await db.migrate(MIGRATIONS_FOLDER);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it("merges the English and French copies of a deal into one record with both texts and the higher claim count", async () => {
    const rows = await db.query<Record<string, unknown>>(`select * from hot_deals order by id`);
    expect(rows).toHaveLength(3);
    const website = rows.find((row) => row.id === ids.websiteEn);
    expect(website).toMatchObject({
      title_en: "Launch-Ready Website",
      title_fr: "Site web prêt à lancer",
      description_en: "A five-page website.",
      description_fr: "Un site de cinq pages.",
      service_name_en: "Website",
      service_name_fr: "Site web",
      claim_count: 14,
      claim_limit: 20,
      original_price: 250_000,
    });
    expect(rows.find((row) => row.id === ids.logoEn)).toMatchObject({
      title_en: "Logo Kit",
      title_fr: "Kit logo",
      claim_count: 15,
      claim_limit: 15,
    });
    expect(website).not.toHaveProperty("language");
    expect(website).not.toHaveProperty("title");
  });

  it("keeps the merged copies' ids working: they name the deal they were merged into", async () => {
    const aliases = await db.query<{ old_id: number; deal_id: number }>(
      `select old_id, deal_id from hot_deal_aliases order by old_id`,
    );
    expect(aliases).toEqual([
      { old_id: ids.websiteFr, deal_id: ids.websiteEn },
      { old_id: ids.logoFr, deal_id: ids.logoEn },
    ]);
  });

  it("gives a deal without a copy its one text in both languages", async () => {
    const [row] = await db.query<Record<string, unknown>>(`select * from hot_deals where id = $1`, [ids.frOnly]);
    expect(row).toMatchObject({
      title_en: "Offre unique",
      title_fr: "Offre unique",
      claim_count: 3,
      claim_limit: null,
    });
  });

  it("gives comments their post's language, reviews a language read from their text, posts their word count", async () => {
    const [comment] = await db.query<{ language: string }>(`select language from comments where id = $1`, [
      ids.comment,
    ]);
    expect(comment.language).toBe("fr");
    const reviews = await db.query<{ id: number; language: string }>(
      `select id, language from testimonials order by id`,
    );
    expect(reviews).toEqual([
      { id: ids.reviewEn, language: "en" },
      { id: ids.reviewFr, language: "fr" },
    ]);
    const [post] = await db.query<{ word_count: number; translation_group: number | null }>(
      `select word_count, translation_group from posts where id = $1`,
      [ids.post],
    );
    expect(post).toEqual({ word_count: 4, translation_group: null });
  });
});
