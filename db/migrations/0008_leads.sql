CREATE TYPE "public"."crm_system" AS ENUM('hubspot', 'pipedrive', 'salesforce');--> statement-breakpoint
CREATE TYPE "public"."lead_source" AS ENUM('contact_form', 'consultation', 'chatbot', 'phone_call');--> statement-breakpoint
CREATE TYPE "public"."lead_status" AS ENUM('new', 'contacted', 'qualified', 'converted');--> statement-breakpoint
CREATE TYPE "public"."lead_sync_status" AS ENUM('pending', 'synced', 'failed');--> statement-breakpoint
CREATE TABLE "lead_sync_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"crm_system" "crm_system" NOT NULL,
	"outcome" text NOT NULL,
	"crm_lead_id" text,
	"error" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_touchpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"channel" "lead_source" NOT NULL,
	"contact_submission_id" integer,
	"appointment_id" integer,
	"conversation_id" text,
	"call_id" text,
	"summary" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"phone_e164" text,
	"company" text,
	"message" text,
	"lead_source" "lead_source" NOT NULL,
	"channels" "lead_source"[] DEFAULT '{}' NOT NULL,
	"lead_status" "lead_status" DEFAULT 'new' NOT NULL,
	"crm_system" "crm_system",
	"crm_lead_id" text,
	"crm_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sync_status" "lead_sync_status" DEFAULT 'pending' NOT NULL,
	"crm_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_sync_attempts" ADD CONSTRAINT "lead_sync_attempts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_touchpoints" ADD CONSTRAINT "lead_touchpoints_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_touchpoints" ADD CONSTRAINT "lead_touchpoints_contact_submission_id_contact_submissions_id_fk" FOREIGN KEY ("contact_submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_touchpoints" ADD CONSTRAINT "lead_touchpoints_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_sync_attempts_lead_idx" ON "lead_sync_attempts" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_touchpoints_lead_idx" ON "lead_touchpoints" USING btree ("lead_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_touchpoints_contact_idx" ON "lead_touchpoints" USING btree ("contact_submission_id") WHERE "lead_touchpoints"."contact_submission_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_touchpoints_appointment_idx" ON "lead_touchpoints" USING btree ("appointment_id") WHERE "lead_touchpoints"."appointment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_idx" ON "leads" USING btree ("email");--> statement-breakpoint
CREATE INDEX "leads_phone_idx" ON "leads" USING btree ("phone_e164");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "leads_source_idx" ON "leads" USING btree ("lead_source");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("lead_status");--> statement-breakpoint
CREATE INDEX "leads_sync_idx" ON "leads" USING btree ("sync_status");--> statement-breakpoint
-- Every contact message and booking stored before leads existed becomes a lead: one per e-mail address
-- (lower case), its source the channel first used, its timeline one touchpoint per message or booking.
-- The phone rule is core/leads/rules.ts toE164 in SQL.
INSERT INTO "leads" ("first_name", "last_name", "email", "phone", "phone_e164", "company", "message", "lead_source", "channels", "created_at", "updated_at")
WITH "events" AS (
	SELECT 'contact_form'::"lead_source" AS "source", lower(btrim("email")) AS "email", "name", "phone", "company", "message", "created_at" FROM "contact_submissions"
	UNION ALL
	SELECT 'consultation'::"lead_source", lower(btrim("customer_email")), "customer_name", "customer_phone", NULL, "notes", "created_at" FROM "appointments"
), "firsts" AS (
	SELECT DISTINCT ON ("email") * FROM "events" ORDER BY "email", "created_at"
), "channels" AS (
	SELECT "email", array_agg("source" ORDER BY "first_at") AS "channels"
	FROM (SELECT "email", "source", min("created_at") AS "first_at" FROM "events" GROUP BY "email", "source") AS "per_source"
	GROUP BY "email"
), "details" AS (
	SELECT "email",
		(array_agg("phone" ORDER BY "created_at") FILTER (WHERE "phone" IS NOT NULL AND btrim("phone") <> ''))[1] AS "phone",
		(array_agg("company" ORDER BY "created_at") FILTER (WHERE "company" IS NOT NULL AND btrim("company") <> ''))[1] AS "company",
		max("created_at") AS "last_at"
	FROM "events" GROUP BY "email"
), "numbers" AS (
	SELECT "d".*, btrim(regexp_replace("d"."phone", '(ext\.?|x)\s*[0-9]+$', '', 'i')) AS "text",
		regexp_replace(regexp_replace("d"."phone", '(ext\.?|x)\s*[0-9]+$', '', 'i'), '\D', '', 'g') AS "digits"
	FROM "details" AS "d"
), "e164" AS (
	SELECT "email", "phone", "company", "last_at",
		CASE
			WHEN "text" LIKE '+%' THEN "digits"
			WHEN "digits" LIKE '00%' THEN substr("digits", 3)
			WHEN length("digits") = 10 AND "digits" LIKE '0%' THEN '33' || substr("digits", 2)
			WHEN length("digits") = 10 THEN '1' || "digits"
			WHEN length("digits") = 11 AND "digits" LIKE '1%' THEN "digits"
		END AS "international"
	FROM "numbers"
)
SELECT split_part(btrim("f"."name"), ' ', 1),
	btrim(regexp_replace(btrim("f"."name"), '^\S+\s*', '')),
	"f"."email",
	"e"."phone",
	CASE WHEN "e"."international" !~ '^0' AND length("e"."international") BETWEEN 8 AND 15 THEN '+' || "e"."international" END,
	"e"."company",
	"f"."message",
	"f"."source",
	"c"."channels",
	"f"."created_at",
	"e"."last_at"
FROM "firsts" AS "f"
JOIN "channels" AS "c" ON "c"."email" = "f"."email"
JOIN "e164" AS "e" ON "e"."email" = "f"."email";
--> statement-breakpoint
INSERT INTO "lead_touchpoints" ("lead_id", "channel", "contact_submission_id", "summary", "occurred_at")
SELECT "l"."id", 'contact_form', "s"."id", "s"."inquiry_type"::text || ': ' || left("s"."message", 200), "s"."created_at"
FROM "contact_submissions" AS "s" JOIN "leads" AS "l" ON "l"."email" = lower(btrim("s"."email"));
--> statement-breakpoint
INSERT INTO "lead_touchpoints" ("lead_id", "channel", "appointment_id", "summary", "occurred_at")
SELECT "l"."id", 'consultation', "a"."id", "a"."appointment_type" || ' ' || "a"."appointment_date" || ' ' || "a"."appointment_time", "a"."created_at"
FROM "appointments" AS "a" JOIN "leads" AS "l" ON "l"."email" = lower(btrim("a"."customer_email"));
