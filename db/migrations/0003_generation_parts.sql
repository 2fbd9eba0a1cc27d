CREATE TABLE "generation_live_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generation_live_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer,
	"topic_id" integer,
	"step" text NOT NULL,
	"section_index" integer,
	"subsection_index" integer,
	"model" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"first_token_at" timestamp with time zone,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_parts" (
	"course_id" integer NOT NULL,
	"section_index" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"questions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_parts_course_id_section_index_position_pk" PRIMARY KEY("course_id","section_index","position")
);
--> statement-breakpoint
ALTER TABLE "generation_runs" ADD COLUMN "subsection_index" integer;--> statement-breakpoint
ALTER TABLE "generation_live_calls" ADD CONSTRAINT "generation_live_calls_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_live_calls" ADD CONSTRAINT "generation_live_calls_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_parts" ADD CONSTRAINT "generation_parts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_live_calls_updated_at_idx" ON "generation_live_calls" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "generation_sections" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "generation_sections" DROP COLUMN "generated_at";