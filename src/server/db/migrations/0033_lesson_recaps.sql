CREATE TABLE "lesson_recaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"archive_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"transcript" jsonb,
	"content" jsonb,
	"failure_reason" text,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_recaps_archive_id_unique" UNIQUE("archive_id")
);
--> statement-breakpoint
ALTER TABLE "lesson_archive_chunks" DROP CONSTRAINT "lesson_archive_chunks_archive_id_seq_pk";--> statement-breakpoint
ALTER TABLE "lesson_archive_chunks" ADD COLUMN "track" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_archive_chunks" ADD CONSTRAINT "lesson_archive_chunks_archive_id_track_seq_pk" PRIMARY KEY("archive_id","track","seq");--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recap_daily_max" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "recap_publish_after_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_words" ADD COLUMN "lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD COLUMN "audio_next_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD COLUMN "audio_file_key" text;--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD COLUMN "audio_size" bigint;--> statement-breakpoint
ALTER TABLE "lesson_recaps" ADD CONSTRAINT "lesson_recaps_archive_id_lesson_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."lesson_archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_recaps" ADD CONSTRAINT "lesson_recaps_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_recaps_lesson_idx" ON "lesson_recaps" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lesson_recaps_started_idx" ON "lesson_recaps" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "ai_words" ADD CONSTRAINT "ai_words_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;