ALTER TABLE "media_items" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "media_items" ADD COLUMN "codecs" text;--> statement-breakpoint
CREATE INDEX "media_items_folder_idx" ON "media_items" USING btree (split_part("file_key", '/', 2));