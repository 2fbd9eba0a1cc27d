-- One-time codes move to Better Auth's email-OTP plugin (rows in "verifications"). Codes in flight
-- are not moved: they live 10 minutes, and whoever was waiting for one asks for a new code.
-- auth_rate_limits: Better Auth's rate limiter, database storage (lib/auth/better-auth.ts).
CREATE TABLE "auth_rate_limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_rate_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limits_key_key" UNIQUE("key")
);
--> statement-breakpoint
DROP TABLE "verification_codes" CASCADE;--> statement-breakpoint
DROP TYPE "public"."code_purpose";