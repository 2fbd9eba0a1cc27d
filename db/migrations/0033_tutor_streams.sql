CREATE TABLE "tutor_streams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tutor_streams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"reserved_tokens" integer NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_streams" ADD CONSTRAINT "tutor_streams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutor_streams_user_id_idx" ON "tutor_streams" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tutor_streams_day_idx" ON "tutor_streams" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tutor_streams_lease_until_idx" ON "tutor_streams" USING btree ("lease_until");