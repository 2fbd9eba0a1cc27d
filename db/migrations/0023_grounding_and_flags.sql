CREATE TYPE "public"."content_flag_kind" AS ENUM('grounding', 'citation', 'judge');--> statement-breakpoint
CREATE TYPE "public"."content_flag_severity" AS ENUM('major', 'minor');--> statement-breakpoint
CREATE TABLE "content_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"subsection_id" integer,
	"question_id" integer,
	"kind" "content_flag_kind" NOT NULL,
	"severity" "content_flag_severity" NOT NULL,
	"message" text NOT NULL,
	"resolution" "report_resolution",
	"resolution_note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_flags_one_target" CHECK (("content_flags"."subsection_id" IS NULL) <> ("content_flags"."question_id" IS NULL)),
	CONSTRAINT "content_flags_resolved" CHECK (("content_flags"."resolution" IS NULL) = ("content_flags"."resolved_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "course_sources" (
	"course_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	CONSTRAINT "course_sources_course_id_source_id_pk" PRIMARY KEY("course_id","source_id")
);
--> statement-breakpoint
CREATE TABLE "subsection_citations" (
	"subsection_id" integer NOT NULL,
	"number" integer NOT NULL,
	"passage_id" integer,
	CONSTRAINT "subsection_citations_subsection_id_number_pk" PRIMARY KEY("subsection_id","number"),
	CONSTRAINT "subsection_citations_number_positive" CHECK ("subsection_citations"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "passage_id" integer;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_subsection_id_course_subsections_id_fk" FOREIGN KEY ("subsection_id") REFERENCES "public"."course_subsections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sources" ADD CONSTRAINT "course_sources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sources" ADD CONSTRAINT "course_sources_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsection_citations" ADD CONSTRAINT "subsection_citations_subsection_id_course_subsections_id_fk" FOREIGN KEY ("subsection_id") REFERENCES "public"."course_subsections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsection_citations" ADD CONSTRAINT "subsection_citations_passage_id_source_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."source_passages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_flags_course_idx" ON "content_flags" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "content_flags_open_subsection_idx" ON "content_flags" USING btree ("subsection_id") WHERE "content_flags"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "content_flags_open_question_idx" ON "content_flags" USING btree ("question_id") WHERE "content_flags"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "content_flags_resolved_by_idx" ON "content_flags" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "course_sources_source_idx" ON "course_sources" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "subsection_citations_passage_idx" ON "subsection_citations" USING btree ("passage_id");--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_passage_id_source_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."source_passages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_questions_passage_idx" ON "quiz_questions" USING btree ("passage_id");