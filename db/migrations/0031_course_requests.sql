CREATE TYPE "public"."course_length" AS ENUM('short', 'standard', 'long');--> statement-breakpoint
CREATE TABLE "course_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"subject" text,
	"level" "course_level" NOT NULL,
	"length" "course_length" DEFAULT 'standard' NOT NULL,
	"source_id" integer,
	"course_id" integer,
	"failed_at" timestamp with time zone,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "topics_title_key";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "course_request_id" integer;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "learner_subject" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_requests" ADD CONSTRAINT "course_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_requests" ADD CONSTRAINT "course_requests_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_requests" ADD CONSTRAINT "course_requests_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_requests" ADD CONSTRAINT "course_requests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_requests_user_created_idx" ON "course_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_requests_course_id_key" ON "course_requests" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_requests_topic_id_idx" ON "course_requests" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "course_requests_source_id_idx" ON "course_requests" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "course_requests_created_at_idx" ON "course_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_course_request_id_course_requests_id_fk" FOREIGN KEY ("course_request_id") REFERENCES "public"."course_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_runs_course_request_id_idx" ON "generation_runs" USING btree ("course_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_learner_subject_title_key" ON "topics" USING btree (lower("title")) WHERE "topics"."learner_subject";--> statement-breakpoint
CREATE UNIQUE INDEX "topics_title_key" ON "topics" USING btree (lower("title")) WHERE NOT "topics"."learner_subject";