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
ALTER TABLE "tutorial_views" ADD CONSTRAINT "tutorial_views_tutorial_id_tutorials_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "public"."tutorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutorial_views_day_idx" ON "tutorial_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tutorials_published_idx" ON "tutorials" USING btree ("published","created_at");