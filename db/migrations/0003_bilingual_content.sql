CREATE TABLE "hot_deal_aliases" (
	"old_id" integer PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "translation_group" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "word_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_deals" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "hot_deals" ADD COLUMN "title_fr" text;--> statement-breakpoint
ALTER TABLE "hot_deals" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "hot_deals" ADD COLUMN "description_fr" text;--> statement-breakpoint
ALTER TABLE "hot_deals" ADD COLUMN "service_name_en" text;--> statement-breakpoint
ALTER TABLE "hot_deals" ADD COLUMN "service_name_fr" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_deal_aliases" ADD CONSTRAINT "hot_deal_aliases_deal_id_hot_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."hot_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hot_deal_aliases_deal_idx" ON "hot_deal_aliases" USING btree ("deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_translation_group_language_idx" ON "posts" USING btree ("translation_group","language");--> statement-breakpoint
-- Data: every deal first carries its own texts in both languages, so that a deal without a copy in the
-- other language still reads well there.
UPDATE "hot_deals" SET
	"title_en" = "title", "title_fr" = "title",
	"description_en" = "description", "description_fr" = "description",
	"service_name_en" = "service_name", "service_name_fr" = "service_name";--> statement-breakpoint
-- Pair each English deal with a French copy of the same offer: same prices, percentage and window (the
-- service name is itself translated, so it cannot match). Within one such key the n-th English deal
-- pairs with the n-th French one, by id. The lower id of a pair is kept; the other becomes its alias, so
-- that a cart holding either id still claims the deal.
INSERT INTO "hot_deal_aliases" ("old_id", "deal_id")
SELECT greatest(en.id, fr.id), least(en.id, fr.id)
FROM (
	SELECT id, original_price, discounted_price, discount_percentage, valid_from, valid_until,
		row_number() OVER (PARTITION BY original_price, discounted_price, discount_percentage, valid_from, valid_until ORDER BY id) AS n
	FROM "hot_deals" WHERE "language" = 'en'
) en
JOIN (
	SELECT id, original_price, discounted_price, discount_percentage, valid_from, valid_until,
		row_number() OVER (PARTITION BY original_price, discounted_price, discount_percentage, valid_from, valid_until ORDER BY id) AS n
	FROM "hot_deals" WHERE "language" = 'fr'
) fr
ON en.original_price = fr.original_price AND en.discounted_price = fr.discounted_price
	AND en.discount_percentage = fr.discount_percentage AND en.valid_from = fr.valid_from
	AND en.valid_until = fr.valid_until AND en.n = fr.n;--> statement-breakpoint
-- The kept deal takes the other copy's texts in its language, the higher claim count (never above the
-- limit), the wider limit, and stays active if either copy was.
UPDATE "hot_deals" AS keep SET
	"title_en" = CASE WHEN copy.language = 'en' THEN copy.title ELSE keep.title_en END,
	"title_fr" = CASE WHEN copy.language = 'fr' THEN copy.title ELSE keep.title_fr END,
	"description_en" = CASE WHEN copy.language = 'en' THEN copy.description ELSE keep.description_en END,
	"description_fr" = CASE WHEN copy.language = 'fr' THEN copy.description ELSE keep.description_fr END,
	"service_name_en" = CASE WHEN copy.language = 'en' THEN copy.service_name ELSE keep.service_name_en END,
	"service_name_fr" = CASE WHEN copy.language = 'fr' THEN copy.service_name ELSE keep.service_name_fr END,
	"claim_limit" = CASE WHEN keep.claim_limit IS NULL OR copy.claim_limit IS NULL THEN NULL ELSE greatest(keep.claim_limit, copy.claim_limit) END,
	"claim_count" = CASE
		WHEN keep.claim_limit IS NULL OR copy.claim_limit IS NULL THEN greatest(keep.claim_count, copy.claim_count)
		ELSE least(greatest(keep.claim_count, copy.claim_count), greatest(keep.claim_limit, copy.claim_limit))
	END,
	"featured_image" = coalesce(keep.featured_image, copy.featured_image),
	"active" = keep.active OR copy.active,
	"updated_at" = now()
FROM "hot_deal_aliases" AS alias
JOIN "hot_deals" AS copy ON copy.id = alias.old_id
WHERE keep.id = alias.deal_id;--> statement-breakpoint
DELETE FROM "hot_deals" WHERE "id" IN (SELECT "old_id" FROM "hot_deal_aliases");--> statement-breakpoint
ALTER TABLE "hot_deals" ALTER COLUMN "title_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_deals" ALTER COLUMN "title_fr" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_deals" ALTER COLUMN "description_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_deals" ALTER COLUMN "description_fr" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_deals" ALTER COLUMN "service_name_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "hot_deals" ALTER COLUMN "service_name_fr" SET NOT NULL;--> statement-breakpoint
-- A comment was written in its post's language, as far as anyone can tell now.
UPDATE "comments" SET "language" = "posts"."language" FROM "posts" WHERE "posts"."id" = "comments"."post_id";--> statement-breakpoint
-- Reviews carry no language: French when the text uses common French words and none of the common
-- English ones, else English (the default). Staff can correct a review afterwards.
UPDATE "testimonials" SET "language" = 'fr'
WHERE "testimonial_text" ~* '\m(nous|notre|vous|votre|les|des|avec|pour|est|très|une)\M'
	AND "testimonial_text" !~* '\m(the|and|our|we|with|for|was|is)\M';--> statement-breakpoint
-- Words of the text without its markup, as core/blog/rules.ts counts them: pieces holding a letter or a digit.
UPDATE "posts" SET "word_count" = (
	SELECT count(*) FROM regexp_split_to_table(regexp_replace("content", '<[^>]*>', ' ', 'g'), '\s+') AS piece
	WHERE piece ~ '[[:alnum:]]'
);
