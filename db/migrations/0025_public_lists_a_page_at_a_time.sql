CREATE INDEX "comments_post_threads_idx" ON "comments" USING btree ("post_id","created_at","id") WHERE approved and parent_id is null;--> statement-breakpoint
CREATE INDEX "comments_replies_idx" ON "comments" USING btree ("parent_id","created_at","id") WHERE approved;--> statement-breakpoint
CREATE INDEX "hot_deals_active_until_idx" ON "hot_deals" USING btree ("valid_until","id") WHERE active;--> statement-breakpoint
CREATE INDEX "media_comments_approved_idx" ON "media_comments" USING btree ("media_id","created_at","id") WHERE approved;--> statement-breakpoint
CREATE INDEX "media_items_published_list_idx" ON "media_items" USING btree ("featured" DESC NULLS FIRST,"sort_order","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "media_items_published_category_idx" ON "media_items" USING btree ("category","featured" DESC NULLS FIRST,"sort_order","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "testimonials_approved_list_idx" ON "testimonials" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"rating") WHERE approved;