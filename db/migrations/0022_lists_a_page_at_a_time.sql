-- Lists a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md): the blog's list and search run in
-- the database. unaccent and pg_trgm are trusted extensions (a database owner may create them); unaccent()
-- itself is only STABLE (its dictionary could change), so an IMMUTABLE wrapper naming the dictionary and its
-- schema is what a generated column may call.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.atelier_unaccent(text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "posts_published_language_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(atelier_unaccent(title || chr(10) || excerpt))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_published_list_idx" ON "posts" USING btree ("language","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE published;--> statement-breakpoint
CREATE INDEX "posts_published_category_idx" ON "posts" USING btree ("language","category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE published;--> statement-breakpoint
CREATE INDEX "posts_published_all_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE published;--> statement-breakpoint
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);
