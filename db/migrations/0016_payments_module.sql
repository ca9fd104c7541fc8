CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow" text NOT NULL,
	"subject_id" text NOT NULL,
	"part" integer,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"method" text DEFAULT 'card' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"provider_invoice_id" text,
	"client_secret" text,
	"saved_method_id" text,
	"provider_customer_id" text,
	"refund_of" uuid,
	"brand" text,
	"last4" text,
	"failure_message" text,
	"reason" text,
	"actor" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"round" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_kind" CHECK ("payments"."kind" in ('charge', 'refund')),
	CONSTRAINT "payments_status" CHECK (("payments"."kind" = 'charge' and "payments"."status" in ('requires_payment', 'processing', 'succeeded', 'failed', 'cancelled')) or ("payments"."kind" = 'refund' and "payments"."status" in ('pending', 'succeeded', 'failed'))),
	CONSTRAINT "payments_method" CHECK ("payments"."method" in ('card', 'us_bank_account')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_cents" between 1 and 10000000),
	CONSTRAINT "payments_currency_usd" CHECK ("payments"."currency" = 'usd'),
	CONSTRAINT "payments_refund_has_charge" CHECK (("payments"."kind" = 'refund') = ("payments"."refund_of" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_enrollments" DROP CONSTRAINT "class_enrollments_payment_status";
--> statement-breakpoint
DROP INDEX "orders_payment_intent_idx";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text USING "status"::text;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending';
--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "detail" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "workflow" text DEFAULT 'cart_order' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "payment_id" uuid;
--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "refunds_fail" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("provider_payment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_invoice_idx" ON "payments" USING btree ("provider_invoice_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_idx" ON "payments" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "payments_subject_idx" ON "payments" USING btree ("subject_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_charge_idx" ON "payments" USING btree ("subject_id",coalesce("part", 0)) WHERE "payments"."kind" = 'charge' and "payments"."status" in ('requires_payment', 'processing');
--> statement-breakpoint
CREATE INDEX "payments_refund_of_idx" ON "payments" USING btree ("refund_of");
--> statement-breakpoint
CREATE INDEX "payments_settled_idx" ON "payments" USING btree ("status","settled_at");
--> statement-breakpoint
CREATE INDEX "payments_retry_idx" ON "payments" USING btree ("kind","status","next_attempt_at");
--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");
--> statement-breakpoint
-- The data of the earlier schema moves into the payments table, without losing a cent (docs/decisions/0028).
-- Each order belongs to the workflow that sold it.
UPDATE "orders" SET "workflow" = CASE
  WHEN "payment_plan" IS NOT NULL THEN 'custom_payment'
  WHEN "payment_method_type" = 'us_bank_account' THEN 'bank_transfer'
  WHEN EXISTS (SELECT 1 FROM "order_items" i WHERE i."order_id" = "orders"."id" AND i."service_id" = 'class_enrollment') THEN 'class_seat'
  ELSE 'cart_order'
END;
--> statement-breakpoint
-- An order paid at once: one charge, with the intent, card and key it was made with.
INSERT INTO "payments" ("workflow", "subject_id", "kind", "status", "method", "amount_cents", "provider", "provider_payment_id", "client_secret", "saved_method_id", "provider_customer_id", "brand", "last4", "failure_message", "idempotency_key", "created_at", "updated_at", "settled_at")
SELECT o."workflow", o."id"::text, 'charge',
  CASE o."status"
    WHEN 'paid' THEN 'succeeded' WHEN 'refunded' THEN 'succeeded' WHEN 'failed' THEN 'failed' WHEN 'cancelled' THEN 'cancelled'
    ELSE CASE WHEN o."payment_method_type" = 'us_bank_account' THEN 'processing' ELSE 'requires_payment' END
  END,
  o."payment_method_type", o."total_cents", coalesce(o."payment_provider", 'stripe'), o."stripe_payment_intent_id",
  (SELECT si."client_secret" FROM "sandbox_intents" si WHERE si."id" = o."stripe_payment_intent_id"),
  o."saved_payment_method", o."provider_customer_id", o."payment_brand", o."payment_last4", o."failure_message",
  'order-' || o."id"::text, o."created_at", o."updated_at",
  CASE WHEN o."status" IN ('paid', 'refunded') THEN coalesce(o."paid_at", o."updated_at") WHEN o."status" = 'failed' THEN o."updated_at" END
FROM "orders" o
WHERE o."payment_plan" IS NULL AND (o."stripe_payment_intent_id" IS NOT NULL OR o."paid_at" IS NOT NULL OR o."status" <> 'pending');
--> statement-breakpoint
-- An order refunded in full: its refund, by whoever refunded it.
INSERT INTO "payments" ("workflow", "subject_id", "kind", "status", "method", "amount_cents", "provider", "refund_of", "brand", "last4", "reason", "actor", "idempotency_key", "created_at", "updated_at", "settled_at")
SELECT o."workflow", o."id"::text, 'refund', 'succeeded', p."method", p."amount_cents", p."provider", p."id", p."brand", p."last4", 'Refunded in full',
  (SELECT h."actor" FROM "order_history" h WHERE h."order_id" = o."id" AND h."to_status" = 'refunded' ORDER BY h."id" LIMIT 1),
  'migrated-refund-' || o."id"::text, coalesce(o."refunded_at", o."updated_at"), coalesce(o."refunded_at", o."updated_at"), coalesce(o."refunded_at", o."updated_at")
FROM "orders" o JOIN "payments" p ON p."subject_id" = o."id"::text AND p."kind" = 'charge'
WHERE o."status" = 'refunded';
--> statement-breakpoint
-- An order paid in instalments: one charge per instalment that was charged, the saved card on the first.
INSERT INTO "payments" ("workflow", "subject_id", "part", "kind", "status", "method", "amount_cents", "provider", "provider_payment_id", "client_secret", "saved_method_id", "provider_customer_id", "brand", "last4", "failure_message", "idempotency_key", "created_at", "updated_at", "settled_at")
SELECT o."workflow", o."id"::text, i."id", 'charge',
  CASE i."status" WHEN 'paid' THEN 'succeeded' WHEN 'failed' THEN 'failed' WHEN 'processing' THEN 'processing' WHEN 'cancelled' THEN 'cancelled' ELSE 'requires_payment' END,
  o."payment_method_type", i."amount_cents", coalesce(o."payment_provider", 'stripe'), i."intent_id",
  (SELECT si."client_secret" FROM "sandbox_intents" si WHERE si."id" = i."intent_id"),
  CASE WHEN i."position" = 1 THEN o."saved_payment_method" END, CASE WHEN i."position" = 1 THEN o."provider_customer_id" END,
  o."payment_brand", o."payment_last4", i."failure_message",
  CASE WHEN i."position" = 1 THEN 'order-' || o."id"::text ELSE 'instalment-' || i."id"::text || '-' || i."attempts"::text END,
  i."created_at", i."updated_at",
  CASE WHEN i."status" = 'paid' THEN coalesce(i."paid_at", i."updated_at") WHEN i."status" = 'failed' THEN i."updated_at" END
FROM "orders" o JOIN "order_instalments" i ON i."order_id" = o."id"
WHERE o."payment_plan" IS NOT NULL AND (i."intent_id" IS NOT NULL OR i."status" IN ('paid', 'failed', 'processing'));
--> statement-breakpoint
-- A subscription's invoices.
INSERT INTO "payments" ("workflow", "subject_id", "kind", "status", "amount_cents", "provider", "provider_invoice_id", "period_start", "period_end", "idempotency_key", "created_at", "updated_at", "settled_at")
SELECT 'subscription', inv."subscription_id"::text, 'charge', CASE WHEN inv."status" = 'paid' THEN 'succeeded' ELSE 'failed' END,
  inv."amount_cents", s."provider", inv."id", inv."period_start", inv."period_end", 'invoice-' || inv."id", inv."created_at", inv."created_at", inv."created_at"
FROM "subscription_invoices" inv JOIN "subscriptions" s ON s."id" = inv."subscription_id"
WHERE inv."amount_cents" > 0;
--> statement-breakpoint
-- The sandbox's intents name the payment they charge, as Stripe's metadata would.
UPDATE "sandbox_intents" si SET "metadata" = jsonb_build_object('paymentId', p."id"::text) FROM "payments" p WHERE p."provider_payment_id" = si."id";
--> statement-breakpoint
-- What each order's payments add up to, and its status derived from them (core/orders/rules.ts).
UPDATE "orders" o SET
  "paid_cents" = coalesce((SELECT sum(p."amount_cents") FROM "payments" p WHERE p."subject_id" = o."id"::text AND p."kind" = 'charge' AND p."status" = 'succeeded'), 0),
  "refunded_cents" = coalesce((SELECT sum(p."amount_cents") FROM "payments" p WHERE p."subject_id" = o."id"::text AND p."kind" = 'refund' AND p."status" = 'succeeded'), 0),
  "cancelled_at" = CASE WHEN o."status" = 'cancelled' THEN o."updated_at" END;
--> statement-breakpoint
UPDATE "orders" o SET "status" = CASE
  WHEN o."paid_cents" > 0 AND o."refunded_cents" >= o."paid_cents" THEN 'refunded'
  WHEN o."refunded_cents" > 0 THEN 'partially_refunded'
  WHEN o."paid_cents" > 0 AND o."paid_cents" >= o."total_cents" THEN 'paid'
  WHEN o."cancelled_at" IS NOT NULL THEN 'cancelled'
  WHEN o."paid_cents" > 0 THEN 'partially_paid'
  WHEN EXISTS (SELECT 1 FROM "payments" p WHERE p."subject_id" = o."id"::text AND p."kind" = 'charge' AND p."status" = 'processing') THEN 'processing'
  ELSE o."status"
END;
--> statement-breakpoint
ALTER TABLE "subscription_invoices" DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP TABLE "subscription_invoices" CASCADE;
--> statement-breakpoint
ALTER TABLE "order_instalments" DROP COLUMN "intent_id";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_provider";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stripe_payment_intent_id";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_brand";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_last4";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "failure_message";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_method_type";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "saved_payment_method";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "provider_customer_id";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_at";
--> statement-breakpoint
ALTER TABLE "payment_events" DROP COLUMN "order_id";
--> statement-breakpoint
ALTER TABLE "sandbox_intents" DROP COLUMN "order_id";
--> statement-breakpoint
ALTER TABLE "sandbox_intents" DROP COLUMN "instalment_id";
--> statement-breakpoint
ALTER TABLE "class_enrollments" ADD CONSTRAINT "class_enrollments_payment_status" CHECK ("class_enrollments"."payment_status" in ('pending', 'paid', 'failed', 'refunded'));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'requires_payment', 'processing', 'partially_paid', 'paid', 'failed', 'partially_refunded', 'refunded', 'cancelled'));
--> statement-breakpoint
DROP TYPE "public"."order_status";
