CREATE TABLE "quiz_draw_items" (
	"draw_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	"options" text[] NOT NULL,
	"first_choice" text,
	"second_choice" text,
	"final_at" timestamp with time zone,
	CONSTRAINT "quiz_draw_items_draw_id_position_pk" PRIMARY KEY("draw_id","position")
);
--> statement-breakpoint
CREATE TABLE "quiz_draws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"section_index" integer NOT NULL,
	"counts_toward_pass" boolean NOT NULL,
	"next_counting_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_reveals" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"revealed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_reveals_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "concept_mastery" ADD COLUMN "last_correct" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_draw_items" ADD CONSTRAINT "quiz_draw_items_draw_id_quiz_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."quiz_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draw_items" ADD CONSTRAINT "quiz_draw_items_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_reveals" ADD CONSTRAINT "quiz_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_reveals" ADD CONSTRAINT "quiz_reveals_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_draw_items_draw_question_key" ON "quiz_draw_items" USING btree ("draw_id","question_id");--> statement-breakpoint
CREATE INDEX "quiz_draw_items_question_id_idx" ON "quiz_draw_items" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_draws_user_course_section_key" ON "quiz_draws" USING btree ("user_id","course_id","section_index");--> statement-breakpoint
CREATE INDEX "quiz_draws_course_id_idx" ON "quiz_draws" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "quiz_reveals_question_id_idx" ON "quiz_reveals" USING btree ("question_id");--> statement-breakpoint
-- Every item answered before this migration had its key shown on the attempt's results: it is revealed.
INSERT INTO "quiz_reveals" ("user_id", "question_id", "revealed_at")
SELECT a."user_id", qa."question_id", max(a."created_at")
FROM "quiz_answers" qa JOIN "quiz_attempts" a ON a."id" = qa."attempt_id"
GROUP BY a."user_id", qa."question_id";--> statement-breakpoint
-- Whether a concept's latest answer was right was not stored: below an even chance reads as a miss.
UPDATE "concept_mastery" SET "last_correct" = ("rating" >= 0) WHERE "answers" > 0;
