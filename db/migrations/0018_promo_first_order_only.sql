ALTER TABLE "promo_codes" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("customer_email"));--> statement-breakpoint
-- NEWCLIENT is "for new clients": an existing database's code becomes first-order only too (staff may change it).
UPDATE "promo_codes" SET "first_order_only" = true WHERE "code" = 'NEWCLIENT';
