CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"lesson_id" uuid,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"encoding" text NOT NULL,
	"segments" smallint NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"state" text NOT NULL,
	"reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_stops" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"reason" text NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sms_daily_user_max" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sms_daily_school_max" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_stops" ADD CONSTRAINT "sms_stops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_key_key" ON "sms_messages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_user_idx" ON "sms_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_lesson_idx" ON "sms_messages" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "sms_messages_provider_idx" ON "sms_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
ALTER TABLE "lesson_notifications" DROP CONSTRAINT "lesson_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "lesson_notifications" ADD CONSTRAINT "lesson_notifications_kind_check" CHECK ("kind" IN ('booked', 'first_reminder', 'second_reminder', 'cancelled', 'push_booked', 'push_soon', 'push_cancelled', 'sms_reminder', 'sms_cancelled'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_sms_caps_check" CHECK ("sms_daily_user_max" BETWEEN 0 AND 1000 AND "sms_daily_school_max" BETWEEN 0 AND 1000000);--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_state_check" CHECK ("state" IN ('sending', 'retrying', 'sent', 'delivered', 'failed', 'skipped'));
