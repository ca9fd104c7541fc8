-- Tutorials a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md): the list, its difficulty filter
-- and its search (title or category of the language read, accents and case ignored) run in the database,
-- through atelier_unaccent() and pg_trgm from migration 0022.
DROP INDEX "tutorials_published_idx";--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "search_en" text GENERATED ALWAYS AS (lower(atelier_unaccent(title_en || chr(10) || category_en))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "search_fr" text GENERATED ALWAYS AS (lower(atelier_unaccent(title_fr || chr(10) || category_fr))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tutorials_published_list_idx" ON "tutorials" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE published;--> statement-breakpoint
CREATE INDEX "tutorials_published_difficulty_idx" ON "tutorials" USING btree ("difficulty","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE published;--> statement-breakpoint
CREATE INDEX "tutorials_search_en_trgm_idx" ON "tutorials" USING gin ("search_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tutorials_search_fr_trgm_idx" ON "tutorials" USING gin ("search_fr" gin_trgm_ops);