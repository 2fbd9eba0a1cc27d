CREATE TYPE "public"."goal_kind" AS ENUM('lessons', 'reviews');--> statement-breakpoint
CREATE TABLE "learner_goals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"goal_kind" "goal_kind" DEFAULT 'lessons' NOT NULL,
	"daily_goal" smallint,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminder_hour" smallint DEFAULT 18 NOT NULL,
	"time_zone" text NOT NULL,
	"last_reminded_on" date,
	"next_reminder_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_goals_daily_goal_range" CHECK ("learner_goals"."daily_goal" BETWEEN 1 AND 50),
	CONSTRAINT "learner_goals_reminder_hour_range" CHECK ("learner_goals"."reminder_hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE TABLE "lesson_reads" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"section_index" integer NOT NULL,
	"subsection_index" integer NOT NULL,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_reads_user_id_course_id_section_index_subsection_index_pk" PRIMARY KEY("user_id","course_id","section_index","subsection_index")
);
--> statement-breakpoint
ALTER TABLE "learner_goals" ADD CONSTRAINT "learner_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reads" ADD CONSTRAINT "lesson_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reads" ADD CONSTRAINT "lesson_reads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_goals_next_reminder_idx" ON "learner_goals" USING btree ("next_reminder_at") WHERE "learner_goals"."next_reminder_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lesson_reads_user_read_idx" ON "lesson_reads" USING btree ("user_id","first_read_at");--> statement-breakpoint
CREATE INDEX "lesson_reads_course_id_idx" ON "lesson_reads" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "review_cards_user_last_review_idx" ON "review_cards" USING btree ("user_id","last_review");