CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"description_en" text NOT NULL,
	"description_fr" text NOT NULL,
	"features_en" jsonb NOT NULL,
	"features_fr" jsonb NOT NULL,
	"stripe_price_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" uuid,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"client_secret" text,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('incomplete', 'active', 'past_due', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_id_idx" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_idx" ON "subscriptions" USING btree (lower("customer_email"),"plan_id") WHERE "subscriptions"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "plans" ("name", "price_cents", "description_en", "description_fr", "features_en", "features_fr") VALUES ('Professional', 99900, 'Complete marketing solution', 'Solution marketing complète', '["24/7 AI Phone Support", "Monthly Strategy Sessions", "Custom Marketing Campaigns", "Analytics & Reporting", "Priority Support"]'::jsonb, '["Assistance téléphonique IA 24 h/24, 7 j/7", "Séances de stratégie mensuelles", "Campagnes marketing sur mesure", "Analyses et rapports", "Assistance prioritaire"]'::jsonb) ON CONFLICT ("name") DO NOTHING;
