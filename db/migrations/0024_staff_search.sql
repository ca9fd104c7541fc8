-- Staff search by trigram (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff lists"): orders, leads and
-- subscriptions keep a folded search column (lower case, no accents through atelier_unaccent() of 0022, the
-- phone's digits alone) with a trigram index; one or two characters match the start of the e-mail (or an
-- order's number) through text_pattern_ops btrees; every filter and sort of these screens has its index.
DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "leads_source_idx";--> statement-breakpoint
DROP INDEX "leads_status_idx";--> statement-breakpoint
DROP INDEX "leads_sync_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_created_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(atelier_unaccent(first_name || ' ' || last_name || chr(10) || coalesce(email, '') || chr(10) || coalesce(company, ''))) || chr(10) || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(atelier_unaccent(customer_email || chr(10) || customer_first_name || ' ' || customer_last_name || chr(10) || coalesce(customer_company, ''))) || chr(10) || regexp_replace(coalesce(customer_phone, ''), '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(atelier_unaccent(customer_email || chr(10) || customer_name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_list_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_source_list_idx" ON "leads" USING btree ("lead_source","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_status_list_idx" ON "leads" USING btree ("lead_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_sync_list_idx" ON "leads" USING btree ("sync_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_crm_list_idx" ON "leads" USING btree ("crm_system","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_email_prefix_idx" ON "leads" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_list_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree (("id"::text) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_list_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_search_trgm_idx" ON "subscriptions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_email_prefix_idx" ON "subscriptions" USING btree (lower("customer_email") text_pattern_ops);