CREATE TABLE "absence_reports" (
	"lesson_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"absentee_id" uuid NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_reports_lesson_id_reporter_id_pk" PRIMARY KEY("lesson_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"owner_role" text NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_ratings" (
	"lesson_id" uuid PRIMARY KEY NOT NULL,
	"value" smallint NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teacher_penalties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "is_group" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "teacher_memos" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "student_memos" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "average_rating" real;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ratings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_absentee_id_users_id_fk" FOREIGN KEY ("absentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_files" ADD CONSTRAINT "lesson_files_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_ratings" ADD CONSTRAINT "lesson_ratings_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_penalties" ADD CONSTRAINT "teacher_penalties_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_penalties" ADD CONSTRAINT "teacher_penalties_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_files_lesson_idx" ON "lesson_files" USING btree ("lesson_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_files_storage_key_key" ON "lesson_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "teacher_penalties_teacher_idx" ON "teacher_penalties" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_penalties_lesson_reason_key" ON "teacher_penalties" USING btree ("lesson_id","reason");--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit CHECK constraints here): the text limits of
-- product-rules.md "Validation" (255 characters for notes, memos, the cancellation reason, rating
-- comments and absence notes; file names likewise) and the rating scale 1–5 (product-rules.md
-- "Constants and limits").
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_texts_length" CHECK (char_length("note") <= 255 AND char_length("teacher_memos") <= 255 AND char_length("student_memos") <= 255 AND char_length("cancellation_reason") <= 255);--> statement-breakpoint
ALTER TABLE "lesson_ratings" ADD CONSTRAINT "lesson_ratings_value_range" CHECK ("value" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "lesson_ratings" ADD CONSTRAINT "lesson_ratings_comment_length" CHECK (char_length("comment") <= 255);--> statement-breakpoint
ALTER TABLE "lesson_files" ADD CONSTRAINT "lesson_files_filename_length" CHECK (char_length("filename") BETWEEN 1 AND 255);--> statement-breakpoint
ALTER TABLE "lesson_files" ADD CONSTRAINT "lesson_files_size_positive" CHECK ("size" >= 0);--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_note_length" CHECK (char_length("note") <= 255);--> statement-breakpoint
ALTER TABLE "absence_reports" ADD CONSTRAINT "absence_reports_not_self" CHECK ("absentee_id" <> "reporter_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ratings_count_positive" CHECK ("ratings_count" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_average_rating_range" CHECK ("average_rating" BETWEEN 1 AND 5);
