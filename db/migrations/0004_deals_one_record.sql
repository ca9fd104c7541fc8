ALTER TABLE "hot_deals" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "hot_deals" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "hot_deals" DROP COLUMN "service_name";--> statement-breakpoint
ALTER TABLE "hot_deals" DROP COLUMN "language";