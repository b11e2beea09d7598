ALTER TABLE "lesson_voice_recordings" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "operator_second_factors" ADD COLUMN "codes_kept_at" timestamp with time zone;--> statement-breakpoint
-- Clips kept before it keep no length (null): they are listed without one. Operators enrolled
-- before it keep their access: their codes were shown and the console opened.
UPDATE "operator_second_factors" SET "codes_kept_at" = "enabled_at" WHERE "enabled_at" IS NOT NULL;
