CREATE TABLE "lesson_notifications" (
	"lesson_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"job_id" uuid NOT NULL,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_notifications_lesson_id_kind_recipient_pk" PRIMARY KEY("lesson_id","kind","recipient")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "first_reminder_minutes" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "second_reminder_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_notifications" ADD CONSTRAINT "lesson_notifications_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_notifications" ADD CONSTRAINT "lesson_notifications_kind_check" CHECK ("kind" IN ('booked', 'first_reminder', 'second_reminder', 'cancelled'));--> statement-breakpoint
ALTER TABLE "lesson_notifications" ADD CONSTRAINT "lesson_notifications_recipient_check" CHECK ("recipient" IN ('teacher', 'student'));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_reminders_check" CHECK ("first_reminder_minutes" BETWEEN 0 AND 20160 AND "second_reminder_minutes" BETWEEN 0 AND 20160);
