CREATE TABLE "class_waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"leave_token_hash" text NOT NULL,
	"offer_token_hash" text,
	"enrollment_id" uuid,
	"offered_at" timestamp with time zone,
	"offered_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_waitlist_status" CHECK ("class_waitlist"."status" in ('waiting', 'offered', 'claimed', 'expired', 'left'))
);
--> statement-breakpoint
ALTER TABLE "class_waitlist" ADD CONSTRAINT "class_waitlist_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_waitlist" ADD CONSTRAINT "class_waitlist_enrollment_id_class_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."class_enrollments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_waitlist_live_email_idx" ON "class_waitlist" USING btree ("class_id","email") WHERE "class_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX "class_waitlist_leave_token_idx" ON "class_waitlist" USING btree ("leave_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "class_waitlist_offer_token_idx" ON "class_waitlist" USING btree ("offer_token_hash");--> statement-breakpoint
CREATE INDEX "class_waitlist_class_status_idx" ON "class_waitlist" USING btree ("class_id","status","id");--> statement-breakpoint
CREATE INDEX "class_waitlist_enrollment_idx" ON "class_waitlist" USING btree ("enrollment_id");