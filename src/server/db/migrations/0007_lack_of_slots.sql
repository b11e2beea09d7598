CREATE TABLE "lack_of_slots_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"criteria" text NOT NULL,
	"reported_on" date NOT NULL,
	"student_full_name" text NOT NULL,
	"student_email" text NOT NULL,
	"student_phone_number" text,
	"teaching_language" text NOT NULL,
	"taught_language" text NOT NULL,
	"level" text NOT NULL,
	"specialization" text,
	"date" date NOT NULL,
	"hour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lack_of_slots_reports" ADD CONSTRAINT "lack_of_slots_reports_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lack_of_slots_reports_once_a_day_key" ON "lack_of_slots_reports" USING btree ("student_id","criteria","reported_on");--> statement-breakpoint
CREATE INDEX "lack_of_slots_reports_created_idx" ON "lack_of_slots_reports" USING btree ("created_at");