CREATE TABLE "availability_rules" (
	"teacher_id" uuid PRIMARY KEY NOT NULL,
	"weekly" jsonb,
	"dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_slots_teacher_starts_key" ON "time_slots" USING btree ("teacher_id","starts_at");--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit these; docs/decisions.md): a slot ends after it starts,
-- and no two slots of one teacher overlap (btree_gist is created by openDatabase's migrate).
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_ends_after_starts" CHECK ("ends_at" > "starts_at");--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_no_overlap" EXCLUDE USING gist ("teacher_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&);
