ALTER TYPE "public"."content_change_kind" ADD VALUE 'approved';--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "in_review_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "quiz_questions_in_review_idx" ON "quiz_questions" USING btree ("section_id") WHERE "quiz_questions"."in_review_since" IS NOT NULL;