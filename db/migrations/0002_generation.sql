CREATE TABLE "generation_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer,
	"topic_id" integer,
	"step" text NOT NULL,
	"section_index" integer,
	"attempt" integer DEFAULT 0 NOT NULL,
	"model" text,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_sections" (
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"subsection_titles" text[] NOT NULL,
	"content" jsonb,
	"generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_sections_course_id_position_pk" PRIMARY KEY("course_id","position")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "generation_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "requested_by" integer;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "concept" text;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_runs" ADD CONSTRAINT "generation_runs_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD CONSTRAINT "generation_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_runs_course_id_idx" ON "generation_runs" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "generation_runs_topic_id_idx" ON "generation_runs" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "generation_runs_created_at_idx" ON "generation_runs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_requested_by_idx" ON "courses" USING btree ("requested_by");