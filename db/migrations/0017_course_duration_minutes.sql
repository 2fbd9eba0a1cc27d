ALTER TABLE "courses" ADD COLUMN "duration_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "duration_hours";