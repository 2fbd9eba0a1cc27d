ALTER TABLE "generation_parts" ADD COLUMN "passages" jsonb;--> statement-breakpoint
ALTER TABLE "generation_parts" ADD COLUMN "flags" jsonb;