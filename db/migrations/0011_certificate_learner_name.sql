-- A certificate keeps the learner's name as issued: existing ones take the name they show today.
ALTER TABLE "certificates" ADD COLUMN "learner_name" text;--> statement-breakpoint
UPDATE "certificates" SET "learner_name" = trim(u.first_name || ' ' || u.last_name) FROM "users" u WHERE u.id = "certificates"."user_id";--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "learner_name" SET NOT NULL;
