-- Staff search by trigram (docs/decisions/0036-lists-a-page-at-a-time.md, "Staff lists"): orders, leads and
-- subscriptions keep a folded search column (lower case, no accents through atelier_unaccent() of 0022, the
-- phone's digits alone) with a trigram index; one or two characters match the start of the e-mail (or an
-- order's number) through text_pattern_ops btrees; every filter and sort of these screens has its index.
-- The lead desk's statistics come from lead_counts, kept by a trigger in the same transaction as each change.
CREATE TABLE "lead_counts" (
	"lead_source" "lead_source" NOT NULL,
	"lead_status" "lead_status" NOT NULL,
	"sync_status" "lead_sync_status" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "lead_counts_lead_source_lead_status_sync_status_pk" PRIMARY KEY("lead_source","lead_status","sync_status")
);
--> statement-breakpoint
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
CREATE INDEX "appointments_list_idx" ON "appointments" USING btree ("appointment_date","appointment_time","id");--> statement-breakpoint
CREATE INDEX "appointments_status_list_idx" ON "appointments" USING btree ("status","appointment_date","appointment_time","id");--> statement-breakpoint
CREATE INDEX "leads_list_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_source_list_idx" ON "leads" USING btree ("lead_source","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_status_list_idx" ON "leads" USING btree ("lead_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_sync_list_idx" ON "leads" USING btree ("sync_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_crm_list_idx" ON "leads" USING btree ("crm_system","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_email_prefix_idx" ON "leads" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_list_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_list_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_number_prefix_idx" ON "orders" USING btree (("id"::text) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_list_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_search_trgm_idx" ON "subscriptions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_email_prefix_idx" ON "subscriptions" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.atelier_lead_counts() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	-- One row per source, status and sync status: a change moves a lead from its old row to its new one.
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE lead_counts SET count = count - 1
		WHERE lead_source = OLD.lead_source AND lead_status = OLD.lead_status AND sync_status = OLD.sync_status;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO lead_counts AS counted (lead_source, lead_status, sync_status, count)
		VALUES (NEW.lead_source, NEW.lead_status, NEW.sync_status, 1)
		ON CONFLICT (lead_source, lead_status, sync_status) DO UPDATE SET count = counted.count + 1;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_counted_insert_delete AFTER INSERT OR DELETE ON leads
	FOR EACH ROW EXECUTE FUNCTION public.atelier_lead_counts();--> statement-breakpoint
CREATE TRIGGER leads_counted_update AFTER UPDATE OF lead_source, lead_status, sync_status ON leads
	FOR EACH ROW
	WHEN (OLD.lead_source IS DISTINCT FROM NEW.lead_source OR OLD.lead_status IS DISTINCT FROM NEW.lead_status
		OR OLD.sync_status IS DISTINCT FROM NEW.sync_status)
	EXECUTE FUNCTION public.atelier_lead_counts();--> statement-breakpoint
INSERT INTO lead_counts (lead_source, lead_status, sync_status, count)
	SELECT lead_source, lead_status, sync_status, count(*) FROM leads GROUP BY 1, 2, 3;
