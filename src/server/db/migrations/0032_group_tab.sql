DROP INDEX "lesson_files_storage_key_key";--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "group_absent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lesson_files_storage_key_idx" ON "lesson_files" USING btree ("storage_key");