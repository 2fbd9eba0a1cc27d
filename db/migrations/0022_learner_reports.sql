CREATE TYPE "public"."report_reason" AS ENUM('wrong', 'unclear', 'typo', 'answer_key', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_resolution" AS ENUM('dismissed', 'fixed', 'edited', 'regenerated');--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"subsection_id" integer,
	"question_id" integer,
	"reason" "report_reason" NOT NULL,
	"note" text,
	"resolution" "report_resolution",
	"resolution_note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reports_one_target" CHECK (("content_reports"."subsection_id" IS NULL) <> ("content_reports"."question_id" IS NULL)),
	CONSTRAINT "content_reports_note_length" CHECK (char_length("content_reports"."note") <= 1000),
	CONSTRAINT "content_reports_resolved" CHECK (("content_reports"."resolution" IS NULL) = ("content_reports"."resolved_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "question_flag_reviews" (
	"question_id" integer PRIMARY KEY NOT NULL,
	"flag" text NOT NULL,
	"resolution" "report_resolution" NOT NULL,
	"note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_subsection_id_course_subsections_id_fk" FOREIGN KEY ("subsection_id") REFERENCES "public"."course_subsections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_flag_reviews" ADD CONSTRAINT "question_flag_reviews_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_flag_reviews" ADD CONSTRAINT "question_flag_reviews_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_subsection_key" ON "content_reports" USING btree ("user_id","subsection_id") WHERE "content_reports"."resolved_at" IS NULL AND "content_reports"."subsection_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_question_key" ON "content_reports" USING btree ("user_id","question_id") WHERE "content_reports"."resolved_at" IS NULL AND "content_reports"."question_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "content_reports_user_created_idx" ON "content_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "content_reports_subsection_idx" ON "content_reports" USING btree ("subsection_id","resolved_at");--> statement-breakpoint
CREATE INDEX "content_reports_question_idx" ON "content_reports" USING btree ("question_id","resolved_at");--> statement-breakpoint
CREATE INDEX "content_reports_resolved_by_idx" ON "content_reports" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "question_flag_reviews_resolved_by_idx" ON "question_flag_reviews" USING btree ("resolved_by");