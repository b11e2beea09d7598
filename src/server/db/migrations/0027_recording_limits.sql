ALTER TABLE "settings" ADD COLUMN "recording_lesson_max_mb" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recording_day_max_mb" integer DEFAULT 20000 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD COLUMN "failure_reason" text;