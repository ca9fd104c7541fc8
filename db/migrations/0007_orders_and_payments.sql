CREATE TYPE "public"."order_status" AS ENUM('pending', 'requires_payment', 'paid', 'failed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_reservations" (
	"order_id" uuid NOT NULL,
	"deal_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"event_id" text,
	"actor" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service_id" text NOT NULL,
	"service_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pricing_type" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"line_total_cents" integer NOT NULL,
	"service_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_pricing_type" CHECK ("order_items"."pricing_type" in ('fixed', 'custom')),
	CONSTRAINT "order_items_unit_price_range" CHECK ("order_items"."unit_price_cents" between 1 and 1000000),
	CONSTRAINT "order_items_quantity_range" CHECK ("order_items"."quantity" between 1 and 1000),
	CONSTRAINT "order_items_line_total_range" CHECK ("order_items"."line_total_cents" between 1 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"customer_first_name" text NOT NULL,
	"customer_last_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"customer_company" text,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"promo_code" text,
	"idempotency_key" text,
	"payment_provider" text,
	"stripe_payment_intent_id" text,
	"payment_brand" text,
	"payment_last4" text,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_currency_usd" CHECK ("orders"."currency" = 'usd'),
	CONSTRAINT "orders_subtotal_range" CHECK ("orders"."subtotal_cents" between 0 and 10000000),
	CONSTRAINT "orders_discount_range" CHECK ("orders"."discount_cents" between 0 and 1000000),
	CONSTRAINT "orders_tax_range" CHECK ("orders"."tax_cents" between 0 and 1000000),
	CONSTRAINT "orders_total_range" CHECK ("orders"."total_cents" between 50 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"failure_message" text,
	"brand" text,
	"last4" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_intents_client_secret_unique" UNIQUE("client_secret")
);
--> statement-breakpoint
ALTER TABLE "deal_reservations" ADD CONSTRAINT "deal_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_reservations_order_deal_idx" ON "deal_reservations" USING btree ("order_id","deal_id");--> statement-breakpoint
CREATE INDEX "deal_reservations_deal_idx" ON "deal_reservations" USING btree ("deal_id","state");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_idx" ON "orders" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_idx" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("customer_email");