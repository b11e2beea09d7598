ALTER TABLE "lesson_voice_recordings" ADD COLUMN "duration_ms" integer;-- Clips kept before it keep no length (null): they are listed without one.
