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
CREATE INDEX "chat_conversations_updated_idx" ON "chat_conversations" USING btree ("updated_at");