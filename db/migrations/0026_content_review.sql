CREATE TYPE "public"."content_change_kind" AS ENUM('edited', 'regenerated', 'retired', 'replaced', 'added', 'removed');--> statement-breakpoint
CREATE TYPE "public"."regeneration_status" AS ENUM('pending', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "content_regenerations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_regenerations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"subsection_id" integer,
	"question_id" integer,
	"base_version" integer NOT NULL,
	"instruction" text,
	"status" "regeneration_status" DEFAULT 'pending' NOT NULL,
	"error" text,
	"replacement_id" integer,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "content_regenerations_one_target" CHECK (("content_regenerations"."subsection_id" IS NULL) <> ("content_regenerations"."question_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"subsection_id" integer,
	"question_id" integer,
	"version" integer NOT NULL,
	"kind" "content_change_kind" NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"instruction" text,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_one_target" CHECK (("content_versions"."subsection_id" IS NULL) <> ("content_versions"."question_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD CONSTRAINT "content_regenerations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD CONSTRAINT "content_regenerations_subsection_id_course_subsections_id_fk" FOREIGN KEY ("subsection_id") REFERENCES "public"."course_subsections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD CONSTRAINT "content_regenerations_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD CONSTRAINT "content_regenerations_replacement_id_quiz_questions_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."quiz_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_regenerations" ADD CONSTRAINT "content_regenerations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_subsection_id_course_subsections_id_fk" FOREIGN KEY ("subsection_id") REFERENCES "public"."course_subsections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_regenerations_pending_subsection_key" ON "content_regenerations" USING btree ("subsection_id") WHERE "content_regenerations"."status" = 'pending' AND "content_regenerations"."subsection_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_regenerations_pending_question_key" ON "content_regenerations" USING btree ("question_id") WHERE "content_regenerations"."status" = 'pending' AND "content_regenerations"."question_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_regenerations_course_idx" ON "content_regenerations" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "content_regenerations_requested_by_idx" ON "content_regenerations" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "content_regenerations_replacement_idx" ON "content_regenerations" USING btree ("replacement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_subsection_key" ON "content_versions" USING btree ("subsection_id","version") WHERE "content_versions"."subsection_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_question_key" ON "content_versions" USING btree ("question_id","version") WHERE "content_versions"."question_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_versions_course_idx" ON "content_versions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "content_versions_changed_by_idx" ON "content_versions" USING btree ("changed_by");