CREATE TYPE "public"."report_outcome" AS ENUM('edited', 'rewritten', 'removed', 'no_change', 'dismissed');--> statement-breakpoint
ALTER TYPE "public"."content_change_kind" ADD VALUE 'restored';--> statement-breakpoint
ALTER TYPE "public"."regeneration_status" ADD VALUE 'in_review';--> statement-breakpoint
ALTER TYPE "public"."regeneration_status" ADD VALUE 'discarded';--> statement-breakpoint
ALTER TYPE "public"."regeneration_status" ADD VALUE 'restored';--> statement-breakpoint
DROP INDEX "content_regenerations_pending_subsection_key";--> statement-breakpoint
DROP INDEX "content_regenerations_pending_question_key";--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "outcome" "report_outcome";--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD CONSTRAINT "content_regenerations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_regenerations_open_subsection_key" ON "content_regenerations" USING btree ("subsection_id") WHERE "content_regenerations"."status" NOT IN ('done', 'failed') AND "content_regenerations"."decided_at" IS NULL AND "content_regenerations"."subsection_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_regenerations_open_question_key" ON "content_regenerations" USING btree ("question_id") WHERE "content_regenerations"."status" NOT IN ('done', 'failed') AND "content_regenerations"."decided_at" IS NULL AND "content_regenerations"."question_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_regenerations_decided_by_idx" ON "content_regenerations" USING btree ("decided_by");--> statement-breakpoint
-- Reports resolved before outcomes were kept: "fixed" from the queue is a change when the lesson or item was changed between the report and its resolution.
UPDATE "content_reports" r SET "outcome" = (CASE r."resolution"::text
    WHEN 'dismissed' THEN 'dismissed' WHEN 'edited' THEN 'edited' WHEN 'regenerated' THEN 'rewritten'
    ELSE coalesce((SELECT CASE v."kind"::text WHEN 'retired' THEN 'removed' WHEN 'regenerated' THEN 'rewritten' WHEN 'replaced' THEN 'rewritten' ELSE 'edited' END
                     FROM "content_versions" v
                    WHERE (v."subsection_id" = r."subsection_id" OR v."question_id" = r."question_id") AND v."created_at" BETWEEN r."created_at" AND r."resolved_at"
                    ORDER BY v."created_at" DESC, v."version" DESC LIMIT 1), 'no_change')
  END)::"report_outcome"
 WHERE r."resolved_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_outcome" CHECK (("content_reports"."outcome" IS NULL) = ("content_reports"."resolved_at" IS NULL));