-- The staff dashboard's sections a page at a time (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff
-- screens"): every row of each staff list in its order (drafts, pending, ended ones included), and the
-- moderation queues by status, so that a page of twenty is read from an index, not sorted from the table.
CREATE INDEX "comments_moderation_idx" ON "comments" USING btree ("approved","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_staff_list_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "classes_staff_list_idx" ON "classes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hot_deals_staff_list_idx" ON "hot_deals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_comments_moderation_idx" ON "media_comments" USING btree ("approved","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_items_staff_list_idx" ON "media_items" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_items_pending_idx" ON "media_items" USING btree ("created_at","id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "testimonials_staff_list_idx" ON "testimonials" USING btree ("approved","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tutorials_staff_list_idx" ON "tutorials" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);