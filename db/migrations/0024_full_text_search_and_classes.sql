-- Full-text search and the classes' list a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md,
-- "Full-text search" and "Classes"). Two text search configurations, copies of PostgreSQL's english and
-- french ones with unaccent (migration 0022's extension) mapped before the stemmer for the words that hold
-- letters beyond ASCII: "Création" and "creations" both become 'creation', "Café" and "cafe" 'caf'.
-- to_tsvector(regconfig, text) is immutable, so stored generated columns may call it; each has a GIN index.
-- The trigram columns and indexes of 0022 and 0023 served the LIKE searches these replace, and go with
-- them; pg_trgm and atelier_unaccent() stay, for searches that are not in words (staff look-ups by e-mail).
CREATE TEXT SEARCH CONFIGURATION public.atelier_en (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_en ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.atelier_fr (COPY = pg_catalog.french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atelier_fr ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, french_stem;--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (case when language = 'fr' then to_tsvector('public.atelier_fr'::regconfig, title || chr(10) || excerpt) else to_tsvector('public.atelier_en'::regconfig, title || chr(10) || excerpt) end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "tutorials" DROP COLUMN "search_en";--> statement-breakpoint
ALTER TABLE "tutorials" DROP COLUMN "search_fr";--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (to_tsvector('public.atelier_en'::regconfig, title_en || chr(10) || category_en)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "search_fr" tsvector GENERATED ALWAYS AS (to_tsvector('public.atelier_fr'::regconfig, title_fr || chr(10) || category_fr)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tutorials_search_en_idx" ON "tutorials" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "tutorials_search_fr_idx" ON "tutorials" USING gin ("search_fr");--> statement-breakpoint
DROP INDEX "classes_active_start_idx";--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "search_en" tsvector GENERATED ALWAYS AS (to_tsvector('public.atelier_en'::regconfig, title_en || chr(10) || category_en || chr(10) || instructor_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "search_fr" tsvector GENERATED ALWAYS AS (to_tsvector('public.atelier_fr'::regconfig, title_fr || chr(10) || category_fr || chr(10) || instructor_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "classes_active_list_idx" ON "classes" USING btree ("featured" DESC NULLS FIRST,"start_date","id") WHERE active;--> statement-breakpoint
CREATE INDEX "classes_active_level_idx" ON "classes" USING btree ("level","featured" DESC NULLS FIRST,"start_date","id") WHERE active;--> statement-breakpoint
CREATE INDEX "classes_search_en_idx" ON "classes" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "classes_search_fr_idx" ON "classes" USING gin ("search_fr");
