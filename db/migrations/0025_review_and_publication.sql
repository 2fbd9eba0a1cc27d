CREATE TYPE "public"."course_publication" AS ENUM('draft', 'published', 'paused');--> statement-breakpoint
CREATE TYPE "public"."generation_review" AS ENUM('off', 'required');--> statement-breakpoint
ALTER TABLE "course_sections" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "publication" "course_publication" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "generation_review" "generation_review";