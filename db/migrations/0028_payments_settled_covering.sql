DROP INDEX "payments_settled_idx";--> statement-breakpoint
CREATE INDEX "payments_settled_idx" ON "payments" USING btree ("status","settled_at","kind","amount_cents");