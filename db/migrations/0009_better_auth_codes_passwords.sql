-- Issue 19, the rest of the move to Better Auth:
-- * one-time codes go to its email-OTP plugin (rows in "verifications"); codes in flight are not
--   moved: they live 10 minutes, and whoever was waiting for one asks for a new code;
-- * auth_rate_limits: its rate limiter's counters (database storage);
-- * passwords go to its "credential" accounts (account id = user id), copied before the column goes.
CREATE TABLE "auth_rate_limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_rate_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limits_key_key" UNIQUE("key")
);
--> statement-breakpoint
DROP TABLE "verification_codes" CASCADE;--> statement-breakpoint
INSERT INTO "accounts" ("account_id", "provider_id", "user_id", "password", "created_at", "updated_at")
SELECT "id"::text, 'credential', "id", "password_hash", "created_at", now() FROM "users" WHERE "password_hash" <> ''
ON CONFLICT ("provider_id", "account_id") DO UPDATE SET "password" = EXCLUDED."password";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "password_hash";--> statement-breakpoint
DROP TYPE "public"."code_purpose";