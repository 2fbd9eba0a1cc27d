CREATE TABLE "two_factor_recoveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "two_factor_recoveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"two_factor_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"device" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factors" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "two_factor_recoveries" ADD CONSTRAINT "two_factor_recoveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_recoveries" ADD CONSTRAINT "two_factor_recoveries_two_factor_id_two_factors_id_fk" FOREIGN KEY ("two_factor_id") REFERENCES "public"."two_factors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recoveries_user_id_key" ON "two_factor_recoveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_recoveries_ends_at_idx" ON "two_factor_recoveries" USING btree ("ends_at");