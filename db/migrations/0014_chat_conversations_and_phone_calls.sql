CREATE TABLE "phone_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"twilio_call_id" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"status" text NOT NULL,
	"duration" integer,
	"transcript" text,
	"summary" text,
	"lead_captured" text DEFAULT 'no' NOT NULL,
	"follow_up_required" text DEFAULT 'no' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"lead_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flow" jsonb,
	"outcome" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"turns" integer DEFAULT 0 NOT NULL,
	"last_reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "phone_calls_twilio_call_idx" ON "phone_calls" USING btree ("twilio_call_id");--> statement-breakpoint
CREATE INDEX "phone_calls_created_idx" ON "phone_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_conversations_updated_idx" ON "chat_conversations" USING btree ("updated_at");