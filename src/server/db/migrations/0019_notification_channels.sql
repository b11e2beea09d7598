CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"weekdays" smallint[] DEFAULT '{}' NOT NULL,
	"from_minute" integer,
	"to_minute" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_notices" (
	"entry_id" uuid NOT NULL,
	"slot_starts_at" timestamp with time zone NOT NULL,
	"job_id" uuid NOT NULL,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_notices_entry_id_slot_starts_at_pk" PRIMARY KEY("entry_id","slot_starts_at")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_notices" ADD CONSTRAINT "waitlist_notices_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_student_teacher_key" ON "waitlist_entries" USING btree ("student_id","teacher_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_teacher_idx" ON "waitlist_entries" USING btree ("teacher_id","created_at");--> statement-breakpoint
ALTER TABLE "lesson_notifications" DROP CONSTRAINT "lesson_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "lesson_notifications" ADD CONSTRAINT "lesson_notifications_kind_check" CHECK ("kind" IN ('booked', 'first_reminder', 'second_reminder', 'cancelled', 'push_booked', 'push_soon', 'push_cancelled'));--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_token_hash_check" CHECK ("token_hash" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_endpoint_check" CHECK ("endpoint" LIKE 'http%' AND length("endpoint") <= 2048 AND length("p256dh") <= 256 AND length("auth") <= 64);--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_window_check" CHECK ((("from_minute" IS NULL) = ("to_minute" IS NULL)) AND ("from_minute" IS NULL OR ("from_minute" BETWEEN 0 AND 1440 AND "to_minute" BETWEEN 0 AND 1440 AND "from_minute" < "to_minute")) AND "weekdays" <@ ARRAY[1,2,3,4,5,6,7]::smallint[] AND "student_id" <> "teacher_id");
