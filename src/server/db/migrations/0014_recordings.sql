CREATE TABLE "lesson_archive_chunks" (
	"archive_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"file_key" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "lesson_archive_chunks_archive_id_seq_pk" PRIMARY KEY("archive_id","seq")
);
--> statement-breakpoint
CREATE TABLE "lesson_archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"started_by" uuid NOT NULL,
	"stream_id" text DEFAULT 'camera' NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"last_chunk_at" timestamp with time zone,
	"next_seq" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"processing_since" timestamp with time zone,
	"file_key" text,
	"file_size" bigint,
	"duration_ms" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_archive_chunks" ADD CONSTRAINT "lesson_archive_chunks_archive_id_lesson_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."lesson_archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD CONSTRAINT "lesson_archives_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_archives" ADD CONSTRAINT "lesson_archives_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_archives_lesson_idx" ON "lesson_archives" USING btree ("lesson_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_archives_one_recording_key" ON "lesson_archives" USING btree ("lesson_id") WHERE "lesson_archives"."status" = 'recording';--> statement-breakpoint
CREATE INDEX "lesson_archives_unfinished_idx" ON "lesson_archives" USING btree ("status") WHERE "lesson_archives"."status" IN ('recording', 'processing');--> statement-breakpoint
CREATE INDEX "lesson_archives_expires_idx" ON "lesson_archives" USING btree ("expires_at");