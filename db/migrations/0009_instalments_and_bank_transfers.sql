CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_email" text NOT NULL,
	"holder_name" text NOT NULL,
	"routing_number" text NOT NULL,
	"last4" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"provider_customer_id" text,
	"verified" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"intent_id" text,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_instalments_status" CHECK ("order_instalments"."status" in ('due', 'processing', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "order_instalments_amount" CHECK ("order_instalments"."amount_cents" between 1 and 5000000)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"charge_outcome" text DEFAULT 'succeeded' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_unit_price_range";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_plan" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method_type" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "saved_payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "instalment_id" integer;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "save_for_later" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "method_type" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_instalments" ADD CONSTRAINT "order_instalments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_instalments_position_idx" ON "order_instalments" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_instalments_due_idx" ON "order_instalments" USING btree ("status","due_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_unit_price_range" CHECK ("order_items"."unit_price_cents" between 1 and 5000000);