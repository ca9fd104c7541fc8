CREATE TABLE "class_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" integer NOT NULL,
	"user_id" text,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"enrollment_status" text DEFAULT 'reserved' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"enrolled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"certificate_url" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_enrollments_status" CHECK ("class_enrollments"."enrollment_status" in ('reserved', 'active', 'cancelled')),
	CONSTRAINT "class_enrollments_payment_status" CHECK ("class_enrollments"."payment_status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "class_enrollments_amount" CHECK ("class_enrollments"."amount_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_fr" text NOT NULL,
	"description_en" text NOT NULL,
	"description_fr" text NOT NULL,
	"instructor_name" text NOT NULL,
	"instructor_bio_en" text DEFAULT '' NOT NULL,
	"instructor_bio_fr" text DEFAULT '' NOT NULL,
	"category_en" text DEFAULT 'General' NOT NULL,
	"category_fr" text DEFAULT 'Général' NOT NULL,
	"level" text DEFAULT 'beginner' NOT NULL,
	"duration_en" text NOT NULL,
	"duration_fr" text NOT NULL,
	"format" text DEFAULT 'online' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"price" integer NOT NULL,
	"max_students" integer,
	"current_enrollment" integer DEFAULT 0 NOT NULL,
	"featured_image" text,
	"syllabus_en" text DEFAULT '' NOT NULL,
	"syllabus_fr" text DEFAULT '' NOT NULL,
	"prerequisites_en" text DEFAULT '' NOT NULL,
	"prerequisites_fr" text DEFAULT '' NOT NULL,
	"requirements_en" text DEFAULT '' NOT NULL,
	"requirements_fr" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"schedule_days" text[] DEFAULT '{}'::text[] NOT NULL,
	"schedule_time" text,
	"location_en" text DEFAULT '' NOT NULL,
	"location_fr" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_enrollment_within_seats" CHECK ("classes"."current_enrollment" >= 0 and ("classes"."max_students" is null or "classes"."current_enrollment" <= "classes"."max_students")),
	CONSTRAINT "classes_price" CHECK ("classes"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tutorial_views" (
	"tutorial_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "tutorial_views_tutorial_id_visitor_day_pk" PRIMARY KEY("tutorial_id","visitor","day")
);
--> statement-breakpoint
CREATE TABLE "tutorials" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_fr" text NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"summary_fr" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"content_fr" text DEFAULT '' NOT NULL,
	"category_en" text NOT NULL,
	"category_fr" text NOT NULL,
	"tags_en" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags_fr" text[] DEFAULT '{}'::text[] NOT NULL,
	"difficulty" text DEFAULT 'beginner' NOT NULL,
	"estimated_minutes" integer,
	"featured_image" text,
	"video_url" text,
	"published" boolean DEFAULT false NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_enrollments" ADD CONSTRAINT "class_enrollments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorial_views" ADD CONSTRAINT "tutorial_views_tutorial_id_tutorials_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "public"."tutorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_enrollments_class_status_idx" ON "class_enrollments" USING btree ("class_id","enrollment_status","reserved_until");--> statement-breakpoint
CREATE INDEX "classes_active_start_idx" ON "classes" USING btree ("active","start_date");--> statement-breakpoint
CREATE INDEX "tutorial_views_day_idx" ON "tutorial_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tutorials_published_idx" ON "tutorials" USING btree ("published","created_at");